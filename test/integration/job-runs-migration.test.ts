// @sqlite-only: SQLite's migration of the runs table
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Migrator, sql } from 'kysely';
import { openSqlite } from '../../daemon/src/db/sqlite/open.ts';
import { migrations } from '../../daemon/src/db/sqlite/migrations/index.ts';
import { dataPaths, ensureDataDirs } from '../../daemon/src/config/paths.ts';
import { call, initAccount, login, startApp, userDataDir } from '../helpers/app.ts';

test('migrations 0007 and 0010: task runs keep their ids, pulls follow them, the API answers as before, the runs are counted', async (t) => {
  const dataDir = userDataDir(t);
  const paths = dataPaths(dataDir);
  await ensureDataDirs(paths);
  const before = openSqlite(paths.db);
  const migrator = new Migrator({ db: before.db, provider: { getMigrations: async () => migrations } });
  const { error } = await migrator.migrateTo('0005-subscriptions');
  assert.equal(error, undefined);
  const now = Date.parse('2026-02-01T00:00:00Z');
  await sql`insert into crons (id, name, command, schedule, created_at, updated_at)
    values (7, 'old task', 'echo old', '@once', ${now}, ${now})`.execute(before.db);
  await sql`insert into cron_runs (id, cron_id, status, "end", trigger, pid, marker, log_path, due_at, queued_at,
      started_at, finished_at, exit_code, duration_ms)
    values (41, 7, 1, 'success', 'schedule', 100, 'm1', 'old/a.log', ${now}, ${now}, ${now + 5}, ${now + 900}, 0, 895),
      (42, 7, 3, 'failed', 'manual', 101, 'm2', 'old/b.log', null, ${now + 1000}, ${now + 1001}, ${now + 1500}, 2, 499)`.execute(
    before.db,
  );
  await sql`insert into subscriptions (id, name, type, url, alias, created_at, updated_at)
    values (3, 'repo', 'public-repo', 'https://example.com/a.git', 'repo', ${now}, ${now})`.execute(before.db);
  await sql`insert into subscription_runs (sub_id, status, "end", trigger, log_path, message, added, removed,
      started_at, finished_at, duration_ms)
    values (3, 3, 'failed', 'schedule', 'repo/x.log', 'no network', 2, 1, ${now}, ${now + 70}, 70)`.execute(before.db);
  await before.close();

  const { app } = await startApp(t, { dataDir });
  await initAccount(app);
  const token = await login(app);
  const runs = await call(app, 'GET', '/api/crons/7/instances', { token });
  assert.deepEqual(runs.body.data, [
    {
      id: 42,
      cron_id: 7,
      status: 3,
      end: 'failed',
      trigger: 'manual',
      pid: 101,
      log_path: 'old/b.log',
      queued_at: now + 1000,
      started_at: now + 1001,
      finished_at: now + 1500,
      exit_code: 2,
      duration_ms: 499,
      message: null,
    },
    {
      id: 41,
      cron_id: 7,
      status: 1,
      end: 'success',
      trigger: 'schedule',
      pid: 100,
      log_path: 'old/a.log',
      queued_at: now,
      started_at: now + 5,
      finished_at: now + 900,
      exit_code: 0,
      duration_ms: 895,
      message: null,
    },
  ]);
  const pulls = await call(app, 'GET', '/api/subscriptions/3/instances', { token });
  assert.deepEqual(pulls.body.data, [
    {
      id: 43,
      sub_id: 3,
      status: 3,
      end: 'failed',
      trigger: 'schedule',
      log_path: 'repo/x.log',
      message: 'no network',
      added: 2,
      removed: 1,
      started_at: now,
      finished_at: now + 70,
      duration_ms: 70,
    },
  ]);
  const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(app.ctx.db);
  const names = tables.rows.map((r) => r.name);
  assert.ok(names.includes('job_runs') && !names.includes('cron_runs') && !names.includes('subscription_runs'));

  // Migration 0010 counted the runs already there: per 15-minute slice, and per task and day.
  const slices = await app.ctx.db.selectFrom('run_slices').selectAll().orderBy('kind').execute();
  assert.deepEqual(slices, [
    { kind: 'pull', start: now, runs: 1, failed: 1 },
    { kind: 'task', start: now, runs: 2, failed: 1 },
  ]);
  const days = await app.ctx.db.selectFrom('run_days').selectAll().where('kind', '=', 'task').execute();
  assert.deepEqual(days, [
    { kind: 'task', day: now / 86_400_000, ref_id: 7, runs: 2, failed: 1, timed: 2, total_ms: 1394, max_ms: 895 },
  ]);
});
