import { AccessKind, type AppScope } from '../contract/access.ts';

/** A route's access, as its options declare it: `config: { access: scopeAccess('envs') }`. */
export type Access =
  | { readonly kind: typeof AccessKind.public }
  | { readonly kind: typeof AccessKind.session; readonly queryToken?: boolean }
  | { readonly kind: typeof AccessKind.scope; readonly scope: AppScope }
  | { readonly kind: typeof AccessKind.run }
  | { readonly kind: typeof AccessKind.local };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route. A route without it is refused for everyone (deny by default). */
    access?: Access;
  }
}

export const publicAccess: Access = { kind: AccessKind.public };
export const sessionAccess: Access = { kind: AccessKind.session };
/**
 * Session only, with the token also accepted in the query string: browsers cannot set headers on a WebSocket, so the
 * live-log socket is the one route that needs it.
 */
export const socketAccess: Access = { kind: AccessKind.session, queryToken: true };
export const scopeAccess = (scope: AppScope): Access => ({ kind: AccessKind.scope, scope });
export const runAccess: Access = { kind: AccessKind.run };
/** The shell commands on this machine only (`task`, `ql repo`): see auth/local-key.ts. */
export const localAccess: Access = { kind: AccessKind.local };
