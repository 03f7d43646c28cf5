/**
 * The tasks' searchable text kept in memory, each column as one string, for the searches the trigram index answers
 * slowly. FTS5 steps through the rows of a phrase's rarest trigram, checking the others beside it: a phrase with a
 * rare trigram (`task 86`) costs it well under a millisecond at 100,000 tasks, but one whose every trigram is in most
 * tasks (`task`, `er task` on a panel where every name ends in `task`) 5–8 ms. A substring search through the same
 * text in memory costs ≈3.5 ms at 100,000 tasks whatever the phrase (docs/performance.md, issue #15 round 11): ≈36 ns
 * a task against ≈0.23 µs a task that holds the rarest trigram, so it answers the phrases whose rarest trigram is in
 * 15 % of the tasks or more (counted in the first tasks).
 *
 * The text is lower-cased as LIKE compares (ASCII letters only, as the index's triggers do), so a match here is a
 * match of `column LIKE '%text%'`. It is read again whenever the tasks' text version moves (any writer, the `ql`
 * command too: migration 0014), in slices of a few thousand rows a turn, and used only once it was read whole at the
 * version the search was asked at; until then the index answers.
 */
import type { Kysely } from 'kysely';
import { IdSet } from '../../db/id-list.ts';
import type { Database } from '../../db/schema.ts';
import { asciiLower, textVersion, type IndexedTextColumn } from '../../db/text-index.ts';

/** Between two tasks' text in a column's string: a phrase that holds it falls back to the index. */
const separator = '\0';
const columns = ['name', 'command', 'schedule', 'labels'] as const;
/** Rows read per statement while the text is read again (≈3 ms each at 100,000 tasks). */
const slice = 5000;
/** The tasks a phrase's trigrams are counted in, to tell whether the index would answer it slowly. */
const sampleRows = 2000;

interface Snapshot {
  version: number;
  /** The tasks' ids in id order, and where each task's text begins in every column's string (one more at the end). */
  ids: Int32Array;
  largest: number;
  /** Each column's text as one string, the first `sampleRows` tasks' text of it, and where each task's begins. */
  text: Record<IndexedTextColumn, { joined: string; sample: string; starts: Int32Array }>;
}

export class TextScan {
  private snapshot: Snapshot | null = null;
  private reading: Promise<void> | null = null;

  /** `denseShare`: from it on, a trigram makes the index slower than the search in memory (0: every phrase here). */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly denseShare = 0.15,
  ) {}

  /**
   * The tasks whose text contains one of `texts` in one of `columns`, when the text in memory is that of `version`;
   * undefined when it is not (it is then read again in the background) or a text holds the separator.
   */
  matching(version: number, within: readonly IndexedTextColumn[], texts: readonly string[]): IdSet | undefined {
    const snapshot = this.snapshot;
    if (snapshot?.version !== version) {
      // A read that fails (the database closing) is tried again at the next search.
      this.readAgain().catch(() => {});
      return undefined;
    }
    if (texts.some((text) => text.includes(separator))) return undefined;
    const needles = texts.map(asciiLower);
    const columns = [...new Set(within)];
    if (!needles.some((needle) => this.dense(snapshot, columns, needle))) return undefined;
    return IdSet.collect(snapshot.largest, (add) => {
      for (const column of columns) {
        for (const needle of needles) rowsContaining(snapshot, column, 'joined', needle, add);
      }
    });
  }

  /** Whether each trigram of the phrase is in at least `denseShare` of the first tasks (in any of the columns). */
  private dense(snapshot: Snapshot, columns: readonly IndexedTextColumn[], needle: string): boolean {
    const rows = Math.min(sampleRows, snapshot.ids.length);
    const chars = [...needle];
    for (let i = 0; i + 3 <= chars.length; i++) {
      const trigram = chars.slice(i, i + 3).join('');
      let found = 0;
      for (const column of columns) rowsContaining(snapshot, column, 'sample', trigram, () => found++);
      if (found < rows * this.denseShare) return false;
    }
    return true;
  }

  /** Resolves once the text in memory is the tasks' current text (tests; the daemon never waits for it). */
  async current(): Promise<void> {
    for (;;) {
      const { version } = (await textVersion().execute(this.db)).rows[0]!;
      if (this.snapshot?.version === version) return;
      await this.readAgain();
    }
  }

  private readAgain(): Promise<void> {
    this.reading ??= this.read().finally(() => (this.reading = null));
    return this.reading;
  }

  /** The version is read first: rows read after a change are kept under the version before it, never used. */
  private async read(): Promise<void> {
    const { version } = (await textVersion().execute(this.db)).rows[0]!;
    const ids: number[] = [];
    const parts: Record<IndexedTextColumn, string[]> = { name: [], command: [], schedule: [], labels: [] };
    for (let after = 0; ;) {
      const rows = await this.db
        .selectFrom('crons')
        .select(['id', ...columns])
        .where('id', '>', after)
        .orderBy('id')
        .limit(slice)
        .execute();
      for (const row of rows) {
        ids.push(row.id);
        for (const column of columns) parts[column].push(asciiLower(row[column]));
      }
      if (rows.length < slice) break;
      after = rows.at(-1)!.id;
      // The panel keeps answering while 100,000 tasks are read.
      await new Promise((resolve) => setImmediate(resolve));
    }
    const text = {} as Snapshot['text'];
    for (const column of columns) {
      const starts = new Int32Array(ids.length + 1);
      let at = 0;
      parts[column].forEach((part, i) => {
        starts[i] = at;
        at += part.length + separator.length;
      });
      starts[ids.length] = at;
      const joined = parts[column].join(separator) + separator;
      text[column] = { joined, sample: joined.slice(0, starts[Math.min(sampleRows, ids.length)]), starts };
    }
    this.snapshot = { version, ids: Int32Array.from(ids), largest: ids.at(-1) ?? 0, text };
  }
}

/** Calls `add` with the id of each task whose text in `column` (all of it, or the sample) contains `needle`. */
function rowsContaining(
  snapshot: Snapshot,
  column: IndexedTextColumn,
  part: 'joined' | 'sample',
  needle: string,
  add: (id: number) => void,
): void {
  const { starts, [part]: text } = snapshot.text[column];
  let row = 0;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, starts[row + 1])) {
    while (starts[row + 1]! <= at) row++;
    add(snapshot.ids[row]!);
  }
}
