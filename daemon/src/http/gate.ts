import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ResponseCode } from '../contract/codes.ts';
import type { SessionStore } from '../auth/sessions.ts';
import { requestLanguage } from './language.ts';
import { sendFailure } from './errors.ts';

/** The only requests under /api and /open that need no session. Exact method + path after the base URL. */
export const publicRoutes = new Set([
  'GET /api/system',
  'GET /api/health',
  'PUT /api/user/init',
  'POST /api/user/login',
  'PUT /api/user/two-factor/login',
  'PUT /api/user/notification/init',
  'GET /open/auth/token',
  // Called by sendNotify.js / notify.py from inside a run, with no session. The handler itself demands a live run
  // token (issued per run by RunTokens, 401 otherwise), so passing the gate grants nothing on its own.
  'POST /api/notify/script',
]);
/** Prefixes of public read-only files (uploaded avatars). */
export const publicPrefixes = ['GET /api/static/'];
/** Routes that may carry the token in the query string, because browsers cannot set headers on them. */
export const queryTokenRoutes = new Set(['GET /api/ws']);

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the gate once a session token was checked. */
    sessionId?: string;
  }
}

export type PathVerdict = { kind: 'bad' } | { kind: 'protected'; route: string } | { kind: 'public' };

/**
 * Classifies a raw request path (before routing). Anything that is not in canonical form — doubled slashes, dot
 * segments, encoded dots, slashes or backslashes, a mixed-case /api or /open — is refused outright, so no spelling of
 * a path can reach a handler that its canonical spelling would protect.
 */
export function classifyPath(method: string, rawUrl: string, baseUrl: string): PathVerdict {
  const pathname = rawUrl.split('?', 1)[0] ?? '';
  if (
    pathname.includes('//') ||
    pathname.includes('\\') ||
    /%(2e|2f|5c|00)/i.test(pathname) ||
    pathname.split('/').some((segment) => segment === '.' || segment === '..')
  ) {
    return { kind: 'bad' };
  }
  if (!pathname.startsWith(baseUrl)) return { kind: 'public' };
  const rest = pathname.slice(baseUrl.length);
  const first = rest.split('/', 1)[0]!;
  const lowered = first.toLowerCase();
  if (lowered !== 'api' && lowered !== 'open') return { kind: 'public' };
  if (first !== lowered) return { kind: 'bad' };
  const route = `${method} /${rest.replace(/\/$/, '')}`;
  if (publicRoutes.has(route) || publicPrefixes.some((p) => route.startsWith(p))) return { kind: 'public' };
  return { kind: 'protected', route };
}

function bearerToken(req: FastifyRequest, route: string): string | undefined {
  const header = req.headers.authorization;
  if (typeof header === 'string' && /^Bearer\s+/i.test(header)) {
    // Qinglong's UI prefixed tokens with the platform; accept that spelling from old clients.
    return header.replace(/^Bearer\s+/i, '').replace(/^(mobile|desktop)-/, '');
  }
  if (queryTokenRoutes.has(route)) {
    const token = (req.query as Record<string, unknown> | undefined)?.token;
    if (typeof token === 'string') return token;
  }
  return undefined;
}

/** Installs the one deny-by-default gate. It runs before routing, on every request. */
export function installGate(app: FastifyInstance, baseUrl: string, sessions: SessionStore): void {
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    const verdict = classifyPath(req.method, req.raw.url ?? '', baseUrl);
    if (verdict.kind === 'public') return;
    const lang = requestLanguage(req);
    // A refused WebSocket upgrade has left the HTTP server's care: end its socket once the answer is out.
    if (req.headers.upgrade) reply.raw.once('finish', () => req.raw.socket?.end());
    if (verdict.kind === 'bad') return sendFailure(reply, lang, 'badPath', ResponseCode.badRequest);
    const token = bearerToken(req, verdict.route);
    if (!token) return sendFailure(reply, lang, 'unauthorized', ResponseCode.unauthorized);
    const session = await sessions.check(token);
    if (!session.ok) return sendFailure(reply, lang, 'sessionExpired', ResponseCode.unauthorized);
    req.sessionId = session.sessionId;
  });
}
