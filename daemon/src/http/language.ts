import type { FastifyRequest } from 'fastify';
import { toLanguage, type Language } from '../contract/i18n.ts';

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

/** The caller's language: the UI's `lang` cookie, else the first Accept-Language tag, else the spec's fallback (zh). */
export function requestLanguage(req: FastifyRequest): Language {
  const fromCookie = cookieValue(req.headers.cookie, 'lang');
  if (fromCookie) return toLanguage(fromCookie);
  const accept = req.headers['accept-language'];
  const first = typeof accept === 'string' ? accept.split(',')[0]?.split(';')[0] : undefined;
  return toLanguage(first);
}
