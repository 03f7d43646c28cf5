/**
 * The database across an update. A new version may migrate the database; if it then fails its first start, the
 * version that comes back must not meet a schema it does not know. So before a restart into another version a copy
 * of the database is taken (SQLite's backup API: consistent while it is in use), and the version that comes back
 * after a failed attempt puts the copy back — only when the database holds migrations it does not know, so nothing
 * is lost when the failed version changed nothing.
 */
import { copyFile, mkdir, rename, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { sql } from 'kysely';
import { migrationsInFile } from '../../db/copies.ts';
import type { DatabaseHandle } from '../../db/port.ts';
import type { UpdateLayout } from './layout.ts';

/** The migrations recorded in the database file (Kysely's table); empty for a new database. */
export const migrationsIn = migrationsInFile;

/**
 * Takes the copy a failed update comes back to: the database as `from` leaves it, before `to` starts. False on
 * PostgreSQL, where there is no file to copy and the server's administrator keeps its dumps (docs/update.md).
 */
export async function takeRollbackCopy(
  database: DatabaseHandle,
  layout: UpdateLayout,
  copy: { from: string; to: string; at: number },
): Promise<boolean> {
  if (!database.accelerators) return false;
  await layout.dropRollback();
  await mkdir(layout.dir, { recursive: true, mode: 0o700 });
  const temp = `${layout.rollbackDatabase}.partial`;
  await database.accelerators.snapshotTo(temp);
  await rename(temp, layout.rollbackDatabase);
  const migrations = (
    await sql<{ name: string }>`select name from kysely_migration order by name`.execute(database.db)
  ).rows.map((row) => row.name);
  await layout.setRollback({ ...copy, migrations });
  return true;
}

export type RestoreOutcome =
  | { restored: false; reason: 'no failed update' | 'not this version' | 'nothing to undo' }
  | { restored: true; from: string; setAside: string; unknown: string[] };

/**
 * At start-up, before the database is opened: after a failed attempt to start `to`, the version that comes back
 * (`running`) restores the copy it took when the database has migrations it does not know. The database the failed
 * version left is kept beside it (`<file>.after-<version>-<time>`), never deleted.
 */
export async function restoreAfterFailedUpdate(
  dbFile: string,
  layout: UpdateLayout,
  running: string,
  known: string[],
  now = Date.now(),
): Promise<RestoreOutcome> {
  const attempt = layout.lastAttempt();
  const copy = layout.rollback();
  if (!attempt || attempt.outcome === 'ok' || !copy || copy.to !== attempt.version) {
    return { restored: false, reason: 'no failed update' };
  }
  if (copy.from !== running) return { restored: false, reason: 'not this version' };
  const unknown = migrationsIn(dbFile).filter((name) => !known.includes(name));
  if (unknown.length === 0) {
    await layout.dropRollback();
    return { restored: false, reason: 'nothing to undo' };
  }
  const setAside = `${dbFile}.after-${attempt.version}-${now}`;
  await rename(dbFile, setAside);
  for (const suffix of ['-wal', '-shm']) {
    if (existsSync(dbFile + suffix)) await rename(dbFile + suffix, setAside + suffix);
  }
  await copyFile(layout.rollbackDatabase, dbFile);
  await rm(layout.rollbackDatabase, { force: true });
  await layout.dropRollback();
  return { restored: true, from: copy.from, setAside, unknown };
}
