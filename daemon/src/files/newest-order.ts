/**
 * A folder's entries newest first, for the pages of the logs tree and of a task's logs (files/tree.ts): a log named by
 * its start stamp is placed by that stamp, any other entry by its modification time. Only the entries without a stamp
 * are stat'ed to find their place (a stat of a log is a disk read when the inode cache is cold: ≈20 µs each, 1,000 a
 * folder); the page's own entries are stat'ed by the caller.
 *
 * The order is kept as indices into the entries, sorted by their times in a typed array: a page of a folder of 1,000
 * logs would allocate an object per entry to sort it, most of what the daemon's 1 MB young generation collects
 * on each page. An entry's object is made when it is read.
 */
import { logNameTime } from './stamp.ts';

/** What a listing keeps of a stat (not Node's Stats: four Date objects each). */
export interface Info {
  file: boolean;
  directory: boolean;
  mtimeMs: number;
  size: number;
}

/** An entry in its place in the order; `info` when it had to be stat'ed to find its place. */
export interface Placed<T> {
  entry: T;
  name: string;
  time: number;
  info?: Info;
}

/** Entries in an order, read one at a time. */
export interface Ordered<T> {
  readonly length: number;
  at(position: number): Placed<T>;
}

export interface NewestOptions<T> {
  nameOf: (entry: T) => string;
  /** Whether the entry's name may be a log's stamp (a file); the others are stat'ed for their time. */
  stampable: (entry: T) => boolean;
  /** The panel's time zone, which stamps are written in. */
  zone: string;
  /** The stats of these names (null: gone or unreadable), in their order. */
  stat: (names: string[]) => Promise<(Info | null)[]>;
  /** Whether an entry that was stat'ed is listed at all. */
  keep: (entry: T, info: Info) => boolean | Promise<boolean>;
}

/** Newest first; equal times by name, the greater first. */
export const newerThenName = (a: { time: number; name: string }, b: { time: number; name: string }) =>
  b.time - a.time || (a.name < b.name ? 1 : a.name > b.name ? -1 : 0);

/** Entries in `newerThenName`'s order. Entries gone or not kept are left out. */
export async function newestFirst<T>(entries: readonly T[], o: NewestOptions<T>): Promise<Ordered<T>> {
  const count = entries.length;
  const names = entries.map(o.nameOf);
  const times = new Float64Array(count);
  const unnamed: number[] = [];
  for (let i = 0; i < count; i++) {
    const time = o.stampable(entries[i]!) ? logNameTime(names[i]!, o.zone) : null;
    if (time === null) unnamed.push(i);
    else times[i] = time;
  }
  const infos = new Map<number, Info>();
  const stats = await o.stat(unnamed.map((i) => names[i]!));
  for (const [n, i] of unnamed.entries()) {
    const info = stats[n];
    if (info && (await o.keep(entries[i]!, info))) {
      times[i] = info.mtimeMs;
      infos.set(i, info);
    } else {
      times[i] = NaN;
    }
  }
  let listed = 0;
  const order = new Uint32Array(count);
  for (let i = 0; i < count; i++) if (!Number.isNaN(times[i]!)) order[listed++] = i;
  // newerThenName over indices into the typed arrays (no object per entry).
  const byTimeThenName = (a: number, b: number) => {
    const newer = times[b]! - times[a]!;
    if (newer !== 0) return newer;
    const nameA = names[a]!;
    const nameB = names[b]!;
    return nameA < nameB ? 1 : nameA > nameB ? -1 : 0;
  };
  const sorted = order.subarray(0, listed).sort(byTimeThenName);
  return {
    length: listed,
    at(position) {
      const i = sorted[position]!;
      const info = infos.get(i);
      return { entry: entries[i]!, name: names[i]!, time: times[i]!, ...(info ? { info } : {}) };
    },
  };
}
