import { Type, type Static } from 'typebox';

/**
 * Environment variables on the wire: Qinglong's field names (`remarks`, `isPinned`, `status` 0 normal / 1 disabled,
 * `position`). The list carries the values: Qinglong's clients read them. Masking belongs to the screen.
 */
export const Env = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  value: Type.String(),
  remarks: Type.Union([Type.String(), Type.Null()]),
  status: Type.Integer(),
  position: Type.Number(),
  isPinned: Type.Integer(),
  labels: Type.Array(Type.String()),
  timestamp: Type.String(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type Env = Static<typeof Env>;

/**
 * Most bytes one variable may take in a run, as `NAME=value` with its NUL: Linux's MAX_ARG_STRLEN (32 pages of
 * 4 KiB). execve() refuses a longer string; the panel refuses writes past it and the form says so at the field.
 */
export const maxVariableBytes = 128 * 1024;

const Labels = Type.Array(Type.String({ maxLength: 50 }), { maxItems: 50 });

/** One variable of POST /api/envs and of an imported file. The name rule is checked by the service (spec message). */
export const EnvInput = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200 }),
  value: Type.String({ maxLength: 1_000_000 }),
  remarks: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])),
  labels: Type.Optional(Type.Union([Labels, Type.Null()])),
});
export type EnvInput = Static<typeof EnvInput>;

/** PUT /api/envs: fields left out keep their value. */
export const EnvUpdateInput = Type.Object({
  id: Type.Integer(),
  name: Type.Optional(EnvInput.properties.name),
  value: Type.Optional(EnvInput.properties.value),
  remarks: EnvInput.properties.remarks,
  labels: EnvInput.properties.labels,
});
export type EnvUpdateInput = Static<typeof EnvUpdateInput>;

export const EnvMoveInput = Type.Object({
  fromIndex: Type.Integer({ minimum: 0 }),
  toIndex: Type.Integer({ minimum: 0 }),
});
