/**
 * The SQL phrases (db/phrases.ts) written for PostgreSQL: the same rows as SQLite's (sqlite/phrases.ts) wherever the
 * two databases can agree (test/integration/postgres-baseline.test.ts runs both on the same rows).
 *
 * Text columns are `collate "C"` (0016-baseline.ts): ILIKE and `~*` then fold ASCII letters only, as SQLite's LIKE
 * does. Expressions with no collation of their own (a JSON array's elements) are given "C" here for the same reason.
 */
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Phrases } from '../phrases.ts';
import { compilePattern } from '../patterns.ts';

/** LIKE's wildcards and its escape character (PostgreSQL's default one, the backslash) taken literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `column` contains `text`, case-insensitive for ASCII letters (as SQLite's LIKE is), wildcards taken literally. */
function containsText(column: Expression<unknown>, text: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${column} ilike ${`%${escapeLike(text)}%`}`;
}

/**
 * `column` starts with `text`, wildcards taken literally. Case-insensitive for ASCII as SQLite's LIKE is (db/sql.ts
 * says "starts with", and its LIKE ignores ASCII case).
 */
function startsWithText(column: Expression<unknown>, text: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${column} ilike ${`${escapeLike(text)}%`}`;
}

/** Escapes that mean the same in V8's regular expressions and in PostgreSQL's advanced ones, outside brackets. */
const sameEscapes = new Set(['d', 'D', 's', 'S', 'w', 'W', 'n', 'r', 't', 'f', 'v']);
/** Inside brackets PostgreSQL refuses \D, \S and \W, and \b is a backspace in V8 there. */
const sameInBrackets = new Set(['d', 's', 'w', 'n', 'r', 't', 'f', 'v']);
/** V8's `.` outside the `s` flag: anything but a line terminator (PostgreSQL's matches newlines too). */
const anyButNewline = '[^\\n\\r\\u2028\\u2029]';
/** PostgreSQL's largest repetition count (RE_DUP_MAX); V8 has none. */
const maxRepeat = 255;

/**
 * The pattern written for PostgreSQL, or null when it matches nothing. SQLite's `regexp` (db/regexp.ts) answers "no
 * match" for a pattern that is invalid, too long or needs backtracking, where PostgreSQL would fail the whole query
 * on an invalid one and run back-references and look-arounds: so a pattern V8's linear engine refuses is null here
 * too. Of the rest, what both engines read alike passes as it is, `\b` `\B` (a backspace and an error in PostgreSQL)
 * become its `\y` `\Y` and `.` its class of everything but line terminators; whatever either engine would read
 * another way (letter escapes beyond the common ones, POSIX bracket classes, `[]`, `(?` forms, counts above 255) is
 * null rather than a different answer, and a brace that opens no count is escaped (V8 reads it as a literal).
 */
export function postgresPattern(pattern: string): string | null {
  if (!compilePattern(pattern)) return null;
  let out = '';
  let inBrackets = false;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === '\\') {
      const next = pattern[++i]!;
      if (!/[A-Za-z0-9]/.test(next)) out += `\\${next}`;
      else if (inBrackets) {
        if (!sameInBrackets.has(next)) return null;
        out += `\\${next}`;
      } else if (next === 'b') out += '\\y';
      else if (next === 'B') out += '\\Y';
      else if (sameEscapes.has(next)) out += `\\${next}`;
      else return null;
    } else if (inBrackets) {
      if (ch === '[' && /[:.=]/.test(pattern[i + 1] ?? '')) return null;
      if (ch === ']') inBrackets = false;
      out += ch;
    } else if (ch === '[') {
      const rest = pattern.slice(i + 1);
      if (rest.startsWith(']') || rest.startsWith('^]')) return null;
      inBrackets = true;
      out += ch;
    } else if (ch === '.') out += anyButNewline;
    else if (ch === '(' && pattern[i + 1] === '?' && pattern[i + 2] !== ':') return null;
    else if (ch === '{') {
      // A brace that opens no count is a literal in V8 (and an error in PostgreSQL).
      const bound = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i));
      if (!bound) out += '\\{';
      else if (Number(bound[1]) > maxRepeat || Number(bound[3] || 0) > maxRepeat) return null;
      else {
        out += bound[0];
        i += bound[0].length - 1;
      }
    } else out += ch;
  }
  return out;
}

/**
 * The value as text matches the pattern, case-insensitive. Unlike SQLite's: only ASCII letters fold (SQLite's folds
 * every letter JavaScript's toLowerCase does), and a URI-encoded value is not also tried decoded (Qinglong's rule in
 * db/regexp.ts).
 */
function matchesPattern(column: Expression<unknown>, pattern: string): RawBuilder<SqlBool> {
  const translated = postgresPattern(pattern);
  if (translated === null) return never;
  // SQLite's function answers 0 for NULL, so `not` of it keeps the row; PostgreSQL's NULL would drop it.
  return sql<SqlBool>`coalesce(cast(${column} as text) collate "C" ~* ${translated}, false)`;
}

/** A JSON array of strings has an element that matches the pattern (as matchesPattern). */
function anyElementMatches(column: Expression<unknown>, pattern: string): RawBuilder<SqlBool> {
  const translated = postgresPattern(pattern);
  if (translated === null) return never;
  return sql<SqlBool>`exists (select 1 from jsonb_array_elements_text(cast(${column} as jsonb)) as l(value)
    where l.value collate "C" ~* ${translated})`;
}

/** A JSON array of strings has one of these elements (the list bound as one array parameter). */
function anyElementIn(column: Expression<unknown>, values: readonly string[]): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from jsonb_array_elements_text(cast(${column} as jsonb)) as l(value)
    where l.value = any(cast(${[...values]} as text[])))`;
}

/** A run that failed or timed out, written out as the partial index job_runs_failed's own condition. */
const runFailed = sql<SqlBool>`"end" in ('failed', 'timeout')`;

/** PostgreSQL has no `UPDATE OR FAIL`, and needs none: its UPDATE keeps no statement journal to avoid. */
const oneRowUpdate = (compiledSql: string): string => compiledSql;

const always = sql<SqlBool>`true`;
const never = sql<SqlBool>`false`;

/**
 * `column IN (values)` with the whole list bound as one array parameter (`= any($1)`), however long it is: the
 * protocol allows 65,535 parameters a statement. The parameter takes the column's type. `leads` is accepted and has
 * no effect: PostgreSQL has no hint like SQLite's unary plus, and its planner weighs the ORDER BY's index itself.
 */
function inList(
  column: string,
  values: readonly (number | string)[] | Int32Array,
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the same signature as db/in-list.ts
  leads = true,
): RawBuilder<SqlBool> {
  // An Int32Array is a typed array, which pg would send as bytea.
  const list = values instanceof Int32Array ? Array.from(values) : [...values];
  return sql<SqlBool>`${sql.ref(column)} = any(${list})`;
}

export const postgresPhrases: Phrases = {
  containsText,
  startsWithText,
  matchesPattern,
  anyElementMatches,
  anyElementIn,
  inList,
  runFailed,
  // The inserting transaction's id: each token is inserted in a transaction of its own, later ones numbered higher.
  insertionOrder: sql<number>`xmin::text::bigint`,
  always,
  never,
  oneRowUpdate,
};
