/**
 * Log deletion through the API and the job kernel (real daemon in-process, real task runs, manual clock): Qinglong's
 * log-remove-frequency round-trips and takes effect at once and then every x days; the log of a running run and
 * each task's current log are kept; the job reports what it removed in its own log and on its run.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { LogCleanupStatus } from '../../daemon/src/contract/retention-schemas.ts';
import { call, signedIn } from '../helpers/app.ts';
import { waitFor } from '../helpers/tasks.ts';

const api = '/api';
const day = 86_400_000;

async function lastRetention(app: FastifyInstance) {
  return app.ctx.db
    .selectFrom('job_runs')
    .selectAll()
    .where('kind', '=', 'retention')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

async function retentionRuns(app: FastifyInstance): Promise<number> {
  const rows = await app.ctx.db.selectFrom('job_runs').select('id').where('kind', '=', 'retention').execute();
  return rows.length;
}

/**
 * These tests watch the log sweep alone: with run history limited (the default) the same job also prunes run history
 * every few hours, and its own logs would be old logs too when the clock jumps days ahead.
 */
async function keepRunHistory(app: Awaited<ReturnType<typeof signedIn>>['app']): Promise<void> {
  await app.ctx.settings.set('runHistoryDays', 0);
  await app.ctx.settings.set('runHistoryPerTask', 0);
}

test('log-remove-frequency round-trips as in Qinglong, is checked, and runs at once then every x days', async (t) => {
  const { app, token, clock, dataDir } = await signedIn(t, { env: { TZ: 'Asia/Shanghai' } });
  await keepRunHistory(app);
  const old = path.join(dataDir, 'log', 'task_9', '2020-01-01-00-00-00-000.log');
  mkdirSync(path.dirname(old), { recursive: true });
  writeFileSync(old, 'old run\n');

  for (const bad of [-1, 3651]) {
    const reply = await call(app, 'PUT', `${api}/system/config/log-remove-frequency`, {
      token,
      payload: { logRemoveFrequency: bad },
    });
    assert.equal(reply.status, 400);
    assert.deepEqual(reply.body.errors, [
      {
        field: 'logRemoveFrequency',
        message: 'log deletion frequency must be a whole number of days from 0 to 3650 (0 = off)',
      },
    ]);
  }
  assert.equal(await retentionRuns(app), 0);

  const saved = await call(app, 'PUT', `${api}/system/config/log-remove-frequency`, {
    token,
    payload: { logRemoveFrequency: 7 },
  });
  assert.deepEqual(saved.body, { code: 200, data: { logRemoveFrequency: 7 } });
  const config = await call(app, 'GET', `${api}/system/config`, { token });
  assert.equal((config.body.data as { info: { logRemoveFrequency?: number } }).info.logRemoveFrequency, 7);

  // Saved → it ran at once and removed the old log, empty folder included; its log says so.
  const first = await waitFor(async () => ((await lastRetention(app))?.finished_at ? lastRetention(app) : undefined));
  assert.equal(first!.end, 'success');
  assert.equal(existsSync(old), false);
  assert.equal(existsSync(path.dirname(old)), false);
  assert.deepEqual(JSON.parse(first!.detail!), { files: 1, bytes: 8, folders: 1, inUse: 0 });
  const log = readFileSync(path.join(dataDir, 'log', first!.log_path!), 'utf8');
  assert.match(log, /removed task_9\/2020-01-01-00-00-00-000\.log \(8 bytes\)/);
  assert.match(log, /Removed 1 log files \(0\.00 MB\) and 1 empty folders; kept 0 old logs that runs use\./);

  const status = (await call(app, 'GET', `${api}/system/log-cleanup`, { token })).body.data as LogCleanupStatus;
  assert.equal(status.days, 7);
  assert.equal(status.nextAt, first!.finished_at! + 7 * day);
  assert.equal(status.last?.files, 1);

  // Six days later nothing runs; after the seventh it does (the hourly check).
  await clock.advanceAsync(6 * day);
  assert.equal(await retentionRuns(app), 1);
  await clock.advanceAsync(day + 3_600_000);
  await waitFor(async () => (await retentionRuns(app)) === 2, 10_000, 'the second run');

  // Off: null answers null, the setting is gone from the config, no more runs.
  const off = await call(app, 'PUT', `${api}/system/config/log-remove-frequency`, {
    token,
    payload: { logRemoveFrequency: null },
  });
  assert.deepEqual(off.body, { code: 200, data: { logRemoveFrequency: null } });
  const after = await call(app, 'GET', `${api}/system/config`, { token });
  assert.equal((after.body.data as { info: { logRemoveFrequency?: number } }).info.logRemoveFrequency, undefined);
  await clock.advanceAsync(30 * day);
  assert.equal(await retentionRuns(app), 2);
});

test('log deletion never touches the log of a running run nor a task’s current log', async (t) => {
  const { app, token, clock, dataDir } = await signedIn(t, { env: { TZ: 'UTC' } });
  await keepRunHistory(app);
  writeFileSync(path.join(dataDir, 'scripts', 'slow.sh'), 'echo started; sleep 30\n');
  writeFileSync(path.join(dataDir, 'scripts', 'quick.sh'), 'echo quick\n');
  const created = await call(app, 'POST', `${api}/crons`, {
    token,
    payload: { name: 'slow', command: 'task slow.sh', schedule: '0 0 1 1 *' },
  });
  const slowId = (created.body.data as { id: number }).id;
  const quick = await call(app, 'POST', `${api}/crons`, {
    token,
    payload: { name: 'quick', command: 'task quick.sh', schedule: '0 0 1 1 *' },
  });
  const quickId = (quick.body.data as { id: number }).id;

  // Two runs of the quick task (the first is old history, the second its current log), then the slow one starts.
  const runOf = async (id: number, count: number) =>
    waitFor(async () => {
      const rows = await app.ctx.db
        .selectFrom('job_runs')
        .selectAll()
        .where('ref_id', '=', id)
        .where('kind', '=', 'task')
        .orderBy('id')
        .execute();
      return rows.length >= count && rows.every((r) => r.finished_at) ? rows : undefined;
    });
  await call(app, 'PUT', `${api}/crons/run`, { token, payload: [quickId] });
  const [firstQuick] = await runOf(quickId, 1);
  await clock.advanceAsync(1000);
  await call(app, 'PUT', `${api}/crons/run`, { token, payload: [quickId] });
  const quickRuns = await runOf(quickId, 2);
  await call(app, 'PUT', `${api}/crons/run`, { token, payload: [slowId] });
  const slow = await waitFor(async () =>
    app.ctx.db
      .selectFrom('job_runs')
      .selectAll()
      .where('ref_id', '=', slowId)
      .where('started_at', 'is not', null)
      .executeTakeFirst(),
  );
  await waitFor(() => existsSync(path.join(dataDir, 'log', slow.log_path!)));

  // Ten days on, all three logs are "old" by their names.
  await clock.advanceAsync(10 * day);
  for (const run of [...quickRuns, slow]) {
    const file = path.join(dataDir, 'log', run.log_path!);
    utimesSync(file, new Date(clock.now() - 10 * day), new Date(clock.now() - 10 * day));
  }
  await call(app, 'PUT', `${api}/system/config/log-remove-frequency`, { token, payload: { logRemoveFrequency: 3 } });
  const run = await waitFor(async () => ((await lastRetention(app))?.finished_at ? lastRetention(app) : undefined));
  assert.equal(existsSync(path.join(dataDir, 'log', firstQuick!.log_path!)), false, 'old history goes');
  assert.equal(
    existsSync(path.join(dataDir, 'log', quickRuns.at(-1)!.log_path!)),
    true,
    "the task's current log stays",
  );
  assert.equal(existsSync(path.join(dataDir, 'log', slow.log_path!)), true, 'the running run’s log stays');
  const detail = JSON.parse(run!.detail!) as { files: number; inUse: number };
  assert.equal(detail.files, 1);
  assert.equal(detail.inUse, 2);
  await call(app, 'PUT', `${api}/crons/stop`, { token, payload: [slowId] });
});
