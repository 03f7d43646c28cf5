/**
 * The tasks' searchable text kept in memory, each column as one string, for the searches the trigram index answers
 * slowly. FTS5 steps through the rows of a phrase's rarest trigram, checking the others beside it: a phrase with a
 * rare trigram (`task 86`) costs it well under a millisecond at 100,000 tasks, but one whose every trigram is in most
 * tasks (`task`, `er task` on a panel where every name ends in `task`) 5–12 ms. A substring search through the same
 * text in memory costs 1.1–2.5 ms at 100,000 tasks whatever the phrase when the text is in the processor's cache,
 * 3–4.5 ms in a sequence of requests that is not (ASCII text, lower-cased by SQLite: one byte a character;
 * docs/performance.md, issue #15 rounds 11 and 15), against ≈0.2 µs a task that holds the phrase's rarest trigram for
 * the index, so it answers the phrases whose rarest trigram is in 15 % of the tasks or more (counted in the first
 * tasks): 8 % made the 2 % searches slower in sequence (3.6 against 2.2 ms).
 *
 * The text is lower-cased as LIKE compares (ASCII letters only, as the index's triggers do), so a match here is a
 * match of `column LIKE '%text%'`. It is read at start-up and again whenever the tasks' text version moves (any
 * writer, the `ql` command too: migration 0014) at the next search, in slices of a few thousand rows a turn, and used
 * only once it was read whole at the version the search was asked at; until then the index answers.
 */
import { sql, type Kysely } from 'kysely';
import { IdSet, idListOf, parseIdList } from '../../db/id-list.ts';
import type { Database } from '../../db/schema.ts';
import { asciiLower, textVersion, type IndexedTextColumn } from '../../db/text-index.ts';

/** Between two tasks' text in a column's string: a phrase that holds it falls back to the index. */
const separator = '\0';
const columns = ['name', 'command', 'schedule', 'labels'] as const;
/** Rows read per statement while the text is read again (≈3.5 ms each, 170 ms for 100,000 tasks; round 14). */
const sliceRows = 2000;
/** The tasks a phrase's trigrams are counted in, to tell whether the index would answer it slowly. */
const sampleRows = 2000;

interface Snapshot {
  version: number;
  /** The tasks' ids in id order, and where each task's text begins in every column's string (one more at the end). */
  ids: Int32Array;
  largest: number;
  /**
   * Each column's text as one string, the first `sampleRows` tasks' text of it, where each task's begins, and whether
   * any holds a `%` (the URI-encoded form of a search with a space or a non-ASCII letter is looked for only then).
   */
  text: Record<IndexedTextColumn, { joined: string; sample: string; starts: Int32Array; percent: boolean }>;
  /** False when an id is past 31 bits or a task's text holds the separator: the index answers every search. */
  usable: boolean;
}

function unusable(version: number): Snapshot {
  const none = { joined: '', sample: '', starts: new Int32Array(1), percent: false };
  return {
    version,
    ids: new Int32Array(0),
    largest: 0,
    usable: false,
    text: { name: none, command: none, schedule: none, labels: none },
  };
}

export class TextScan {
  private snapshot: Snapshot | null = null;
  private reading: Promise<void> | null = null;

  /**
   * `denseShare`: from it on, a trigram makes the index slower than the search in memory (0: every phrase here).
   * `slice`: rows read per statement (tests make it small, so that the text is read in many).
   */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly denseShare = 0.15,
    private readonly slice = sliceRows,
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
    if (!snapshot.usable || texts.some((text) => text.includes(separator))) return undefined;
    const needles = texts.map(asciiLower);
    const columns = [...new Set(within)];
    if (!needles.some((needle) => this.dense(snapshot, columns, needle))) return undefined;
    return IdSet.collect(snapshot.largest, (add) => {
      for (const column of columns) {
        for (const needle of needles) rowsContaining(snapshot, column, 'joined', needle, add);
      }
    });
  }

  /**
   * False when the text in memory, of `version`, shows that no task's text in `columns` can hold `text`: it holds a
   * `%` and none of theirs does (the URI-encoded variant of a search, looked for beside it, for nothing on most panels).
   */
  mayHold(version: number, columns: readonly IndexedTextColumn[], text: string): boolean {
    const snapshot = this.snapshot;
    if (snapshot?.version !== version || !snapshot.usable || !text.includes('%')) return true;
    return columns.some((column) => snapshot.text[column].percent);
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

  /**
   * The version is read first: rows read after a change are kept under the version before it, never used. SQLite
   * lower-cases and joins each slice (its lower() changes ASCII letters only, as asciiLower does), so a slice arrives
   * as one string a column: read as a string a row and joined at the end, 100,000 tasks' text left 400,000 strings
   * for the collector and held the event loop ≈70 ms in one turn, which the first search after it waited for
   * (issue #15, round 14).
   */
  private async read(): Promise<void> {
    const { version } = (await textVersion().execute(this.db)).rows[0]!;
    const idParts: Int32Array[] = [];
    const pieces: Record<IndexedTextColumn, string[]> = { name: [], command: [], schedule: [], labels: [] };
    const startParts: Record<IndexedTextColumn, Int32Array[]> = { name: [], command: [], schedule: [], labels: [] };
    const lengths: Record<IndexedTextColumn, number> = { name: 0, command: 0, schedule: 0, labels: 0 };
    let count = 0;
    for (let after = 0; ;) {
      const read = await readSlice(this.db, after, this.slice);
      const ids = parseIdList(read.ids);
      if (ids?.length === 0) break;
      // An id past 31 bits, or a task's text holding the separator: the index answers every search of this version.
      if (!ids) {
        this.snapshot = unusable(version);
        return;
      }
      for (const column of columns) {
        const joined = (read[column] ?? '') + separator;
        const starts = startsOf(joined, ids.length, lengths[column]);
        if (!starts) {
          this.snapshot = unusable(version);
          return;
        }
        pieces[column].push(joined);
        startParts[column].push(starts);
        lengths[column] += joined.length;
      }
      idParts.push(ids);
      count += ids.length;
      if (ids.length < this.slice) break;
      after = ids.at(-1)!;
      // The panel keeps answering while 100,000 tasks are read.
      await new Promise((resolve) => setImmediate(resolve));
    }
    const text = {} as Snapshot['text'];
    for (const column of columns) {
      const starts = concatenated(startParts[column], count + 1);
      starts[count] = lengths[column];
      // Joined here, so the first search does not wait for a concatenation to be flattened.
      const joined = pieces[column].join('');
      const sample = joined.slice(0, starts[Math.min(sampleRows, count)]);
      text[column] = { joined, sample, starts, percent: joined.includes('%') };
    }
    const ids = concatenated(idParts, count);
    this.snapshot = { version, usable: true, ids, largest: ids.at(-1) ?? 0, text };
  }
}

/**
 * Up to `rows` tasks after id `after`, in id order: their ids, and each column's text lower-cased, the rows' joined.
 * Every aggregate is fed in the subquery's order (as idListOf's lists are).
 */
async function readSlice(db: Kysely<Database>, after: number, rows: number) {
  const joined = (column: IndexedTextColumn) =>
    sql<string | null>`group_concat(coalesce(lower(${sql.ref(column)}), ''), char(0))`.as(column);
  return db
    .selectFrom((eb) =>
      eb
        .selectFrom('crons')
        .select(['id', ...columns])
        .where('id', '>', after)
        .orderBy('id')
        .limit(rows)
        .as('slice'),
    )
    .select([idListOf(sql.ref('id')), ...columns.map(joined)])
    .executeTakeFirstOrThrow();
}

/**
 * Where each of `rows` rows' text begins in `joined` (each ends with the separator), counted from `offset`; null when
 * the text holds more separators than rows end.
 */
function startsOf(joined: string, rows: number, offset: number): Int32Array | null {
  const starts = new Int32Array(rows);
  let row = 0;
  for (let at = 0; at < joined.length; row++) {
    if (row >= rows) return null;
    starts[row] = offset + at;
    at = joined.indexOf(separator, at) + 1;
  }
  return row === rows ? starts : null;
}

function concatenated(parts: Int32Array[], length: number): Int32Array {
  const all = new Int32Array(length);
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
}

/** Calls `add` with the id of each task whose text in `column` (all of it, or the sample) contains `needle`. */
function rowsContaining(
  snapshot: Snapshot,
  column: IndexedTextColumn,
  part: 'joined' | 'sample',
  needle: string,
  add: (id: number) => void,
): void {
  const { starts, percent, [part]: text } = snapshot.text[column];
  if (!percent && needle.includes('%')) return;
  let row = 0;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, starts[row + 1])) {
    while (starts[row + 1]! <= at) row++;
    add(snapshot.ids[row]!);
  }
}
