import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ResponseCode } from '../contract/codes.ts';
import { sendFailure } from '../http/errors.ts';
import { requestLanguage } from '../http/language.ts';

/** Percent-encodings of characters no client needs to encode in a path: letters, digits, `-`, `.`, `_`, `~`. */
const encodedUnreserved = /%(2d|2e|3[0-9]|4[1-9a-f]|5[0-9a]|5f|6[1-9a-f]|7[0-9a]|7e)/i;
/** Encoded `/`, `\` and NUL: a second decoding would turn them into path structure. */
const encodedStructure = /%(2f|5c|00)/i;

/**
 * Whether a raw request path is spelled oddly: doubled slashes, backslashes, dot segments, encodings of plain
 * characters or of path structure, or `/api` and `/open` in another case. A second wall only — access is decided on
 * the matched route (enforce.ts), and that alone must hold; the wall makes odd spellings fail early and loudly.
 */
export function isOddSpelling(rawUrl: string, baseUrl: string): boolean {
  const pathname = rawUrl.split('?', 1)[0] ?? '';
  if (pathname.includes('//') || pathname.includes('\\')) return true;
  if (encodedUnreserved.test(pathname) || encodedStructure.test(pathname)) return true;
  if (pathname.split('/').some((segment) => segment === '.' || segment === '..')) return true;
  if (!pathname.startsWith(baseUrl)) return false;
  const first = pathname.slice(baseUrl.length).split('/', 1)[0]!;
  const lowered = first.toLowerCase();
  return (lowered === 'api' || lowered === 'open') && first !== lowered;
}

/** Refuses oddly spelled paths with 400 before anything else looks at them. */
export function installRawPathWall(app: FastifyInstance, baseUrl: string): void {
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    // The URL as sent, before the open API's rewrite (open-surface.ts).
    if (!isOddSpelling(req.originalUrl, baseUrl)) return;
    if (req.headers.upgrade) reply.raw.once('finish', () => req.raw.socket?.end());
    return sendFailure(reply, requestLanguage(req), 'badPath', ResponseCode.badRequest);
  });
}
