/**
 * The PostgreSQL database behind the port (db/port.ts): Kysely over a pool (open.ts), PostgreSQL's phrases, its own
 * migrations, and for the daemon the lock that keeps a second one off the same database. Nothing of SQLite's
 * accelerators: every caller takes its plain path.
 */
import { sql } from 'kysely';
import { writeSqliteCopy } from '../copy-rows.ts';
import type { DatabaseHandle, OpenPurpose } from '../port.ts';
import { kyselyOver, lockPostgresDaemon, migratePostgres, postgresPool } from './open.ts';
import { postgresPhrases } from './phrases.ts';

/** The URL as people are told it: the password left out. */
export function shownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres://…';
  }
}

export async function openPostgres(url: string, purpose: OpenPurpose = {}): Promise<DatabaseHandle> {
  // Only the daemon owns the database; `ql` and `task` on the same machine use it beside the daemon.
  const lock = purpose.owner ? await lockPostgresDaemon(url, purpose.owner.onLost) : null;
  const pool = postgresPool(url);
  const db = kyselyOver(pool);
  const inFlight = () => pool.totalCount - pool.idleCount + pool.waitingCount;
  return {
    dialect: 'postgres',
    db,
    phrases: postgresPhrases,
    location: shownUrl(url),
    // No cheap "changed since" on PostgreSQL: nothing is kept between requests.
    changeCounter: () => null,
    // Every statement commits on its own (or in its transaction): nothing waits to be flushed.
    flush: () => {},
    // A copy before migrating is the administrator's business on a server (pg_dump); the migrations are transactional.
    migrate: async () => ({ applied: await migratePostgres(db), backup: null }),
    // PostgreSQL checks its pages itself (checksums, WAL); what is left to ask is whether it answers.
    integrity: async () => {
      await sql`select 1`.execute(db);
      return [];
    },
    size: async () => {
      const { rows } = await sql<{ size: number }>`select pg_database_size(current_database()) as size`.execute(db);
      return Number(rows[0]?.size ?? 0);
    },
    // The file a backup holds is SQLite's whatever the engine, so every backup restores on either.
    snapshotTo: (file) => writeSqliteCopy({ db, dialect: 'postgres' }, file),
    close: async () => {
      await db.destroy();
      await lock?.release();
    },
    quiet: async () => {
      // Twice idle a turn apart: one query's end is often the next one's start.
      for (let idleTurns = 0; idleTurns < 2;) {
        await new Promise((resolve) => setTimeout(resolve, 1));
        idleTurns = inFlight() === 0 ? idleTurns + 1 : 0;
      }
    },
    accelerators: null,
  };
}
