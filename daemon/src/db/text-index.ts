/**
 * The trigram index of the tasks' text (migration 0012: `crons_text`, FTS5). It holds each column lower-cased the way
 * SQLite's LIKE compares (ASCII letters only) and is read with a case-sensitive tokenizer, so a phrase of three or
 * more characters matches exactly the rows `column LIKE '%text%'` matches — wildcards and quotes taken literally.
 * Shorter texts have no trigram to look up: callers keep LIKE for them.
 */
import { sql, type RawBuilder } from 'kysely';

export type IndexedTextColumn = 'name' | 'command' | 'schedule' | 'labels';

/** Characters (code points), not UTF-16 units: the tokenizer counts code points. */
export const isIndexable = (text: string) => [...text].length >= 3;

/** LIKE's case rule: ASCII letters only (lower() in the index's triggers does the same). */
const asciiLower = (text: string) => text.replace(/[A-Z]+/g, (s) => s.toLowerCase());

/** An FTS5 query: any of the texts as one phrase, in any of the columns. */
function matchQuery(columns: readonly IndexedTextColumn[], texts: readonly string[]): string {
  const phrases = texts.map((t) => `"${asciiLower(t).replaceAll('"', '""')}"`).join(' OR ');
  return `{${columns.join(' ')}} : (${phrases})`;
}

/** The ids of the tasks whose columns contain one of the texts (each of ≥ 3 characters), for `id in (…)`. */
export function tasksContaining(columns: readonly IndexedTextColumn[], texts: readonly string[]): RawBuilder<number> {
  return sql<number>`(select rowid from crons_text where crons_text match ${matchQuery(columns, texts)})`;
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
