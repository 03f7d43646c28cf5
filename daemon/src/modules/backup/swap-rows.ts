/**
 * A restore where the database is not the archive's file (PostgreSQL, BAIHU_DATABASE_URL): its rows are replaced by
 * those of the archive's checked SQLite file instead of the file being moved into data/db, where nothing would read
 * it. One journaled step before the files' (swap.ts), in two phases: the rows about to be replaced are kept as a
 * SQLite snapshot in the `before-restore` folder (as SQLite's replaced file is kept), then replaced in one transaction.
 */
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { archiveDataFolder } from '../../contract/backup.ts';
import type { DataPaths } from '../../config/paths.ts';
import { replaceRowsFromSqlite } from '../../db/copy-rows.ts';
import { databaseFileName } from '../../db/open.ts';
import type { DatabaseHandle } from '../../db/port.ts';
import { databaseFiles } from './parts.ts';
import { stagingDirOf, writePending, type PendingRestore } from './restore-state.ts';

/** The database whose rows a restore replaces. */
export interface RestoredRows {
  /** A SQLite snapshot of the rows as they are (DatabaseHandle.snapshotTo). */
  snapshotTo(file: string): Promise<void>;
  /** Every state table's rows replaced by those of a SQLite file, in one transaction (db/copy-rows.ts). */
  replaceFrom(file: string): Promise<void>;
}

export const restoredRowsOf = (database: DatabaseHandle): RestoredRows => ({
  snapshotTo: (file) => database.snapshotTo(file),
  replaceFrom: (file) => replaceRowsFromSqlite(database, file),
});

/** The rows' step in the journal, beside the folders' (`<part>:<folder>`); absent until it has begun. */
export const rowsKey = 'db:rows';

/** Beside the replaced `db/` folder, not in it: that one may hold the SQLite file this install used before. */
export const keptRowsFile = (paths: DataPaths, pending: PendingRestore) =>
  path.join(paths.root, pending.previous, 'postgres', databaseFileName);

const stagedDbDir = (paths: DataPaths, pending: PendingRestore) =>
  path.join(stagingDirOf(paths, pending.id), archiveDataFolder, 'db');

const removeDatabaseFiles = (file: string) =>
  Promise.all(['', '-wal', '-shm', '-journal'].map((end) => rm(`${file}${end}`, { force: true })));

export async function rowsForward(paths: DataPaths, pending: PendingRestore, rows: RestoredRows): Promise<void> {
  if (!pending.parts.includes('db')) return;
  const kept = keptRowsFile(paths, pending);
  if ((pending.phases[rowsKey] ?? 'staged') === 'staged') {
    // A snapshot a crash cut off is made again from the start.
    await removeDatabaseFiles(kept);
    await mkdir(path.dirname(kept), { recursive: true, mode: 0o700 });
    await rows.snapshotTo(kept);
    pending.phases[rowsKey] = 'saved';
    await writePending(paths, pending);
  }
  if (pending.phases[rowsKey] === 'saved') {
    await rows.replaceFrom(path.join(stagedDbDir(paths, pending), databaseFileName));
    pending.phases[rowsKey] = 'placed';
    await writePending(paths, pending);
  }
  // Its rows are in the database now; left in staging, the files' step would move it into data/db.
  for (const name of databaseFiles) await rm(path.join(stagedDbDir(paths, pending), name), { force: true });
}

/** Puts the kept rows back when the restore's rows went in (run after the files' undo, before the folder goes). */
export async function rowsBackward(paths: DataPaths, pending: PendingRestore, rows: RestoredRows): Promise<void> {
  const phase = pending.phases[rowsKey];
  if (phase === undefined) return;
  if (phase === 'placed') await rows.replaceFrom(keptRowsFile(paths, pending));
  pending.phases[rowsKey] = 'staged';
  await writePending(paths, pending);
}
