/**
 * The few SQL phrases that differ between databases, written once for SQLite. Repositories build every query with
 * Kysely's builder and take these from here, so a PostgreSQL dialect replaces this file, not the areas.
 */
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * `column` contains `text` (case-insensitive for ASCII, as SQLite's LIKE is), LIKE's wildcards taken literally.
 * ESCAPE slows every comparison down by a third, so it is only added when the text has something to escape.
 */
export function containsText(column: Expression<unknown>, text: string): RawBuilder<SqlBool> {
  return /[\\%_]/.test(text)
    ? sql<SqlBool>`${column} like ${`%${escapeLike(text)}%`} escape '\\'`
    : sql<SqlBool>`${column} like ${`%${text}%`}`;
}

/** `column` starts with `text`, wildcards taken literally. */
export function startsWithText(column: Expression<unknown>, text: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${column} like ${`${escapeLike(text)}%`} escape '\\'`;
}

/** The value as text matches the pattern (db/sqlite/regexp.ts: linear-time, case-insensitive). */
export function matchesPattern(column: Expression<unknown>, pattern: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`cast(${column} as text) regexp ${pattern}`;
}

/** A JSON array of strings has an element that matches the pattern. */
export function anyElementMatches(column: Expression<unknown>, pattern: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from json_each(${column}) where json_each.value regexp ${pattern})`;
}

/** A JSON array of strings has one of these elements (the list bound as one parameter, as db/in-list.ts does). */
export function anyElementIn(column: Expression<unknown>, values: readonly string[]): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from json_each(${column}) as l where l.value in (select value from json_each(${JSON.stringify(values)})))`;
}

/**
 * A run that failed or timed out. Written out, not bound: SQLite uses the partial index of failures (job_runs_failed,
 * migration 0012) only for a condition it can see is the index's own.
 */
export const runFailed = sql<SqlBool>`"end" in ('failed', 'timeout')`;

/**
 * A compiled `UPDATE` of one row by its key, written `UPDATE OR FAIL`. Inside a transaction (every daemon write is one:
 * group-commit.ts) an UPDATE that sets a NOT NULL column of a table with a trigger that fires (the tasks' row moves,
 * db/sqlite/row-moves.ts) gets a statement journal, so that an abort can undo its rows, and SQLite copies every page the
 * statement changes into it: a task's status change rewrites its entries in ten indexes, ≈33 µs a statement against
 * ≈6 µs without (three a run). FAIL keeps what the statement changed before a failed constraint, and for one row
 * that is nothing: a constraint is checked before the row is written.
 */
export const oneRowUpdate = (compiledSql: string): string => compiledSql.replace(/^update /, 'update or fail ');

export const always = sql<SqlBool>`1`;
export const never = sql<SqlBool>`0`;
