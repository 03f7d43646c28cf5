/**
 * Reading Sequelize's SQLite values as Qinglong wrote them: JSON columns as text (sometimes text of text, or null),
 * booleans as 0/1 (or 'true'), numbers as numbers or numeric text, dates as `2025-03-01 08:00:00.000 +00:00`.
 * Every reader is total: a value it cannot read becomes the fallback, never an exception.
 */

/** A JSON column's value: parsed text, or the value itself when SQLite already holds a number or null. */
export function jsonValue(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw ?? null;
  const text = raw.trim();
  if (text === '') return null;
  try {
    const parsed: unknown = JSON.parse(text);
    // Some rows hold JSON that was stringified twice.
    if (typeof parsed === 'string' && /^[[{]/.test(parsed.trim())) return jsonValue(parsed);
    return parsed;
  } catch {
    return null;
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A JSON list of strings (labels): anything else counts as empty; numbers become text. */
export function stringList(raw: unknown): string[] {
  const value = jsonValue(raw);
  if (!Array.isArray(value)) return [];
  return value.filter((v) => typeof v === 'string' || typeof v === 'number').map(String);
}

/** Text, or null for null/undefined; numbers become text. */
export function text(raw: unknown): string | null {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === 'string') return raw;
  if (typeof raw === 'number' || typeof raw === 'boolean' || typeof raw === 'bigint') return String(raw);
  if (Buffer.isBuffer(raw)) return raw.toString('utf8');
  return null;
}

/** Text with surrounding space removed; empty counts as null. */
export function trimmed(raw: unknown): string | null {
  const value = text(raw)?.trim();
  return value ? value : null;
}

export function number(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw === 'bigint') return Number(raw);
  if (typeof raw === 'string' && raw.trim() !== '') {
    const value = Number(raw);
    return Number.isFinite(value) ? value : null;
  }
  return null;
}

export function integer(raw: unknown): number | null {
  const value = number(raw);
  return value === null ? null : Math.trunc(value);
}

/** Sequelize's BOOLEAN and Qinglong's 0/1 NUMBER flags. null and unreadable values count as `fallback`. */
export function flag(raw: unknown, fallback = false): boolean {
  if (raw === 1 || raw === true || raw === '1' || raw === 'true') return true;
  if (raw === 0 || raw === false || raw === '0' || raw === 'false') return false;
  if (typeof raw === 'number') return raw !== 0;
  return fallback;
}

/** Sequelize's DATETIME text (`YYYY-MM-DD HH:mm:ss.SSS +00:00`), ISO text or unix ms; null when unreadable. */
export function dateMs(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  const value = text(raw)?.trim();
  if (!value) return null;
  const sequelize = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}(?:\.\d+)?) ?([+-]\d{2}:?\d{2}|Z)?$/.exec(value);
  const iso = sequelize ? `${sequelize[1]}T${sequelize[2]}${sequelize[3] ?? 'Z'}` : value;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
}
