/**
 * Qinglong 2.17+ keeps its account, applications and language in db/keyv.sqlite, a Keyv store on @keyv/sqlite:
 * table `keyv` (key VARCHAR(255) PRIMARY KEY, value TEXT), keys `<namespace>:<name>` with the default namespace
 * `keyv` (`keyv:authInfo`, `keyv:apps`, `keyv:lang`), values serialised by Keyv as JSON text of
 * `{"value": …, "expires": null}` (Keyv 5 leaves `expires` out). Keyv's serialiser escapes a string starting with
 * ':' by doubling the colon and writes buffers as ':base64:…' strings; reading undoes both.
 */
import { isRecord } from './values.ts';

export const keyvNamespace = 'keyv';
export const KeyvKey = { authInfo: 'authInfo', apps: 'apps', lang: 'lang' } as const;

/** Keyv's JSON reviver: ':base64:' strings are buffers, a leading ':' is an escape. */
function revive(_key: string, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (value.startsWith(':base64:')) return Buffer.from(value.slice(8), 'base64');
  return value.startsWith(':') ? value.slice(1) : value;
}

/**
 * The value stored under one row, or undefined when the row cannot be read or has expired at `now` (Keyv would
 * treat it as missing too).
 */
export function decodeKeyvValue(raw: unknown, now: number): unknown {
  if (typeof raw !== 'string') return undefined;
  let envelope: unknown;
  try {
    envelope = JSON.parse(raw, revive);
  } catch {
    return undefined;
  }
  if (!isRecord(envelope) || !('value' in envelope)) return undefined;
  if (typeof envelope.expires === 'number' && now > envelope.expires) return undefined;
  return envelope.value;
}

/** The store's rows by their name without the namespace (`authInfo`, `apps`, `lang`). */
export function keyvEntries(rows: Record<string, unknown>[], now: number): Map<string, unknown> {
  const entries = new Map<string, unknown>();
  const prefix = `${keyvNamespace}:`;
  for (const row of rows) {
    if (typeof row.key !== 'string' || !row.key.startsWith(prefix)) continue;
    const value = decodeKeyvValue(row.value, now);
    if (value !== undefined) entries.set(row.key.slice(prefix.length), value);
  }
  return entries;
}
