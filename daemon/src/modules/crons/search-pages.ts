/**
 * Pages of a text search that matches many tasks, in an order an index serves (repository.ts listIndexedSearch).
 *
 * A search's matches are read once per request into a bit set — from the tasks' text in memory once it is current
 * (text-scan.ts), else from the trigram index as one id list (db/id-list.ts) — whose size is the total, so nothing is
 * read a second time to count. The order's ids are read from its index (ids only, no
 * row), as far as the page needs: a page near the start of an order whose matches are spread reads a few thousand,
 * one whose matches cluster at the end of the order reads further (≈45 ns an id), up to a budget the caller sets
 * (past it, reading the matches by id is cheaper). The page is the ids of the order that are in the set, then its
 * rows by id. Checking 100,000 ids against the set in JavaScript takes ≈0.1 ms, where SQLite's walk of the index
 * checking each against the matches (an ephemeral index built from them first) took ≈80 ns an entry.
 *
 * Both are kept: a search's matches until the tasks' text changes (db/text-index.ts textVersion: runs, which change
 * a task's status and last run on every start and end, leave them), an order's ids until the database changes at
 * all (the change counter of db/connection.ts, the same key the reply cache uses). An order a search was asked in is
 * read on to its end in the background (readWhole), so that its next pages, however deep, need no read of it. The next page, another size or a
 * re-sort of the same search reads neither again, and a new word reads only its matches. Every entry carries the
 * version it was read at, so a request that finishes after a change cannot leave old ids under the new version.
 */
import { sql, type Kysely } from 'kysely';
import { IdSet, idListOf, parseIdList } from '../../db/id-list.ts';
import type { Database } from '../../db/schema.ts';
import { idsOfTasksContaining, textVersion, type IndexedTextColumn } from '../../db/text-index.ts';
import type { SortColumn } from './search.ts';
import { TextScan } from './text-scan.ts';

export type Order = [SortColumn, 'asc' | 'desc'][];

interface Versioned<T> {
  version: string;
  value: T;
}

/** The first `length` ids of an order; `complete` once the index had no more. */
interface OrderPrefix {
  ids: Int32Array;
  length: number;
  complete: boolean;
}

/** The most the kept searches' bit sets hold together: 2 MB is 160 searches at 100,000 tasks (12.5 KB each). */
const searchBytesKept = 2 * 1024 * 1024;

/**
 * Ids of an order read a turn while it is read whole in the background: 8,192 take 0.5–1.7 ms at 100,000 tasks (the
 * later slices skip what was read before, ≈10 ns an id), the whole order 12–16 ms in all.
 */
const backgroundSlice = 8192;

export class SearchPages {
  private readonly matches = new Map<string, Versioned<IdSet | null>>();
  private readonly orders = new Map<string, Versioned<OrderPrefix>>();
  /** The orders being read whole in the background (readWhole), until done or the database changed. */
  private readonly wholeReads = new Map<string, Promise<void>>();
  private version = '';
  private textVersion = -1;
  private matchBytes = 0;

  /**
   * `smallestRead`: the fewest ids of an order read at once (a statement costs more than a thousand ids). `scan`: the
   * tasks' text in memory, where searches are answered once it is current (else, and without one, by the index).
   */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly smallestRead = 1024,
    readonly scan: TextScan | null = new TextScan(db),
    private readonly wholeSlice = backgroundSlice,
  ) {}

  /** What an older version read is dropped at the first request of a new one (up to 400 KB an order). */
  private at(version: string): void {
    if (version === this.version) return;
    this.version = version;
    this.orders.clear();
  }

  /** The tasks containing one of the texts; null when their ids are too large for a bit set (then use SQL). */
  async matching(columns: readonly IndexedTextColumn[], texts: readonly string[]): Promise<IdSet | null> {
    const { version } = (await textVersion().execute(this.db)).rows[0]!;
    if (version !== this.textVersion) {
      this.textVersion = version;
      this.matches.clear();
      this.matchBytes = 0;
    }
    const key = JSON.stringify([columns, texts]);
    const kept = this.matches.get(key);
    if (kept?.version === String(version)) {
      // Asked again: now the newest.
      this.matches.delete(key);
      this.matches.set(key, kept);
      return kept.value;
    }
    const wanted = texts.filter((text) => this.scan?.mayHold(version, columns, text) ?? true);
    const value = !wanted.length
      ? IdSet.collect(0, () => {})
      : (this.scan?.matching(version, columns, wanted) ??
        IdSet.parse((await idsOfTasksContaining(columns, wanted).execute(this.db)).rows[0]!.ids));
    const replaced = this.matches.get(key);
    if (replaced) this.matchBytes -= replaced.value?.bytes ?? 0;
    this.matches.delete(key);
    this.matches.set(key, { version: String(version), value });
    this.matchBytes += value?.bytes ?? 0;
    // The searches asked longest ago go first (a Map iterates in insertion order; one asked again moved to the end).
    for (const [oldest, kept] of this.matches) {
      if (this.matchBytes <= searchBytesKept || oldest === key) break;
      this.matches.delete(oldest);
      this.matchBytes -= kept.value?.bytes ?? 0;
    }
    return value;
  }

  /**
   * About how many ids of the order a page would still have to read, if the matches are spread evenly over it (the
   * caller weighs that against reading the matches by id).
   */
  idsToRead(version: string, order: Order, matches: IdSet, need: number, tasks: number): number {
    const kept = this.orders.get(JSON.stringify(order));
    if (kept?.version !== version) return Math.min(tasks, this.firstRead(matches, need, tasks));
    if (kept.value.complete) return 0;
    return Math.max(0, Math.min(tasks, this.firstRead(matches, need, tasks)) - kept.value.length);
  }

  /**
   * Reads the rest of an order in the background, a slice a turn, while the database stays at `version` (`current`
   * tells its version now): pages of that order then come from the ids kept, whatever their depth, instead of a read
   * of the order as far as the page (≈2 ms for a deep page of a 2 % search at 100,000 tasks) or of the matches by id
   * (≈2 ms more when that read would pass its budget). Resolves when done or given up (the database changed).
   */
  readWhole(version: string, order: Order, current: () => string | null): Promise<void> {
    this.at(version);
    const key = JSON.stringify(order);
    const kept = this.orders.get(key);
    if (kept?.version === version && kept.value.complete) return Promise.resolve();
    const readKey = `${version} ${key}`;
    const reading = this.wholeReads.get(readKey);
    if (reading) return reading;
    const read = (async () => {
      for (;;) {
        // Between two requests: the panel keeps answering while an order of 100,000 tasks is read.
        await new Promise((resolve) => setImmediate(resolve));
        if (current() !== version || this.version !== version) return;
        const prefix = await this.orderPrefix(version, order, this.keptLength(version, order) + this.wholeSlice);
        if (!prefix || prefix.complete) return;
      }
    })()
      // A read that fails (the database closing) is tried again at the next request of the order.
      .catch(() => {})
      .finally(() => this.wholeReads.delete(readKey));
    this.wholeReads.set(readKey, read);
    return read;
  }

  /** How far into the order the `need`-th match should lie, with a margin: the first read of a page. */
  private firstRead(matches: IdSet, need: number, tasks: number): number {
    const density = matches.size / Math.max(tasks, matches.size, 1);
    return Math.ceil((need / density) * 1.25) + 64;
  }

  /**
   * The ids of the page (`offset`, `limit`) of the tasks in `matches`, in `order`. `tasks` (how many there are, about)
   * sizes the first read of the order: the page should come from one read when the matches are spread. Null when an
   * id of the order is too large for this path, or when the page would need more than `budget` ids of the order
   * beyond those kept (the matches cluster late in the order; the caller reads them by id instead).
   */
  async page(
    version: string,
    order: Order,
    matches: IdSet,
    page: { offset: number; limit: number },
    tasks: number,
    budget = Infinity,
  ): Promise<number[] | null> {
    this.at(version);
    const need = page.offset + page.limit;
    if (matches.size === 0) return [];
    const kept = this.keptLength(version, order);
    const limit = kept + budget;
    let upto = Math.min(limit, this.firstRead(matches, need, tasks));
    const ids: number[] = [];
    let position = 0;
    let seen = 0;
    for (;;) {
      const prefix = await this.orderPrefix(version, order, upto);
      if (!prefix) return null;
      for (; position < prefix.length && seen < need; position++) {
        const id = prefix.ids[position]!;
        if (!matches.has(id)) continue;
        if (seen >= page.offset) ids.push(id);
        seen++;
      }
      if (seen >= need || (prefix.complete && position >= prefix.length)) return ids;
      // The matches cluster further into the order than they would if spread: past the budget, by id is cheaper.
      if (prefix.length >= limit) return null;
      // Within it, as far as the matches seen so far say the page ends (with a margin, and at least twice as far:
      // each read starts with skipping what was read before), or to the budget at once when none was seen. Reading
      // to the end whenever the first read fell short took 8 ms for a page whose matches were 1,000 ids on (round 14).
      const more = seen > 0 ? ((need - seen) * position * 1.25) / seen : Infinity;
      upto = Math.min(limit, Math.max(prefix.length * 2, Math.min(tasks, position + more)));
    }
  }

  private keptLength(version: string, order: Order): number {
    const kept = this.orders.get(JSON.stringify(order));
    return kept?.version === version ? kept.value.length : 0;
  }

  /** At least `upto` ids of the order (fewer only when it has fewer), reading on from what is kept. */
  private async orderPrefix(version: string, order: Order, upto: number): Promise<OrderPrefix | null> {
    const key = JSON.stringify(order);
    let kept = this.orders.get(key);
    if (kept?.version !== version) {
      kept = { version, value: { ids: new Int32Array(0), length: 0, complete: false } };
      this.orders.set(key, kept);
    }
    const prefix = kept.value;
    while (prefix.length < upto && !prefix.complete) {
      const from = prefix.length;
      // Whole ids: SQLite refuses a LIMIT with a fraction (datatype mismatch).
      const count = Math.ceil(Math.max(upto - from, this.smallestRead));
      const inner = order
        .reduce((select, [column, direction]) => select.orderBy(column, direction), this.db.selectFrom('crons'))
        .select('crons.id')
        .limit(count)
        .offset(from);
      const row = await this.db
        .selectFrom(inner.as('o'))
        .select(idListOf(sql.ref('o.id')))
        .executeTakeFirst();
      const read = parseIdList(row?.ids ?? null);
      if (!read) return null;
      // Another request of the same version may have read on meanwhile: its ids are the same ones.
      if (prefix.length !== from) continue;
      if (prefix.ids.length < from + read.length) {
        const grown = new Int32Array(Math.max(from + read.length, prefix.ids.length * 2));
        grown.set(prefix.ids.subarray(0, from));
        prefix.ids = grown;
      }
      prefix.ids.set(read, from);
      prefix.length = from + read.length;
      if (read.length < count) prefix.complete = true;
    }
    return prefix;
  }
}
