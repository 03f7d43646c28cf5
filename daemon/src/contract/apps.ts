import { Type, type Static } from 'typebox';
import { appScopes, type AppScope as Scope } from './access.ts';

/**
 * Applications of the open API (Qinglong's "apps"): a name, the module scopes it may use, and a client id/secret
 * pair it trades for bearer tokens at GET /open/auth/token. The secret is shown once (on create and on reset) and
 * kept hashed, so no list or read ever carries it.
 */

/**
 * Names no application may take (compared without case or surrounding blanks): `system` is Qinglong's built-in app
 * that its own shell commands use, and a user app by that name would be hidden from Qinglong's list.
 */
export const reservedAppNames: readonly string[] = ['system'];

/** Qinglong's lengths: old clients and scripts check them. */
export const clientIdLength = 12;
export const clientSecretLength = 24;
/** A token lives 30 days (Qinglong's), and an app holds at most this many at once: a new one drops the oldest. */
export const appTokenLifetimeSeconds = 30 * 24 * 60 * 60;
export const maxTokensPerApp = 5;

export const AppScope = Type.Unsafe<Scope>(Type.String({ enum: [...appScopes] }));

export const App = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  scopes: Type.Array(AppScope),
  client_id: Type.String(),
  /** Live tokens right now (not their values). */
  tokens: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type App = Static<typeof App>;

/** What create and reset answer: the app with its secret, the one time it is ever shown. */
export const AppWithSecret = Type.Intersect([App, Type.Object({ client_secret: Type.String() })]);
export type AppWithSecret = Static<typeof AppWithSecret>;

const Name = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' });
const Scopes = Type.Array(AppScope, { maxItems: appScopes.length, uniqueItems: true });

export const AppInput = Type.Object({ name: Name, scopes: Scopes });
export type AppInput = Static<typeof AppInput>;

export const AppUpdateInput = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  name: Type.Optional(Name),
  scopes: Type.Optional(Scopes),
});
export type AppUpdateInput = Static<typeof AppUpdateInput>;

export const TokenQuery = Type.Object({
  client_id: Type.String({ minLength: 1, maxLength: 200 }),
  client_secret: Type.String({ minLength: 1, maxLength: 200 }),
});

export const AppToken = Type.Object({
  token: Type.String(),
  token_type: Type.Literal('Bearer'),
  /** Unix seconds. */
  expiration: Type.Integer(),
});
export type AppToken = Static<typeof AppToken>;
