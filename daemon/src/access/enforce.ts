import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AccessKind } from '../contract/access.ts';
import { ResponseCode } from '../contract/codes.ts';
import { isLoopback, type LocalKey } from '../auth/local-key.ts';
import type { SessionStore } from '../auth/sessions.ts';
import type { RunTokens } from '../notify/run-tokens.ts';
import { sendFailure } from '../http/errors.ts';
import { requestLanguage } from '../http/language.ts';
import type { Access } from './declare.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The administrator's session, once the access hook checked its token. */
    sessionId?: string;
    /** The run whose token opened a run-access route. */
    runId?: string;
  }
}

export interface AccessDeps {
  sessions: SessionStore;
  runTokens: RunTokens;
  localKey: LocalKey;
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

/** The route's declaration, or undefined when it declares none. Read from the matched route, never from the URL. */
const accessOf = (req: FastifyRequest): Access | undefined => req.routeOptions.config?.access;

/**
 * The one access hook. It runs after routing (Fastify matches the route before `onRequest`), so the decision is made
 * on the route the router chose — however the path was spelled — and before the body is read or validated.
 */
export function installAccess(app: FastifyInstance, deps: AccessDeps): void {
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    // No route matched: the not-found handler answers, and it serves nothing that needs a session.
    if (req.is404) return;
    const access = accessOf(req);
    if (access?.kind === AccessKind.public) return;
    const lang = requestLanguage(req);
    // A refused WebSocket upgrade has left the HTTP server's care: end its socket once the answer is out.
    if (req.headers.upgrade) reply.raw.once('finish', () => req.raw.socket?.end());
    if (!access) return sendFailure(reply, lang, 'forbidden', ResponseCode.forbidden);

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
    const token = bearerToken(req, access.kind === AccessKind.session && access.queryToken === true);
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
