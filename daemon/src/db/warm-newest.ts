import type SQLite from 'better-sqlite3';

/** Rows read in one turn of the event loop: a few milliseconds at most with a cold cache, so requests pass between. */
const sliceRows = 4096;

/**
 * Reads a table's newest rows (its highest rowids) once, so the kernel holds their pages when the pages that show
 * them are first asked for after a restart. Rows are stored in rowid order, so this is a sequential read the kernel
 * reads ahead, where answering the pages one by one would be a random read per row (a task's newest 100 runs lie
 * in 100 pages). A slice a turn, from
 * the newest down, so requests pass between slices; stops quietly when the connection closes. Resolves to the rows read.
 */
export async function warmNewestRows(sqlite: SQLite.Database, table: string, rows: number): Promise<number> {
  const newest = sqlite.prepare(`select max(rowid) as id from "${table}"`).get() as { id: number | null };
  if (newest.id === null || rows <= 0) return 0;
  const count = sqlite.prepare(`select count(*) as n from "${table}" where rowid > ? and rowid <= ?`).pluck();
  const oldest = Math.max(0, newest.id - rows);
  let read = 0;
  for (let upper = newest.id; upper > oldest && sqlite.open; upper -= sliceRows) {
    read += count.get(Math.max(oldest, upper - sliceRows), upper) as number;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return read;
}
