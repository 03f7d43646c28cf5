import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ResponseCode } from '../contract/codes.ts';
import { hasSession } from '../access/enforce.ts';
import { publicAccess } from '../access/declare.ts';
import type { SessionStore } from '../auth/sessions.ts';
import { resolveInside } from '../files/resolve.ts';
import { requestLanguage } from '../http/language.ts';
import { sendFailure } from '../http/errors.ts';

/**
 * Puts `<base href>` for the configured base URL into index.html. The bundle refers to its assets relatively, so
 * without it a deep link such as /setting/security would look for its scripts under /setting/ and load blank.
 */
function renderIndex(html: string, baseUrl: string): string {
  const base = `<base href="${baseUrl.replace(/"/g, '&quot;')}" />`;
  return html.replace(/<base [^>]*>/i, '').replace(/<head>/i, `<head>\n    ${base}`);
}

/**
 * Whether a path below the base URL names the API (`api/…`, `open/…`) in any spelling the router did not match:
 * another case, a fullwidth letter. Such a path never gets the UI's page — it gets the API's 401 or 404.
 */
export function isApiLike(rest: string): boolean {
  const first = rest.split('/', 1)[0]!.split(';', 1)[0]!.normalize('NFKC').toLowerCase();
  return first === 'api' || first === 'open';
}

const isFileLike = (rest: string) => rest.startsWith('assets/') || /\.[a-z0-9]+$/i.test(rest);

/**
 * Whether a path below the base URL is spelled as the UI's own links spell a page: no empty, `.` or `..` segments
 * (a trailing slash aside), no backslash, no `;` parameters. Anything else is not a page of ours: 404.
 */
function isPagePath(rest: string): boolean {
  const segments = rest.replace(/\/$/, '').split('/');
  return !/[\\;]/.test(rest) && segments.every((s) => s !== '' && s !== '.' && s !== '..');
}

/** Serves the built UI: hashed assets as immutable files, and index.html for every page route under the base URL. */
export async function installUi(
  app: FastifyInstance,
  uiDir: string,
  baseUrl: string,
  sessions: SessionStore,
): Promise<void> {
  const indexFile = path.join(uiDir, 'index.html');
  // index.html names the hashed chunks of one build: after a rebuild (an update, `npm run dev`) the old one would
  // point at files that are gone, so it is read again whenever it changes on disk.
  let cached: { mtimeMs: number; html: string } | null = null;
  const currentIndex = (): string | null => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(indexFile).mtimeMs;
    } catch {
      return null;
    }
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, html: renderIndex(readFileSync(indexFile, 'utf8'), baseUrl) };
    return cached.html;
  };
  const sendIndex = (reply: FastifyReply) => {
    const index = currentIndex();
    return index
      ? reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(index)
      : reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .send('The UI bundle has not been built. Run `npm run build` (npm start does this for you).');
  };
  /** API paths that matched no route: strangers learn nothing (401), a signed-in caller gets 404. */
  const apiNotFound = async (req: FastifyRequest, reply: FastifyReply) => {
    const lang = requestLanguage(req);
    if (!(await hasSession(req, sessions))) return sendFailure(reply, lang, 'unauthorized', ResponseCode.unauthorized);
    return sendFailure(reply, lang, 'notFound', ResponseCode.notFound);
  };

  // Only `reply.sendFile`: the routes below are ours, so they declare their access like every other route.
  await app.register(fastifyStatic, { root: uiDir, serve: false });

  // Pages and assets answer HEAD as well (browsers and link checkers send it; http/server-options.ts leaves it out of
  // the API).
  const page = { exposeHeadRoute: true, config: { access: publicAccess } };
  if (baseUrl !== '/') {
    app.get('/', page, (_req, reply) => reply.redirect(baseUrl));
  }
  app.get(baseUrl, page, (_req, reply) => sendIndex(reply));
  app.get(`${baseUrl}*`, page, async (req, reply) => {
    const rest = (req.params as { '*': string })['*'];
    if (isApiLike(rest)) return apiNotFound(req, reply);
    if (!isPagePath(rest)) return sendFailure(reply, requestLanguage(req), 'notFound', ResponseCode.notFound);
    if (!isFileLike(rest)) return sendIndex(reply);
    let file: string;
    try {
      file = await resolveInside(uiDir, rest, { mustExist: true });
      if (!statSync(file).isFile()) throw new Error('not a file');
    } catch {
      return sendFailure(reply, requestLanguage(req), 'notFound', ResponseCode.notFound);
    }
    // Every asset name carries a content hash, so it can be cached for ever; the other files never are.
    const immutable = rest.startsWith('assets/');
    reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    return reply.sendFile(path.relative(uiDir, file), uiDir, { cacheControl: false });
  });

  app.setNotFoundHandler(async (req: FastifyRequest, reply: FastifyReply) => {
    const pathname = (req.raw.url ?? '/').split('?', 1)[0]!;
    const rest = pathname.startsWith(baseUrl) ? pathname.slice(baseUrl.length) : '';
    let decoded = rest;
    try {
      decoded = decodeURIComponent(rest);
    } catch {
      // Left as it is: a bad encoding names no API path either.
    }
    if (isApiLike(decoded)) return apiNotFound(req, reply);
    return sendFailure(reply, requestLanguage(req), 'notFound', ResponseCode.notFound);
  });
}
