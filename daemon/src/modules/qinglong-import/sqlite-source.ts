/**
 * Opens a Qinglong SQLite file for reading without changing a byte of it. The normal case opens it read-only in
 * place. A database left with a `-wal` or hot `-journal` beside it (Qinglong stopped mid-write) cannot be read in
 * place without SQLite writing to it (recovery, or a new `-shm`), so such a set is copied to a private temporary
 * folder first and the copy is read.
 */
// better-sqlite3 directly, not through db/: this is Qinglong's own SQLite file, whatever engine Baihu's database uses.
import SQLite from 'better-sqlite3';
import { copyFile, mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ResponseCode } from '../../contract/codes.ts';
import { AppError } from '../../errors/app-error.ts';

export interface SourceDatabase {
  /** The file as the user knows it (for messages). */
  label: string;
  tables: Set<string>;
  /** Every row of a table (empty when the table does not exist), columns as SQLite returns them. */
  rows(table: string): Record<string, unknown>[];
  close(): Promise<void>;
}

const sidecars = ['-wal', '-journal'];

const exists = (file: string) =>
  stat(file).then(
    (s) => s.isFile() && s.size > 0,
    () => false,
  );

const corrupt = (label: string, error: unknown) =>
  new AppError('importDatabaseCorrupt', ResponseCode.badRequest, {
    file: label,
    detail: error instanceof Error ? error.message : String(error),
  });

/** Copies the database and its sidecars to a new temporary folder; returns the copy's path and the folder. */
async function snapshot(file: string): Promise<{ copy: string; dir: string }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'baihu-ql-import-'));
  const copy = path.join(dir, path.basename(file));
  await copyFile(file, copy);
  for (const suffix of sidecars) {
    if (await exists(file + suffix)) await copyFile(file + suffix, copy + suffix);
  }
  return { copy, dir };
}

/**
 * Opens `file` for reading and checks it is a whole SQLite database. Throws importDatabaseCorrupt (with SQLite's
 * own words) for a truncated or foreign file; the caller checks the tables it needs.
 */
export async function openSourceDatabase(file: string, label: string): Promise<SourceDatabase> {
  let target = file;
  let tempDir: string | null = null;
  const needsSnapshot = (await Promise.all(sidecars.map((s) => exists(file + s)))).some(Boolean);
  if (needsSnapshot) ({ copy: target, dir: tempDir } = await snapshot(file));
  const cleanup = async () => {
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  };
  let db: SQLite.Database;
  try {
    // A snapshot is ours: SQLite may recover it. The source itself is only ever opened read-only.
    db = new SQLite(target, { readonly: tempDir === null, fileMustExist: true });
    const check = db.pragma('quick_check(1)', { simple: true });
    if (check !== 'ok') throw new Error(String(check));
  } catch (error) {
    await cleanup();
    throw corrupt(label, error);
  }
  let tables: Set<string>;
  try {
    tables = new Set(
      db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
        .all()
        .map((row) => (row as { name: string }).name),
    );
  } catch (error) {
    db.close();
    await cleanup();
    throw corrupt(label, error);
  }
  return {
    label,
    tables,
    rows(table) {
      if (!tables.has(table)) return [];
      try {
        // The name comes from our own list of Qinglong's tables, checked against sqlite_master above.
        return db.prepare(`SELECT * FROM "${table.replace(/"/g, '""')}" ORDER BY rowid`).all() as Record<
          string,
          unknown
        >[];
      } catch (error) {
        throw corrupt(label, error);
      }
    },
    async close() {
      db.close();
      await cleanup();
    },
  };
}
