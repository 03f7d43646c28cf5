import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ResponseCode } from '../contract/codes.ts';
import { requestLanguage } from './language.ts';
import { sendFailure } from './errors.ts';

/**
 * Puts `<base href>` for the configured base URL into index.html. The bundle refers to its assets relatively, so
 * without it a deep link such as /setting/security would look for its scripts under /setting/ and load blank.
 */
export function renderIndex(html: string, baseUrl: string): string {
  const base = `<base href="${baseUrl.replace(/"/g, '&quot;')}" />`;
  return html.replace(/<base [^>]*>/i, '').replace(/<head>/i, `<head>\n    ${base}`);
}

function isApiPath(pathname: string, baseUrl: string): boolean {
  const rest = pathname.slice(baseUrl.length);
  return /^(api|open)(\/|$)/i.test(rest);
}

/** Serves the built UI: hashed assets as immutable files, and index.html for every page route under the base URL. */
export async function installUi(app: FastifyInstance, uiDir: string, baseUrl: string): Promise<void> {
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

  if (existsSync(indexFile)) {
    await app.register(fastifyStatic, {
      root: uiDir,
      prefix: baseUrl,
      index: false,
      wildcard: true,
      // Every asset name carries a content hash, so it can be cached for ever; index.html never is.
      setHeaders: (res, filePath) => {
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  if (baseUrl !== '/') {
    app.get('/', (_req, reply) => reply.redirect(baseUrl));
  }

  const sendIndex = (reply: FastifyReply) => {
    const index = currentIndex();
    return index
      ? reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(index)
      : reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .send('The UI bundle has not been built. Run `npm run build` (npm start does this for you).');
  };
  // The static plugin refuses directory requests, so the base itself gets its own route.
  app.get(baseUrl, (_req, reply) => sendIndex(reply));

  app.setNotFoundHandler((req: FastifyRequest, reply: FastifyReply) => {
    const pathname = (req.raw.url ?? '/').split('?', 1)[0]!;
    const lang = requestLanguage(req);
    const isPage =
      (req.method === 'GET' || req.method === 'HEAD') &&
      pathname.startsWith(baseUrl) &&
      !isApiPath(pathname, baseUrl) &&
      !pathname.slice(baseUrl.length).startsWith('assets/') &&
      !/\.[a-z0-9]+$/i.test(pathname);
    if (!isPage) return sendFailure(reply, lang, 'notFound', ResponseCode.notFound);
    return sendIndex(reply);
  });
}
