import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AccessKind, runScopes, type AppScope } from '../contract/access.ts';
import { ResponseCode } from '../contract/codes.ts';
import { isLoopback, type LocalKey } from '../auth/local-key.ts';
import type { SessionStore } from '../auth/sessions.ts';
import type { RunTokens } from '../notifications/run-tokens.ts';
import { sendFailure } from '../http/errors.ts';
import { requestLanguage } from '../http/language.ts';
import type { Access } from './declare.ts';
import type { OpenSurface } from './open-surface.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The administrator's session, once the access hook checked its token. */
    sessionId?: string;
    /** The run whose token opened a run-access route (or, under /open, a route of the run's scopes). */
    runId?: string;
    /** The application whose token opened a scope route. */
    appId?: number;
  }
}

/** What the hook needs to know of applications (the apps area provides it; access/ never imports an area). */
export interface AppPrincipals {
  /** The app a bearer token belongs to and the scopes it holds now; undefined for unknown, expired, revoked. */
  principalOf(token: string): Promise<{ appId: number; scopes: readonly AppScope[] } | undefined>;
  /** The same for a client id and secret (HTTP Basic, on routes that declare it). */
  principalOfCredentials(
    clientId: string,
    secret: string,
  ): Promise<{ appId: number; scopes: readonly AppScope[] } | undefined>;
}

export interface AccessDeps {
  sessions: SessionStore;
  runTokens: RunTokens;
  localKey: LocalKey;
  apps?: AppPrincipals;
  /** Tells a request that came in under /open, and closes the routes the open API does not serve. */
  surface: OpenSurface;
}

/** The bearer token of a request; the query string counts only where the route declares it (the WebSocket). */
function bearerToken(req: FastifyRequest, fromQuery = false): string | undefined {
  const header = req.headers.authorization;
  if (typeof header === 'string' && /^Bearer\s+/i.test(header)) {
    // Qinglong's UI prefixed tokens with the platform; accept that spelling from old clients.
    return header.replace(/^Bearer\s+/i, '').replace(/^(mobile|desktop)-/, '');
  }
  if (fromQuery) {
    const token = (req.query as Record<string, unknown> | undefined)?.token;
    if (typeof token === 'string') return token;
  }
  return undefined;
}

/** HTTP Basic credentials (`client_id:client_secret`), when the request carries them. */
function basicCredentials(req: FastifyRequest): { id: string; secret: string } | undefined {
  const header = req.headers.authorization;
  if (typeof header !== 'string' || !/^Basic\s+/i.test(header)) return undefined;
  const decoded = Buffer.from(header.replace(/^Basic\s+/i, ''), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon > 0 ? { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) } : undefined;
}

/**
 * The one access hook. It runs after routing (Fastify matches the route before `onRequest`), so the decision is made
 * on the route the router chose — however the path was spelled — and before the body is read or validated.
 *
 * Who passes a scope route: the administrator's session anywhere; under /open, an application token holding the
 * scope, or a run's own token for the scopes QLAPI uses. An application or run token is never a session: under /api
 * it counts for nothing (except on a route that declares `appsOnApi`).
 */
export function installAccess(app: FastifyInstance, deps: AccessDeps): void {
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    // No route matched: the not-found handler answers, and it serves nothing that needs a session.
    if (req.is404) return;
    // The matched route's declaration (undefined when it declares none), never a reading of the URL; under /open the
    // routes the open API does not serve are closed.
    const access: Access | undefined = deps.surface.accessOf(req);
    const onOpen = deps.surface.surfaceOf(req) === 'open';
    if (access?.kind === AccessKind.public) return;
    const lang = requestLanguage(req);
    // A refused WebSocket upgrade has left the HTTP server's care: end its socket once the answer is out.
    if (req.headers.upgrade) reply.raw.once('finish', () => req.raw.socket?.end());
    if (!access) return sendFailure(reply, lang, 'forbidden', ResponseCode.forbidden);
    if (access.kind === AccessKind.closed) {
      // Answered as a path that does not exist: strangers learn nothing of it (http/ui.ts does the same).
      if (!(await hasSession(req, deps.sessions)))
        return sendFailure(reply, lang, 'unauthorized', ResponseCode.unauthorized);
      return sendFailure(reply, lang, 'openNotServed', ResponseCode.notFound);
    }

    if (access.kind === AccessKind.run) {
      const runId = deps.runTokens.check(bearerToken(req));
      if (runId === undefined) return sendFailure(reply, lang, 'runTokenInvalid', ResponseCode.unauthorized);
      req.runId = runId;
      return;
    }
    if (access.kind === AccessKind.local) {
      // The socket's own peer, never a forwarded address: a proxy on this machine does not make a caller local.
      if (!isLoopback(req.socket.remoteAddress) || !deps.localKey.matches(bearerToken(req))) {
        return sendFailure(reply, lang, 'unauthorized', ResponseCode.unauthorized);
      }
      return;
    }

    if (access.kind === AccessKind.scope) {
      const appsHere = onOpen || access.appsOnApi === true;
      const basic = access.basic && appsHere ? basicCredentials(req) : undefined;
      if (basic && deps.apps) {
        const principal = await deps.apps.principalOfCredentials(basic.id, basic.secret);
        if (!principal) return sendFailure(reply, lang, 'appCredentialsInvalid', ResponseCode.unauthorized);
        if (!principal.scopes.includes(access.scope)) {
          return sendFailure(reply, lang, 'appScopeMissing', ResponseCode.unauthorized, { scope: access.scope });
        }
        req.appId = principal.appId;
        return;
      }
      const token = bearerToken(req);
      if (!token) return sendFailure(reply, lang, 'unauthorized', ResponseCode.unauthorized);
      if (appsHere) {
        const principal = await deps.apps?.principalOf(token);
        if (principal) {
          if (!principal.scopes.includes(access.scope)) {
            return sendFailure(reply, lang, 'appScopeMissing', ResponseCode.unauthorized, { scope: access.scope });
          }
          req.appId = principal.appId;
          return;
        }
      }
      if (onOpen) {
        const runId = deps.runTokens.check(token);
        if (runId !== undefined) {
          if (!runScopes.includes(access.scope)) {
            return sendFailure(reply, lang, 'appScopeMissing', ResponseCode.unauthorized, { scope: access.scope });
          }
          req.runId = runId;
          return;
        }
      }
      const session = await deps.sessions.check(token);
      if (!session.ok) {
        const key = appsHere ? 'appTokenInvalid' : 'sessionExpired';
        return sendFailure(reply, lang, key, ResponseCode.unauthorized);
      }
      req.sessionId = session.sessionId;
      return;
    }

    const token = bearerToken(req, access.queryToken === true);
    if (!token) return sendFailure(reply, lang, 'unauthorized', ResponseCode.unauthorized);
    const session = await deps.sessions.check(token);
    if (!session.ok) return sendFailure(reply, lang, 'sessionExpired', ResponseCode.unauthorized);
    req.sessionId = session.sessionId;
  });
}

/** Whether the request carries a live session (the not-found handler hides API paths from strangers with it). */
export async function hasSession(req: FastifyRequest, sessions: SessionStore): Promise<boolean> {
  const token = bearerToken(req);
  return token !== undefined && (await sessions.check(token)).ok;
}
