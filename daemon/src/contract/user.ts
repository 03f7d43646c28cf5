import { Type, type Static } from 'typebox';
import { passwordMaxLength, usernameMaxLength } from './enums.ts';

const Username = Type.String({ minLength: 1, maxLength: usernameMaxLength, pattern: '\\S' });
/** Length beyond 1 is checked by the service, after the 'admin' rule, so that rule's message is the one shown. */
const Password = Type.String({ minLength: 1, maxLength: passwordMaxLength });
const Code = Type.String({ pattern: '^[0-9]{6}$' });

export const InitBody = Type.Object({
  username: Username,
  password: Password,
  confirmPassword: Type.Optional(Type.String({ maxLength: passwordMaxLength })),
});
export type InitBody = Static<typeof InitBody>;

export const LoginBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 200 }),
  password: Type.String({ minLength: 1, maxLength: 200 }),
});
export type LoginBody = Static<typeof LoginBody>;

export const TwoFactorLoginBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 200 }),
  password: Type.String({ minLength: 1, maxLength: 200 }),
  code: Code,
});
export type TwoFactorLoginBody = Static<typeof TwoFactorLoginBody>;

export const LoginResult = Type.Object({
  token: Type.String(),
  retries: Type.Number(),
  lastip: Type.Optional(Type.String()),
  lastaddr: Type.Optional(Type.String()),
  lastlogon: Type.Optional(Type.Number()),
  platform: Type.Optional(Type.String()),
});
export type LoginResult = Static<typeof LoginResult>;

export const UserInfo = Type.Object({
  username: Type.String(),
  avatar: Type.Union([Type.String(), Type.Null()]),
  twoFactorActivated: Type.Boolean(),
});
export type UserInfo = Static<typeof UserInfo>;

/** Change username and/or password. The current password is required to change either. */
export const UpdateUserBody = Type.Object({
  username: Username,
  /** Empty or absent: keep the current password. */
  password: Type.Optional(Type.String({ maxLength: passwordMaxLength })),
  confirmPassword: Type.Optional(Type.String({ maxLength: passwordMaxLength })),
  oldPassword: Type.String({ minLength: 1, maxLength: passwordMaxLength }),
});
export type UpdateUserBody = Static<typeof UpdateUserBody>;

export const TwoFactorInit = Type.Object({ secret: Type.String(), url: Type.String() });
export type TwoFactorInit = Static<typeof TwoFactorInit>;

export const TwoFactorActiveBody = Type.Object({ code: Code });
export type TwoFactorActiveBody = Static<typeof TwoFactorActiveBody>;

export const LoginLogEntry = Type.Object({
  id: Type.Number(),
  timestamp: Type.Number(),
  address: Type.String(),
  ip: Type.String(),
  platform: Type.String(),
  device: Type.String(),
  status: Type.Number(),
});
export type LoginLogEntry = Static<typeof LoginLogEntry>;
