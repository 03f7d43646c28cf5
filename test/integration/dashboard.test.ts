import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import type { Cron } from '../../daemon/src/contract/tasks.ts';
import type { Overview } from '../../daemon/src/contract/dashboard.ts';
import { CronStatus } from '../../daemon/src/contract/enums.ts';
import type { NewJobRun } from '../../daemon/src/db/schema.ts';
import { ManualClock, systemClock, type Clock } from '../../daemon/src/time/clock.ts';
import { call, signedIn } from '../helpers/app.ts';
import { waitFor } from '../helpers/tasks.ts';

/**
 * The overview and the task list's last-result filters through the real app: real runs of real processes for the
 * filters, rows of job_runs written at chosen times (with a fixed clock) for the hour and day buckets.
 */

async function setup(t: TestContext, clock: Clock = systemClock) {
  const { app, token } = await signedIn(t, { clock });
  const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    call(app, method, url, { token, ...(payload === undefined ? {} : { payload }) });
  return { app, api };
}

test('a task list filtered by how the last run ended, and the overview counting those runs', async (t) => {
  // The real clock: the runs' times are the processes' own.
  const { api } = await setup(t);
  const create = async (name: string, command: string) =>
    (await api('POST', '/api/crons', { name, command, schedule: '0 0 * * *' })).body.data as Cron;
  const failing = await create('breaks', 'echo going down; exit 3');
  const fine = await create('works', 'echo fine');
  await create('never ran', 'echo later');
  assert.equal((await api('PUT', '/api/crons/run', [failing.id, fine.id])).body.code, 200);
  await waitFor(async () => {
    const rows = ((await api('GET', '/api/crons')).body.data as { data: Cron[] }).data;
    return rows.every((r) => r.status === CronStatus.idle) && rows.filter((r) => r.last_end).length === 2;
  });

  const names = async (query: Record<string, string>) => {
    const res = await api('GET', `/api/crons?${new URLSearchParams(query)}`);
    assert.equal(res.body.code, 200, JSON.stringify(res.body));
    return (res.body.data as { data: Cron[] }).data.map((c) => c.name).sort();
  };
  const row = (await api('GET', `/api/crons/${failing.id}`)).body.data as Cron;
  assert.equal(row.last_end, 'failed');
  assert.equal(row.last_exit_code, 3);
  assert.deepEqual(await names({ searchValue: 'result:failed' }), ['breaks']);
  assert.deepEqual(await names({ searchValue: 'result:success' }), ['works']);
  assert.deepEqual(await names({ searchValue: 'result:nonsense' }), []);
  assert.deepEqual(await names({ filters: JSON.stringify({ last_end: ['failed', 'timeout'] }) }), ['breaks']);
  assert.deepEqual(await names({ filters: JSON.stringify({ last_end: ['bogus'] }) }), ['breaks', 'never ran', 'works']);
  assert.deepEqual(await names({ searchValue: 'failed:24h' }), ['breaks']);
  assert.deepEqual(await names({ searchValue: 'failed:30d', page: '1', size: '20' }), ['breaks']);

  const overview = (await api('GET', '/api/dashboard')).body.data as Overview;
  assert.deepEqual(overview.day, { runs: 2, failed: 1, tasksFailed: 1 });
  assert.deepEqual(overview.month, { runs: 2, failed: 1, tasksFailed: 1 });
  assert.deepEqual(overview.tasks, { total: 3, enabled: 3, lastFailed: 1 });
  assert.equal(overview.hourly.length, 24);
  assert.equal(overview.daily.length, 30);
  assert.deepEqual(
    overview.failing.map((f) => [f.name, f.runs, f.failed]),
    [['breaks', 1, 1]],
  );
  assert.deepEqual(overview.slowest.map((f) => f.name).sort(), ['breaks', 'works']);
  assert.deepEqual(overview.next.map((n) => n.name).sort(), ['breaks', 'never ran', 'works']);
  assert.equal(overview.runningCount, 0);

  const ql = (await api('GET', '/api/dashboard/overview')).body.data as { today: Record<string, number> };
  assert.deepEqual(ql.today, { runs: 2, success: 1, fail: 1, rate: 50 });
  const trend = (await api('GET', '/api/dashboard/trend?days=7')).body.data as { total: number; fail: number }[];
  assert.equal(trend.length, 7);
  assert.deepEqual([trend.at(-1)!.total, trend.at(-1)!.fail], [2, 1]);
  const topCount = (await api('GET', '/api/dashboard/top-count')).body.data as { name: string }[];
  assert.equal(topCount.length, 2);
  assert.equal(
    (await api('POST', '/api/dashboard/record', { ref_id: failing.id, code: 1, elapsed: 3 })).body.code,
    200,
  );
  assert.equal(((await api('GET', '/api/dashboard')).body.data as Overview).day.runs, 2, 'a record adds no run');
});

test('runs fall into the hours and days of the panel time zone; timeouts count as failures; old runs do not count', async (t) => {
  // 11:40 in India (UTC+5:30): its hours start at :30 UTC and its days at 18:30 UTC.
  const now = Date.UTC(2026, 2, 10, 6, 10);
  const { app, api } = await setup(t, new ManualClock(now));
  await app.ctx.settings.set('timezone', 'Asia/Kolkata');
  const task = await app.ctx.db
    .insertInto('crons')
    .values({ name: 'seeded', command: 'echo', schedule: '@once', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const run = (finishedAt: number, end: NewJobRun['end'], durationMs = 1000): NewJobRun => ({
    kind: 'task',
    ref_id: task.id,
    trigger: 'manual',
    status: 1,
    end,
    queued_at: finishedAt - durationMs,
    started_at: finishedAt - durationMs,
    finished_at: finishedAt,
    duration_ms: durationMs,
  });
  const minute = 60_000;
  await app.ctx.db
    .insertInto('job_runs')
    .values([
      run(now - 5 * minute, 'success'), // 11:35 IST: this hour
      run(now - 40 * minute, 'timeout'), // 11:00 IST: this hour, its first minute
      run(now - 41 * minute, 'failed'), // 10:59 IST: the hour before
      run(Date.UTC(2026, 2, 9, 18, 30), 'success'), // 00:00 IST today
      run(Date.UTC(2026, 2, 9, 18, 29), 'failed', 5000), // 23:59 IST yesterday
      run(now - 31 * 24 * 60 * minute, 'failed'), // before the 30 days
      { ...run(now, null), finished_at: null, started_at: null, duration_ms: null }, // waiting
    ])
    .execute();

  const o = (await api('GET', '/api/dashboard')).body.data as Overview;
  assert.equal(o.timezone, 'Asia/Kolkata');
  assert.equal(o.hourly.at(-1)!.start, Date.UTC(2026, 2, 10, 5, 30));
  assert.deepEqual([o.hourly.at(-1)!.runs, o.hourly.at(-1)!.failed], [2, 1]);
  assert.deepEqual([o.hourly.at(-2)!.runs, o.hourly.at(-2)!.failed], [1, 1]);
  assert.equal(o.daily.at(-1)!.start, Date.UTC(2026, 2, 9, 18, 30));
  assert.deepEqual([o.daily.at(-1)!.runs, o.daily.at(-1)!.failed], [4, 2]);
  assert.deepEqual([o.daily.at(-2)!.runs, o.daily.at(-2)!.failed], [1, 1]);
  assert.deepEqual(o.month, { runs: 5, failed: 3, tasksFailed: 1 });
  assert.equal(o.queuedCount, 1);
  assert.deepEqual(
    o.queued.map((q) => q.name),
    ['seeded'],
  );
  assert.equal(o.slowest[0]!.maxMs, 5000);
});

test('the folder sizes are measured in the background and shown once known', async (t) => {
  const { api } = await setup(t);
  const sizes = await waitFor(async () => {
    const o = (await api('GET', '/api/dashboard')).body.data as Overview;
    return o.sizes.measuredAt !== null && o.sizes;
  });
  assert.ok(sizes.data! > 0, 'the database alone takes room');
  assert.ok(sizes.log! <= sizes.data!);
});
