import { Type, type Static } from 'typebox';

export const SystemInfo = Type.Object({
  isInitialized: Type.Boolean(),
  version: Type.String(),
});
export type SystemInfo = Static<typeof SystemInfo>;

export const Health = Type.Object({
  status: Type.Literal('ok'),
  uptime: Type.Number(),
});
export type Health = Static<typeof Health>;
