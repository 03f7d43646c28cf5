/**
 * The tasks' ids in an order an index serves, kept for the pages of searches (search-pages.ts): read from the order's
 * index, ids only, as far as a page needs them, then on to the end in the background once a search was asked in
 * that order.
 *
 * What is read at a version (the database's change counter, or with db/sqlite/row-moves.ts the tasks' moves and other
 * connections' commits) is kept until the version changes; a whole order stays usable after that as long as the
 * tasks that moved since are known and few: its other ids are still in their order, and the pages put the moved ones
 * back (search-pages.ts). Without that, every run's start and end made the next search read 100,000 ids again
 * (≈10 ms when its matches cluster at the end of the order).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { SortColumn } from './search.ts';

export type Order = [SortColumn, 'asc' | 'desc'][];

/** The first `length` ids of an order; `complete` once the index had no more. */
export interface OrderPrefix {
  ids: Int32Array;
  length: number;
  complete: boolean;
}

/** An order read whole at the current version or an earlier one, and the tasks that moved since (maybe none). */
export interface WholeOrder {
  ids: Int32Array;
  moved: Int32Array;
}

/** The tasks that moved between two versions (some more than once); null when that is not known. */
export type MovesBetween = (from: string, to: string) => Int32Array | null;

interface Versioned<T> {
  version: string;
  value: T;
}

/**
 * Ids read a turn while an order is read whole in the background: 8,192 take 0.5–1.7 ms at 100,000 tasks (the later
 * slices skip what was read before, ≈10 ns an id), the whole order 12–16 ms in all.
 */
const backgroundSlice = 8192;
/** A whole order with more tasks moved since than this is not used: a page would sort that many rows by id. */
const mostMoved = 1024;
/** From this many moved on, the order is read whole again in the background. */
const rereadMoved = 256;
/** Whole orders kept at most (each 4 bytes a task: 400 KB at 100,000), the one used longest ago dropped first. */
const wholesKept = 16;

const none = new Int32Array(0);

export class OrderIds {
  private readonly prefixes = new Map<string, Versioned<OrderPrefix>>();
  private readonly wholes = new Map<string, Versioned<Int32Array>>();
  /** The orders being read whole in the background, until done or the version changed. */
  private readonly wholeReads = new Map<string, Promise<void>>();
  private version = '';

  /**
   * `smallestRead`: the fewest ids read by one statement (a statement costs more than a thousand ids). `wholeSlice`:
   * ids read a turn in the background. `moves`: what moved between two versions (without it, none is known).
   * `current`: the version now. A read is kept only if the version is still the one it was asked at when it returns:
   * the one connection serves queries first come, first served, so a write asked before may run before it.
   */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly smallestRead = 1024,
    private readonly wholeSlice = backgroundSlice,
    private readonly moves?: MovesBetween,
    private readonly current?: () => string | null,
  ) {}

  /** What an older version read is dropped at the first request of a new one, but for the whole orders. */
  at(version: string): void {
    if (version === this.version) return;
    this.version = version;
    this.prefixes.clear();
  }

  /** How many ids of the order are kept at this version. */
  keptLength(version: string, order: Order): number {
    const kept = this.prefixes.get(JSON.stringify(order));
    return kept?.version === version ? kept.value.length : 0;
  }

  /** The order read whole at `version` or before it, with the tasks moved since; null when none can be used. */
  whole(version: string, order: Order): WholeOrder | null {
    const key = JSON.stringify(order);
    const kept = this.wholes.get(key);
    if (!kept) return null;
    const moved = kept.version === version ? none : (this.moves?.(kept.version, version) ?? null);
    // Moves only add up: one that cannot be used now never can.
    if (!moved || moved.length > mostMoved) {
      this.wholes.delete(key);
      return null;
    }
    // Used now: the newest (a Map iterates in insertion order).
    this.wholes.delete(key);
    this.wholes.set(key, kept);
    return { ids: kept.value, moved };
  }

  /**
   * Reads the rest of an order in the background, a slice a turn, while the version stays `version`: pages of that order then come from the ids kept, whatever their depth, instead of a read of the
   * order as far as the page (≈2 ms for a deep page of a 2 % search at 100,000 tasks) or of the matches by id. Not
   * while a whole order of an earlier version can be used and few tasks moved since. Resolves when done or given up.
   */
  readWhole(version: string, order: Order): Promise<void> {
    this.at(version);
    if ((this.whole(version, order)?.moved.length ?? Infinity) < rereadMoved) return Promise.resolve();
    const key = JSON.stringify(order);
    const readKey = `${version} ${key}`;
    const reading = this.wholeReads.get(readKey);
    if (reading) return reading;
    const read = (async () => {
      for (;;) {
        // Between two requests: the panel keeps answering while an order of 100,000 tasks is read.
        await new Promise((resolve) => setImmediate(resolve));
        if (this.current?.() !== version || this.version !== version) return;
        const prefix = await this.prefix(version, order, this.keptLength(version, order) + this.wholeSlice);
        if (!prefix || prefix.complete) return;
      }
    })()
      // A read that fails (the database closing) is tried again at the next request of the order.
      .catch(() => {})
      .finally(() => this.wholeReads.delete(readKey));
    this.wholeReads.set(readKey, read);
    return read;
  }

  /** At least `upto` ids of the order (fewer only when it has fewer), reading on from what is kept. */
  async prefix(version: string, order: Order, upto: number): Promise<OrderPrefix | null> {
    const key = JSON.stringify(order);
    let kept = this.prefixes.get(key);
    if (kept?.version !== version) {
      kept = { version, value: { ids: new Int32Array(0), length: 0, complete: false } };
      this.prefixes.set(key, kept);
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
      const rows = await inner.execute();
      const read = rows.every((row) => row.id <= 0x7fffffff) ? Int32Array.from(rows, (row) => row.id) : null;
      // Without a known version now, nothing is kept across requests anyway (a transaction's repository).
      if (!read || (this.current && this.current() !== version)) return null;
      // Another request of the same version may have read on meanwhile: its ids are the same ones.
      if (prefix.length !== from) continue;
      if (prefix.ids.length < from + read.length) {
        const grown = new Int32Array(Math.max(from + read.length, prefix.ids.length * 2));
        grown.set(prefix.ids.subarray(0, from));
        prefix.ids = grown;
      }
      prefix.ids.set(read, from);
      prefix.length = from + read.length;
      if (read.length < count) {
        prefix.complete = true;
        // One array for both, no longer than the order.
        prefix.ids = prefix.ids.slice(0, prefix.length);
        this.wholes.delete(key);
        this.wholes.set(key, { version, value: prefix.ids });
        if (this.wholes.size > wholesKept) this.wholes.delete(this.wholes.keys().next().value!);
      }
    }
    return prefix;
  }
}
