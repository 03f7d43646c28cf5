/**
 * The trigram index of the tasks' text (migration 0012: `crons_text`, FTS5). It holds each column lower-cased the way
 * SQLite's LIKE compares (ASCII letters only) and is read with a case-sensitive tokenizer, so a phrase of three or
 * more characters matches exactly the rows `column LIKE '%text%'` matches — wildcards and quotes taken literally.
 * Shorter texts have no trigram to look up: callers keep LIKE for them.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';

export type IndexedTextColumn = 'name' | 'command' | 'schedule' | 'labels';

/** Characters (code points), not UTF-16 units: the tokenizer counts code points. */
export const isIndexable = (text: string) => [...text].length >= 3;

/** LIKE's case rule: ASCII letters only (lower() in the index's triggers does the same). */
export const asciiLower = (text: string) => text.replace(/[A-Z]+/g, (s) => s.toLowerCase());

const everyColumn = 4;

/**
 * An FTS5 query: any of the texts as one phrase, in any of the columns. A filter naming every column is left out: it
 * matches the same and costs ≈10 % more per match.
 */
function matchQuery(columns: readonly IndexedTextColumn[], texts: readonly string[]): string {
  const phrases = texts.map((t) => `"${asciiLower(t).replaceAll('"', '""')}"`).join(' OR ');
  return new Set(columns).size === everyColumn ? `(${phrases})` : `{${columns.join(' ')}} : (${phrases})`;
}

/**
 * The task (`crons.id`) contains one of the texts (each of ≥ 3 characters). `drive`: SQLite starts from the matches
 * and reads each by id (few matches). Otherwise it walks whatever index serves the ORDER BY and checks each entry's id
 * against the matches, gathered once into a set — the check needs no row, so rows are read for the page only.
 */
export function taskContains(
  columns: readonly IndexedTextColumn[],
  texts: readonly string[],
  drive: boolean,
): RawBuilder<SqlBool> {
  const matches = sql`(select rowid from crons_text where crons_text match ${matchQuery(columns, texts)})`;
  // A unary plus keeps SQLite from using the id for the lookup, so the ORDER BY's index leads.
  return drive ? sql<SqlBool>`crons.id in ${matches}` : sql<SqlBool>`+crons.id in ${matches}`;
}

/** The ids of the tasks that contain one of the texts (ascending, FTS5's natural order): the index alone, no row read. */
export function idsOfTasksContaining(
  columns: readonly IndexedTextColumn[],
  texts: readonly string[],
): RawBuilder<{ id: number }> {
  return sql<{ id: number }>`select rowid as id from crons_text where crons_text match ${matchQuery(columns, texts)}`;
}

/** How many tasks contain one of the texts: the index alone, no row read. */
export function countTasksContaining(
  columns: readonly IndexedTextColumn[],
  texts: readonly string[],
): RawBuilder<{ total: number }> {
  return sql<{
    total: number;
  }>`select count(*) as total from crons_text where crons_text match ${matchQuery(columns, texts)}`;
}

/**
 * A number that changes whenever the tasks' text does, by any writer (migration 0014: the triggers that keep the
 * index bump it): matches read at one number hold until it changes, whatever else changes on the tasks.
 */
export function textVersion(): RawBuilder<{ version: number }> {
  return sql<{ version: number }>`select version from crons_text_version`;
}

/** The text index as the tasks' list is handed it (SqliteAccelerators.textIndex): null on an engine without one. */
export interface TextIndex {
  isIndexable(text: string): boolean;
  taskContains: typeof taskContains;
  idsOfTasksContaining: typeof idsOfTasksContaining;
  countTasksContaining: typeof countTasksContaining;
  textVersion: typeof textVersion;
}

export const sqliteTextIndex: TextIndex = {
  isIndexable,
  taskContains,
  idsOfTasksContaining,
  countTasksContaining,
  textVersion,
};
