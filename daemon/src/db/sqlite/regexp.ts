/**
 * SQLite's REGEXP function over the patterns of ../patterns.ts (linear-time, case-insensitive).
 */
import type SQLite from 'better-sqlite3';
import { compilePattern } from '../patterns.ts';

function safeDecode(text: string): string {
  try {
    return decodeURI(text);
  } catch {
    return text;
  }
}

/** SQLite's `X REGEXP Y` calls `regexp(Y, X)`. Text that looks URI-encoded is also tried decoded, as Qinglong does. */
export function registerRegexp(sqlite: SQLite.Database): void {
  sqlite.function('regexp', { deterministic: true }, (pattern: unknown, subject: unknown) => {
    if (subject === null || subject === undefined) return 0;
    const re = compilePattern(String(pattern));
    if (!re) return 0;
    const text = String(subject).toLowerCase();
    if (re.test(text)) return 1;
    return text.includes('%') && re.test(safeDecode(text)) ? 1 : 0;
  });
}
