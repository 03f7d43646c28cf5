import { Type, type TSchema } from 'typebox';

/** `{code: 200, data}`: the success shape every Qinglong client expects. */
export const Ok = <T extends TSchema>(data: T) => Type.Object({ code: Type.Literal(200), data });

/** `{code, message, error}` plus optional payload and field errors. */
export const Failure = Type.Object({
  code: Type.Number(),
  message: Type.String(),
  error: Type.String(),
  data: Type.Optional(Type.Unknown()),
  errors: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))),
});

/** Error replies every route may give. */
export const failures = { '4xx': Failure, '5xx': Failure } as const;
