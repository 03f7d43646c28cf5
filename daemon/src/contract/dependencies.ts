import { Type, type Static } from 'typebox';

/**
 * Dependencies on the wire: Qinglong's fields. `type` 0 nodejs / 1 python3 / 2 linux; `status` as DependencyStatus.
 * `log` (the end of the last install or removal, as lines that join with '') only in GET /api/dependencies/:id.
 */
export const Dependency = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  type: Type.Integer(),
  status: Type.Integer(),
  remark: Type.Union([Type.String(), Type.Null()]),
  log_path: Type.Union([Type.String(), Type.Null()]),
  timestamp: Type.String(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  log: Type.Optional(Type.Array(Type.String())),
});
export type Dependency = Static<typeof Dependency>;

/** A type as a number (Qinglong) or its name. */
export const DependencyTypeInput = Type.Union([
  Type.Integer({ minimum: 0, maximum: 2 }),
  Type.Union([Type.Literal('nodejs'), Type.Literal('python3'), Type.Literal('linux')]),
]);

export const DependencyInput = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 10_000, pattern: '\\S' }),
  type: DependencyTypeInput,
  remark: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])),
  /** Split the name on new lines and `&` into several dependencies (the screen's "auto split"). */
  autoSplit: Type.Optional(Type.Boolean()),
});
export type DependencyInput = Static<typeof DependencyInput>;

export const DependencyUpdateInput = Type.Object({
  id: Type.Integer(),
  name: Type.String({ minLength: 1, maxLength: 500, pattern: '\\S' }),
  type: DependencyTypeInput,
  remark: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])),
});
export type DependencyUpdateInput = Static<typeof DependencyUpdateInput>;

/** The settings of the dependencies area (Qinglong's systemConfig keys). Empty string = not set. */
export const DependencySettings = Type.Object({
  dependenceProxy: Type.String(),
  nodeMirror: Type.String(),
  pythonMirror: Type.String(),
  linuxMirror: Type.String(),
});
export type DependencySettings = Static<typeof DependencySettings>;
