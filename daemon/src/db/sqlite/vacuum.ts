/**
 * Giving deleted rows' space back to the disk without stopping the panel. A database in incremental auto-vacuum
 * keeps freed pages on a free list that `PRAGMA incremental_vacuum(N)` returns N at a time; a full VACUUM would
 * rewrite the whole file in one synchronous call, and better-sqlite3 runs on the event loop.
 */
import type SQLite from 'better-sqlite3';

const incremental = 2;

/**
 * Switches an existing database to incremental auto-vacuum: the mode is stored in the file's header and only a
 * VACUUM rewrites it. Runs once per database (a no-op afterwards), after the migrations and before the daemon
 * serves anything, outside any transaction (VACUUM cannot run inside one); VACUUM itself is atomic, so a crash leaves
 * the old file and the next start tries again. A new database gets the mode when it is created (db/sqlite/open.ts).
 * Returns whether it switched; a failure (another process holding the database) leaves it for the next start.
 */
export function useIncrementalVacuum(sqlite: SQLite.Database): boolean {
  if (sqlite.pragma('auto_vacuum', { simple: true }) === incremental) return false;
  sqlite.pragma('auto_vacuum = INCREMENTAL');
  sqlite.exec('VACUUM');
  return sqlite.pragma('auto_vacuum', { simple: true }) === incremental;
}

/** useIncrementalVacuum at start-up, saying what happened; a failure never stops the daemon. */
export function switchToIncrementalVacuum(
  sqlite: SQLite.Database,
  log: { info(msg: string): void; warn(obj: object, msg: string): void },
): void {
  try {
    if (useIncrementalVacuum(sqlite)) log.info('database switched to incremental auto-vacuum (one VACUUM)');
  } catch (error) {
    log.warn({ err: error }, 'could not switch the database to incremental auto-vacuum; the next start tries again');
  }
}

export interface ReclaimOptions {
  /**
   * Pages returned per step (4 KB each): the first step's and the most. A step moves pages from the end of the file
   * into free places and rewrites their parents; on a big database a step of 256 pages took 13–234 ms of the event
   * loop (a pass after removing 4.2 million runs), so each step after the first is sized to take about `sliceMs`.
   */
  width?: { start: number; max: number };
  /** How long one step may hold the event loop, about. */
  sliceMs?: number;
  /** Awaited between steps, so requests are served in between. */
  pause?: () => Promise<void>;
  signal?: AbortSignal;
}

/** Returns the free list to the file system in small steps; answers the number of pages returned. */
export async function reclaimFreePages(sqlite: SQLite.Database, o: ReclaimOptions = {}): Promise<number> {
  const { start, max } = o.width ?? { start: 64, max: 1024 };
  const sliceMs = o.sliceMs ?? 8;
  const pause = o.pause ?? (() => new Promise<void>((resolve) => setImmediate(resolve)));
  const freeCount = () => Number(sqlite.pragma('freelist_count', { simple: true }));
  if (sqlite.pragma('auto_vacuum', { simple: true }) !== incremental) return 0;
  let returned = 0;
  let step = start;
  for (let free = freeCount(); free > 0 && !o.signal?.aborted;) {
    const began = performance.now();
    sqlite.pragma(`incremental_vacuum(${step})`);
    const spent = performance.now() - began;
    const left = freeCount();
    if (left >= free) break;
    returned += free - left;
    free = left;
    // The next step returns what fits in the slice at this one's pace (halving or doubling at most).
    step = Math.round(Math.min(max, Math.max(8, step * Math.min(2, Math.max(0.5, sliceMs / Math.max(spent, 0.1))))));
    await pause();
  }
  return returned;
}
