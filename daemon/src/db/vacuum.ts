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
 * the old file and the next start tries again. A new database gets the mode when it is created (db/connection.ts).
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
  /** Pages returned per step (4 KB each); small, so one step costs the panel a few milliseconds. */
  stepPages?: number;
  /** Awaited between steps, so requests are served in between. */
  pause?: () => Promise<void>;
  signal?: AbortSignal;
}

/** Returns the free list to the file system in small steps; answers the number of pages returned. */
export async function reclaimFreePages(sqlite: SQLite.Database, o: ReclaimOptions = {}): Promise<number> {
  const step = o.stepPages ?? 256;
  const pause = o.pause ?? (() => new Promise<void>((resolve) => setImmediate(resolve)));
  const freeCount = () => Number(sqlite.pragma('freelist_count', { simple: true }));
  if (sqlite.pragma('auto_vacuum', { simple: true }) !== incremental) return 0;
  let returned = 0;
  for (let free = freeCount(); free > 0 && !o.signal?.aborted;) {
    sqlite.pragma(`incremental_vacuum(${step})`);
    const left = freeCount();
    if (left >= free) break;
    returned += free - left;
    free = left;
    await pause();
  }
  return returned;
}
