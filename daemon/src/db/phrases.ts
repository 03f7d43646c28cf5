/**
 * The SQL phrases that differ between database engines. Repositories build every query with Kysely's builder and
 * take these from the handle they were given (`DatabaseHandle.phrases`), so another engine brings its own phrases
 * instead of changing the areas. User text only ever reaches SQL as a bound value.
 */
import type { Expression, RawBuilder, SqlBool } from 'kysely';

export interface Phrases {
  /** `column` contains `text`, case-insensitive for ASCII, LIKE's wildcards in `text` taken literally. */
  containsText(column: Expression<unknown>, text: string): RawBuilder<SqlBool>;
  /** `column` starts with `text`, wildcards taken literally (case as `containsText`). */
  startsWithText(column: Expression<unknown>, text: string): RawBuilder<SqlBool>;
  /** The value as text matches the regular expression: linear-time and case-insensitive, so no pattern can hang. */
  matchesPattern(column: Expression<unknown>, pattern: string): RawBuilder<SqlBool>;
  /** A JSON array of strings (`crons.labels`) has an element that matches the regular expression. */
  anyElementMatches(column: Expression<unknown>, pattern: string): RawBuilder<SqlBool>;
  /** A JSON array of strings has one of these elements. */
  anyElementIn(column: Expression<unknown>, values: readonly string[]): RawBuilder<SqlBool>;
  /**
   * `column IN (values)` for a list of any length: every list that comes from a request or from a table goes
   * through it. `leads = false`: the engine must not look rows up by this column, so the ORDER BY's index leads.
   */
  inList(column: string, values: readonly (number | string)[] | Int32Array, leads?: boolean): RawBuilder<SqlBool>;
  /** A run (`job_runs`) that failed or timed out, written so the partial index of failures serves it. */
  readonly runFailed: RawBuilder<SqlBool>;
  /**
   * A row's place in the order its table's rows were inserted: the tie-break of rows written in the same millisecond
   * (a table without an id of its own, such as `app_tokens`).
   */
  readonly insertionOrder: RawBuilder<number>;
  /** A condition always true, and one never true (an empty list of conditions, an empty IN list). */
  readonly always: RawBuilder<SqlBool>;
  readonly never: RawBuilder<SqlBool>;
  /**
   * A compiled `UPDATE` of one row by its key, as this engine runs it cheapest (db/shapes.ts); the same rows change
   * and the same constraints fail as with the statement given.
   */
  oneRowUpdate(compiledSql: string): string;
}
