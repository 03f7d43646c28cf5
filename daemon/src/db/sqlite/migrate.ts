import { Migrator, type Kysely } from 'kysely';
import path from 'node:path';
import type SQLite from 'better-sqlite3';
import type { MigrationOutcome } from '../port.ts';
import { migrations } from './migrations/index.ts';

export type { MigrationOutcome };

/**
 * Brings the schema up to date. Before changing a database that already holds data, a copy is taken beside it, so a
 * failed upgrade can be undone by hand. Every migration runs in its own transaction.
 */
/**
 * Whether every known migration is recorded, read in one statement: the start of a current database skips the
 * migrator's table checks, lock and per-migration reads.
 */
function isCurrent(sqlite: SQLite.Database): boolean {
  const names = Object.keys(migrations);
  try {
    const done = sqlite.prepare('select name from kysely_migration').pluck().all() as string[];
    const recorded = new Set(done);
    return done.length === names.length && names.every((name) => recorded.has(name));
  } catch {
    return false; // no migration table yet: a new database
  }
}

export async function migrateToLatest(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
  db: Kysely<any>,
  sqlite: SQLite.Database,
  dbFile: string,
  now = Date.now(),
): Promise<MigrationOutcome> {
  if (isCurrent(sqlite)) return { applied: [], backup: null };
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const known = await migrator.getMigrations();
  const pending = known.filter((m) => m.executedAt === undefined);
  if (pending.length === 0) return { applied: [], backup: null };

  let backup: string | null = null;
  if (pending.length < known.length) {
    backup = path.join(path.dirname(dbFile), `backup-${now}-before-${pending[0]!.name}.sqlite`);
    await sqlite.backup(backup);
  }

  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${failed} failed${backup ? `; the copy taken before it is ${backup}` : ''}`, {
      cause: error,
    });
  }
  return { applied: (results ?? []).map((r) => r.migrationName), backup };
}
