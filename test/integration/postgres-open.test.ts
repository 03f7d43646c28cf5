// @sqlite-only: starts a PostgreSQL cluster of its own
/**
 * Opening PostgreSQL (db/postgres/open.ts): numbers come back as numbers, the migrations apply once, and a second
 * daemon on the same database is refused while the first holds the lock. And the test databases: each a fresh copy
 * of the template.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { Migrator, sql } from 'kysely';
import pg from 'pg';
import { lockPostgresDaemon, migratePostgres, openPostgresDatabase } from '../../daemon/src/db/postgres/open.ts';
import { migrations } from '../../daemon/src/db/postgres/migrations/index.ts';
import { databaseUrl } from '../helpers/postgres-template.ts';
import { ensureTestDatabase, startOwnCluster, testDatabaseUrl } from '../helpers/postgres.ts';

const cluster = startOwnCluster();
const opened: { destroy(): Promise<void> }[] = [];
after(async () => {
  for (const db of opened) await db.destroy();
  cluster.stop();
});

function open(url: string) {
  const db = openPostgresDatabase(url);
  opened.push(db);
  return db;
}

test('bigint and numeric values come back as JavaScript numbers', async () => {
  const db = open(cluster.url);
  const { rows } = await sql<{ ms: unknown; sum: unknown; n: unknown }>`select
    cast(1796224186391 as bigint) as ms, sum(x) as sum, count(*) as n from (values (1.5), (2)) as v(x)`.execute(db);
  assert.deepEqual(rows[0], { ms: 1796224186391, sum: 3.5, n: 2 });
});

test('the migrations apply once on a new database, and the baseline goes down and up again', async () => {
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query('create database fresh');
  await admin.end();
  const db = open(databaseUrl(cluster.url, 'fresh'));
  assert.deepEqual(await migratePostgres(db), Object.keys(migrations));
  assert.deepEqual(await migratePostgres(db), []);
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const down = await migrator.migrateDown();
  assert.equal(down.error, undefined);
  const left = await sql<{ n: number }>`select count(*) as n from information_schema.tables
    where table_schema = 'public' and table_name not like 'kysely%'`.execute(db);
  assert.equal(left.rows[0]!.n, 0, 'down leaves no table');
  assert.deepEqual(await migratePostgres(db), Object.keys(migrations));
});

test('a second daemon on the same database is refused until the first lets go', async () => {
  const url = await ensureTestDatabase('postgres-open lock');
  const lost: Error[] = [];
  const first = await lockPostgresDaemon(url, (error) => lost.push(error));
  await assert.rejects(
    lockPostgresDaemon(url, () => {}),
    /Another Baihu daemon is already using this PostgreSQL database \(held by server process \d+ for 127\.0\.0\.1\)/,
  );
  // Another database of the same cluster is another daemon's own.
  const other = await lockPostgresDaemon(await ensureTestDatabase('postgres-open other'), () => {});
  await other.release();
  await first.release();
  const second = await lockPostgresDaemon(url, () => {});
  await second.release();
  assert.deepEqual(lost, []);
});

test('a lock whose connection is lost says so', async () => {
  const url = await ensureTestDatabase('postgres-open lost');
  let tell: (error: Error) => void = () => {};
  const lost = new Promise<Error>((resolve) => (tell = resolve));
  await lockPostgresDaemon(url, (error) => tell(error));
  const db = open(url);
  // Its server process ended as an administrator or a restart would.
  await sql`select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and pid <> pg_backend_pid()`.execute(
    db,
  );
  assert.ok((await lost) instanceof Error);
  const again = await lockPostgresDaemon(url, () => {});
  await again.release();
});

test("each test database is a fresh copy of the template, at the helper's URL", async () => {
  const url = await ensureTestDatabase('/tmp/some data dir');
  assert.equal(url, testDatabaseUrl('/tmp/some data dir'));
  const first = open(url);
  await first.insertInto('settings').values({ key: 'k', value: '1' }).execute();
  await first.destroy();
  opened.splice(opened.indexOf(first), 1);
  const again = open(await ensureTestDatabase('/tmp/some data dir'));
  assert.deepEqual(await again.selectFrom('settings').selectAll().execute(), []);
  assert.equal((await again.selectFrom('cron_views').select('id').execute()).length, 1, 'the seed row is there');
});
