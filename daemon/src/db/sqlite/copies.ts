/**
 * The database as files beside the live one: a backup's snapshot, an update's rollback copy, the database of a backup
 * about to be restored. Each is opened on a connection of its own, never the daemon's.
 */
import SQLite from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { migratedSchema, schemaDifferences, schemaOf, type SchemaDifference } from './schema-check.ts';

const hasMigrationTable = (db: SQLite.Database) =>
  db.prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'").get() !== undefined;

const migrationsOf = (db: SQLite.Database) =>
  db
    .prepare<[], { name: string }>('select name from kysely_migration order by name')
    .all()
    .map((row) => row.name);

/** The migrations recorded in the database file (Kysely's table), by name; none for a new database or no file. */
export function migrationsInFile(file: string): string[] {
  if (!existsSync(file)) return [];
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    return hasMigrationTable(db) ? migrationsOf(db) : [];
  } finally {
    db.close();
  }
}

/** What may change a snapshot before it is archived: statements with their values bound. */
export interface SnapshotEditor {
  run(statement: string, ...values: unknown[]): void;
}

/**
 * Makes a snapshot a file of its own (rollback journal, so no -wal is needed beside it: the daemon turns WAL back on
 * when it opens it), lets `adjust` change it, and answers its applied migrations.
 */
export function settleSnapshot(file: string, adjust?: (snapshot: SnapshotEditor) => void): string[] {
  const db = new SQLite(file, { fileMustExist: true });
  try {
    db.pragma('journal_mode = DELETE');
    adjust?.({ run: (statement, ...values) => void db.prepare(statement).run(...values) });
    return hasMigrationTable(db) ? migrationsOf(db) : [];
  } finally {
    db.close();
  }
}

export type DatabaseFileVerdict =
  | { verdict: 'sound' }
  /** SQLite's own check found a problem (the first is `detail`). */
  | { verdict: 'damaged'; detail: string }
  /** No migration table: not a Baihu database. */
  | { verdict: 'foreign' }
  /** A migration this version does not know: from a newer Baihu. */
  | { verdict: 'newer' }
  /** Not exactly the tables, indexes, views and triggers its migrations create (schema-check.ts). */
  | { verdict: 'schema'; differences: SchemaDifference[] };

/** Checks, in this order, that the file is sound, is Baihu's, is not from a newer version and has its schema. */
export async function inspectDatabaseFile(
  file: string,
  knownMigrations: readonly string[],
): Promise<DatabaseFileVerdict> {
  let db: SQLite.Database | null = null;
  try {
    // Read-write on a private copy: a WAL-mode database cannot be opened read-only without its -shm.
    db = new SQLite(file, { fileMustExist: true });
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') return { verdict: 'damaged', detail: String(check) };
    if (!hasMigrationTable(db)) return { verdict: 'foreign' };
    const applied = (db.prepare('select name from kysely_migration').all() as { name: string }[]).map((r) => r.name);
    if (applied.some((name) => !knownMigrations.includes(name))) return { verdict: 'newer' };
    const differences = schemaDifferences(schemaOf(db), await migratedSchema(applied));
    return differences.length > 0 ? { verdict: 'schema', differences } : { verdict: 'sound' };
  } finally {
    db?.close();
  }
}
