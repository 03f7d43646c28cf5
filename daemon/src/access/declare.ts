import { AccessKind, type AppScope } from '../contract/access.ts';

/** A route's access, as its options declare it: `config: { access: scopeAccess('envs') }`. */
export type Access =
  | { readonly kind: typeof AccessKind.public }
  | { readonly kind: typeof AccessKind.session; readonly queryToken?: boolean }
  | {
      readonly kind: typeof AccessKind.scope;
      readonly scope: AppScope;
      /**
       * Application tokens of the scope are taken on this route under /api too (everywhere else they count only
       * under /open): `/api/metrics`, which a scraper configured once should reach at its documented address.
       */
      readonly appsOnApi?: boolean;
      /** The application's client id and secret are also taken as HTTP Basic credentials (a Prometheus scraper). */
      readonly basic?: boolean;
    }
  | { readonly kind: typeof AccessKind.run }
  | { readonly kind: typeof AccessKind.closed }
  | { readonly kind: typeof AccessKind.local };

/** Which mount a route belongs to: the browser's `/api`, or the applications' `/open`. */
export type Surface = 'api' | 'open';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route. A route without it is refused for everyone (deny by default). */
    access?: Access;
    /** `open` on the open API's own routes (access/open-surface.ts); absent means `api`. */
    surface?: Surface;
  }
}

export const publicAccess: Access = { kind: AccessKind.public };
export const sessionAccess: Access = { kind: AccessKind.session };
/**
 * Session only, with the token also accepted in the query string: browsers cannot set headers on a WebSocket, so the
 * live-log socket is the one route that needs it.
 */
export const socketAccess: Access = { kind: AccessKind.session, queryToken: true };
/**
 * The administrator's session, or under /open an application token (or a run's own token, for the scopes QLAPI
 * uses) holding the scope.
 */
export const scopeAccess = (scope: AppScope, options: { appsOnApi?: boolean; basic?: boolean } = {}): Access => ({
  kind: AccessKind.scope,
  scope,
  ...options,
});
export const runAccess: Access = { kind: AccessKind.run };
/** What the open API gives a route it does not serve under /open (account, applications, run-only routes …). */
export const closedAccess: Access = { kind: AccessKind.closed };
/** The shell commands on this machine only (`task`, `ql repo`): see auth/local-key.ts. */
export const localAccess: Access = { kind: AccessKind.local };
