/**
 * Pages of a text search that matches many tasks, in an order an index serves (repository.ts listIndexedSearch).
 *
 * A search's matches are read once per request from the trigram index into a bit set (db/id-list.ts), whose size is
 * the total, so nothing is read a second time to count. The order's ids are read from its index (ids only, no
 * row), as far as the page needs: a page near the start of an order whose matches are spread reads a few thousand,
 * one whose matches cluster at the end of the order reads further, up to a budget the caller sets
 * (past it, reading the matches by id is cheaper). The page is the ids of the order that are in the set, then its
 * rows by id. Checking ids against the set in JavaScript costs about a nanosecond an id, where SQLite's walk of the
 * index checking each against the matches (an ephemeral index built from them first) costs tens of times more.
 *
 * Both are kept: a search's matches until the tasks' text changes (db/sqlite/text-index.ts textVersion: runs, which
 * change a task's status and last run on every start and end, leave them), an order's ids as order-ids.ts says: read to
 * its end in the background once a search was asked in it, and used after tasks moved as long as those are known and
 * few (fromWhole). The next page, another size or a re-sort of the same search reads neither again, and a new word
 * reads only its matches. Every entry carries the version it was read at, so a request that finishes after a change
 * cannot leave old ids under the new version.
 */
import type { Kysely } from 'kysely';
import { IdSet } from '../../db/id-list.ts';
import type { Database } from '../../db/schema.ts';
import type { Phrases } from '../../db/phrases.ts';
import type { IndexedTextColumn, TextIndex } from '../../db/port.ts';
import { OrderIds, type MovesBetween, type Order, type WholeOrder } from './order-ids.ts';

export type { Order };

interface Versioned<T> {
  version: string;
  value: T;
}

/** The most the kept searches' bit sets hold together: 2 MB is 160 searches at 100,000 tasks (12.5 KB each). */
const searchBytesKept = 2 * 1024 * 1024;

export class SearchPages {
  private readonly matches = new Map<string, Versioned<IdSet | null>>();
  private readonly orders: OrderIds;
  private textVersion = -1;
  private matchBytes = 0;

  /**
   * `smallestRead`: the fewest ids of an order read at once (a statement costs more than a thousand ids).
   * `wholeSlice`, `moves` and `current` (the version now): see order-ids.ts.
   */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly phrases: Phrases,
    private readonly textIndex: TextIndex,
    options: {
      smallestRead?: number;
      wholeSlice?: number;
      moves?: MovesBetween;
      current?: () => string | null;
    } = {},
  ) {
    this.orders = new OrderIds(db, options.smallestRead, options.wholeSlice, options.moves, options.current);
  }

  /** The tasks containing one of the texts; null when their ids are too large for a bit set (then use SQL). */
  async matching(columns: readonly IndexedTextColumn[], texts: readonly string[]): Promise<IdSet | null> {
    const { version } = (await this.textIndex.textVersion().execute(this.db)).rows[0]!;
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
    const value = IdSet.of(
      (await this.textIndex.idsOfTasksContaining(columns, texts).execute(this.db)).rows.map((row) => row.id),
    );
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
    if (this.orders.whole(version, order)) return 0;
    return Math.max(0, Math.min(tasks, this.firstRead(matches, need, tasks)) - this.orders.keptLength(version, order));
  }

  /** Reads the order whole in the background (order-ids.ts readWhole). */
  readWhole(version: string, order: Order): Promise<void> {
    return this.orders.readWhole(version, order);
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
    this.orders.at(version);
    const need = page.offset + page.limit;
    if (matches.size === 0) return [];
    const whole = this.orders.whole(version, order);
    if (whole) return this.fromWhole(whole, order, matches, page);
    const kept = this.orders.keptLength(version, order);
    const limit = kept + budget;
    let upto = Math.min(limit, this.firstRead(matches, need, tasks));
    const ids: number[] = [];
    let position = 0;
    let seen = 0;
    for (;;) {
      const prefix = await this.orders.prefix(version, order, upto);
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
      // each read starts with skipping what was read before), or to the budget at once when none was seen: reading
      // to the end whenever the first read fell short reads the whole order for a page a few thousand ids on.
      const more = seen > 0 ? ((need - seen) * position * 1.25) / seen : Infinity;
      upto = Math.min(limit, Math.max(prefix.length * 2, Math.min(tasks, position + more)));
    }
  }

  /**
   * A page from an order read whole: its first `need` matches that did not move since it was read are in their order;
   * a task that moved may now go anywhere, so when some of those match, SQLite sorts them with those few by the
   * order's columns (the page is among them) — a few hundred rows by id instead of reading the order again.
   */
  private async fromWhole(
    { ids, moved }: WholeOrder,
    order: Order,
    matches: IdSet,
    { offset, limit }: { offset: number; limit: number },
  ): Promise<number[]> {
    const need = offset + limit;
    const movedIds = new Set(moved);
    const stayed: number[] = [];
    for (let i = 0; i < ids.length && stayed.length < need; i++) {
      const id = ids[i]!;
      if (matches.has(id) && !movedIds.has(id)) stayed.push(id);
    }
    const movedMatching = [...movedIds].filter((id) => matches.has(id));
    if (movedMatching.length === 0) return stayed.slice(offset);
    const select = order.reduce(
      (query, [column, direction]) => query.orderBy(column, direction),
      this.db
        .selectFrom('crons')
        .select('id')
        .where(this.phrases.inList('id', [...stayed, ...movedMatching])),
    );
    return (await select.limit(limit).offset(offset).execute()).map((row) => row.id);
  }
}
