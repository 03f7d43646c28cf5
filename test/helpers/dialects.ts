/**
 * The same schema in both dialects, side by side: SQLite's latest (its migrations run by its own migrator on a
 * database in memory, with the REGEXP function the daemon registers) and a fresh PostgreSQL database of the test
 * cluster (postgres.ts). Kysely's builder writes the same query for either.
 */
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { migrateToLatest } from '../../daemon/src/db/sqlite/migrate.ts';
import { openPostgresDatabase } from '../../daemon/src/db/postgres/open.ts';
import { registerRegexp } from '../../daemon/src/db/sqlite/regexp.ts';
import type { Database } from '../../daemon/src/db/schema.ts';
import { ensureTestDatabase } from './postgres.ts';

export interface BothDialects {
  sqlite: Kysely<Database>;
  /** The SQLite connection itself, for its pragmas. */
  raw: SQLite.Database;
  postgres: Kysely<Database>;
  close(): Promise<void>;
}

export async function bothDialects(name: string): Promise<BothDialects> {
  const raw = new SQLite(':memory:');
  raw.pragma('foreign_keys = ON');
  registerRegexp(raw);
  const sqlite = new Kysely<Database>({ dialect: new SqliteDialect({ database: raw }) });
  await migrateToLatest(sqlite, raw, ':memory:');
  const postgres = openPostgresDatabase(await ensureTestDatabase(name));
  return {
    sqlite,
    raw,
    postgres,
    async close() {
      await Promise.all([sqlite.destroy(), postgres.destroy()]);
    },
  };
}
