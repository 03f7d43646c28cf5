/**
 * The PostgreSQL database (`BAIHU_DATABASE_URL=postgres://…`): Kysely over a pool of pg connections, its migrations,
 * and the lock that keeps a second daemon off the same database.
 */
import { Kysely, Migrator } from 'kysely';
import pg from 'pg';
import type { Database } from '../schema.ts';
import { BaihuPostgresDialect } from './compiler.ts';
import { migrations } from './migrations/index.ts';

/** Connections are cheap for the daemon's one process; a handful covers a burst of requests besides the runs. */
const poolSize = 8;

const int8 = 20;
const numeric = 1700;

/**
 * Times are unix ms in bigint columns, and the app reads every integer as a number (as better-sqlite3 hands them).
 * pg returns int8 and numeric as strings, which would compare and add as text. A value beyond 2^53 would lose
 * digits: nothing the app stores comes near (the versions stay below it on purpose, 0016-baseline.ts).
 */
const asNumber = (value: string) => Number(value);
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === int8 || oid === numeric) return asNumber;
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

export function openPostgresDatabase(url: string): Kysely<Database> {
  return kyselyOver(postgresPool(url));
}

export function postgresPool(url: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, types });
  // An idle connection that the server closes (a restart, an administrator's pg_terminate_backend) is dropped by the
  // pool and replaced on the next query; without a listener its 'error' would end the process.
  pool.on('error', () => {});
  return pool;
}

export const kyselyOver = (pool: pg.Pool) => new Kysely<Database>({ dialect: new BaihuPostgresDialect({ pool }) });

/** Brings the schema up to date, each migration in its own transaction; returns the names applied. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
export async function migratePostgres(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${failed} failed`, { cause: error });
  }
  return (results ?? []).map((r) => r.migrationName);
}

/** The advisory lock's key: "baihu" in ASCII, one number every daemon agrees on. */
export const daemonLockKey = 0x62_61_69_68_75;

export interface DaemonLock {
  release(): Promise<void>;
}

/**
 * One daemon per database, as SQLite's fcntl lock is one per data directory (db/lock.ts): two schedulers on one
 * database would start every task twice. A session-level advisory lock lives as long as its connection, so it is
 * held on a connection of its own, outside the pool (a pooled one is handed to other queries and may be closed).
 * When that connection is lost the lock is gone with it, and `onLost` is told: the daemon must stop.
 */
export async function lockPostgresDaemon(url: string, onLost: (error: Error) => void): Promise<DaemonLock> {
  const client = new pg.Client({ connectionString: url, types });
  await client.connect();
  let released = false;
  const lose = (error: Error) => {
    if (released) return;
    released = true;
    onLost(error);
  };
  client.on('error', lose);
  client.on('end', () => lose(new Error('The connection that holds the daemon lock of the PostgreSQL database ended')));
  const taken = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [daemonLockKey]);
  if (taken.rows[0]?.ok) {
    return {
      async release() {
        released = true;
        await client.end();
      },
    };
  }
  const holder = await client.query<{ pid: number; client_addr: string | null }>(
    `select l.pid, host(a.client_addr) as client_addr from pg_locks l left join pg_stat_activity a on a.pid = l.pid
     where l.locktype = 'advisory' and l.granted and l.database = (select oid from pg_database where datname = current_database())
       and l.objsubid = 1 and ((l.classid::bigint << 32) | l.objid::bigint) = $1`,
    [daemonLockKey],
  );
  released = true;
  await client.end();
  const who = holder.rows[0];
  const by = who ? ` (held by server process ${who.pid}${who.client_addr ? ` for ${who.client_addr}` : ''})` : '';
  throw new Error(
    `Another Baihu daemon is already using this PostgreSQL database${by}: stop it first, or give this one a database of its own`,
  );
}
