/** The SQL phrases of db/phrases.ts, written for SQLite. */
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Phrases } from '../phrases.ts';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * SQLite's LIKE is case-insensitive for ASCII already. ESCAPE slows every comparison down by a third, so it is only
 * added when the text has something to escape.
 */
function containsText(column: Expression<unknown>, text: string): RawBuilder<SqlBool> {
  return /[\\%_]/.test(text)
    ? sql<SqlBool>`${column} like ${`%${escapeLike(text)}%`} escape '\\'`
    : sql<SqlBool>`${column} like ${`%${text}%`}`;
}

function startsWithText(column: Expression<unknown>, text: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${column} like ${`${escapeLike(text)}%`} escape '\\'`;
}

/** `regexp` is the function open.ts registers (regexp.ts: linear-time, case-insensitive). */
function matchesPattern(column: Expression<unknown>, pattern: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`cast(${column} as text) regexp ${pattern}`;
}

function anyElementMatches(column: Expression<unknown>, pattern: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from json_each(${column}) where json_each.value regexp ${pattern})`;
}

/** The list bound as one parameter, as inList does. */
function anyElementIn(column: Expression<unknown>, values: readonly string[]): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from json_each(${column}) as l where l.value in (select value from json_each(${JSON.stringify(values)})))`;
}

/**
 * The whole list bound as one JSON parameter. SQLite takes at most 32,766 parameters in one statement, and a list
 * bound value by value failed above that ("too many SQL variables"); json_each reads the list inside SQLite, so the
 * statement takes one parameter however long the list is. `leads = false` writes a unary plus, which SQLite does not
 * look rows up by.
 */
function inList(column: string, values: readonly (number | string)[] | Int32Array, leads = true): RawBuilder<SqlBool> {
  const list = JSON.stringify(values instanceof Int32Array ? Array.from(values) : values);
  const ref = leads ? sql.ref(column) : sql`+${sql.ref(column)}`;
  return sql<SqlBool>`${ref} in (select value from json_each(${list}))`;
}

/**
 * Written out, not bound: SQLite uses the partial index of failures (job_runs_failed, migration 0012) only for a
 * condition it can see is the index's own.
 */
const runFailed = sql<SqlBool>`"end" in ('failed', 'timeout')`;

/**
 * `UPDATE OR FAIL`. Inside a transaction (every daemon write is one: group-commit.ts) an UPDATE that sets a NOT NULL
 * column of a table with a trigger that fires (the tasks' row moves, row-moves.ts) gets a statement journal, so that
 * an abort can undo its rows, and SQLite copies every page the statement changes into it: a task's status change
 * rewrites its entries in ten indexes, ≈33 µs a statement against ≈6 µs without (three a run). FAIL keeps what the
 * statement changed before a failed constraint, and for one row that is nothing: a constraint is checked before the
 * row is written.
 */
const oneRowUpdate = (compiledSql: string): string => compiledSql.replace(/^update /, 'update or fail ');

export const sqlitePhrases: Phrases = {
  containsText,
  startsWithText,
  matchesPattern,
  anyElementMatches,
  anyElementIn,
  inList,
  runFailed,
  insertionOrder: sql<number>`rowid`,
  always: sql<SqlBool>`1`,
  never: sql<SqlBool>`0`,
  oneRowUpdate,
};
