import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import querystring from 'node:querystring';
import { ResponseCode } from '../contract/codes.ts';
import { formatMessage } from '../contract/messages.ts';
import { fieldAt, sendFailure } from './errors.ts';
import { requestLanguage } from './language.ts';

/** ES2024's String.prototype.isWellFormed (Node 20 has it; the TypeScript lib here is ES2023). */
const wellFormed = (text: string) => (text as unknown as { isWellFormed(): boolean }).isWellFormed();

/**
 * Whether text can be stored and passed on as it is: no NUL (C strings, file names and process environments end
 * at it, so what is saved and what is used would differ) and no unpaired UTF-16 surrogate (it has no UTF-8 form, so
 * SQLite and the file system would store a replacement character instead).
 */
export const acceptableText = (text: string) => !text.includes('\0') && wellFormed(text);

/** A value waiting to be looked at, with the way to it (kept as links: copying paths would cost depth²). */
interface Pending {
  value: unknown;
  key: string;
  parent: Pending | null;
}

const pathOf = (node: Pending | null): string[] => {
  const path: string[] = [];
  for (let at = node; at?.parent; at = at.parent) path.unshift(at.key);
  return path;
};

/** The path of the first string (a value or a key) in `value` that is not acceptable text, or null. */
export function firstBadText(value: unknown): string[] | null {
  // Iterative: a body may nest thousands of levels deep, deeper than the call stack would go.
  const pending: Pending[] = [{ value, key: '', parent: null }];
  while (pending.length > 0) {
    const node = pending.pop()!;
    const current = node.value;
    if (typeof current === 'string') {
      if (!acceptableText(current)) return pathOf(node);
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => pending.push({ value: item, key: String(index), parent: node }));
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        if (!acceptableText(key)) return [...pathOf(node), key.replace(/\0/g, '\\0')];
        pending.push({ value: item, key, parent: node });
      }
    }
  }
  return null;
}

/** Set on a parsed query string whose percent-encoding is not valid UTF-8 (`%ZZ`, a lone surrogate as `%ED%A0%80`). */
const undecodable = Symbol('undecodable query');

/**
 * The query-string parser (Fastify's `querystringParser`). The usual parsers keep a value they cannot decode as its
 * raw text, so `%ED%A0%80` (a lone surrogate) would reach a handler as the string "%ED%A0%80"; this one marks the
 * query instead, and the check below refuses it.
 */
export function parseQuery(raw: string): Record<string, unknown> {
  const parsed = querystring.parse(raw, '&', '=', { maxKeys: 0 }) as Record<string | symbol, unknown>;
  try {
    decodeURIComponent(raw);
  } catch {
    parsed[undecodable] = true;
  }
  return parsed as Record<string, unknown>;
}

/**
 * One check for every route, before its schema: a NUL or an unpaired surrogate anywhere in the body, the query or the
 * path parameters answers 400 'Validation failed' naming the field. Names of tasks, variables, files,
 * subscriptions, views and labels are all covered, and so is any field added later, without a schema remembering it.
 */
export function installTextCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (req: FastifyRequest, reply: FastifyReply) => {
    if ((req.query as Record<symbol, unknown> | undefined)?.[undecodable]) {
      return sendFailure(reply, requestLanguage(req), 'queryEncodingInvalid', ResponseCode.badRequest);
    }
    for (const part of [req.params, req.query, req.body]) {
      const path = firstBadText(part);
      if (path === null) continue;
      const lang = requestLanguage(req);
      const { field, label } = fieldAt(path, lang);
      const message = formatMessage('textInvalid', lang, { label });
      return sendFailure(
        reply,
        lang,
        'validationFailed',
        ResponseCode.badRequest,
        {},
        { errors: [{ field, message }] },
      );
    }
  });
}
