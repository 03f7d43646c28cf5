import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { CronStatus, RunStatus } from '../../daemon/src/contract/enums.ts';
import { ManualClock } from '../../daemon/src/time/clock.ts';
import { startApp } from '../helpers/app.ts';
import { addCron, engineOf, processesWithMarker, runsOf, waitFor } from '../helpers/tasks.ts';

const finished = (app: Parameters<typeof runsOf>[0], cronId: number, count = 1) =>
  waitFor(
    async () => {
      const runs = await runsOf(app, cronId);
      return runs.filter((r) => r.end !== null).length >= count ? runs : undefined;
    },
    15_000,
    `${count} finished run(s) of task ${cronId}`,
  );

test('a scheduled task fires on time, runs for real, and its run row and log record the outcome', async (t) => {
  const clock = new ManualClock(Date.parse('2026-03-01T10:00:30Z'));
  const { app, dataDir } = await startApp(t, { clock });
  await app.ready().then(() => app.ctx.started);
  await app.ctx.settings.set('timezone', 'UTC');
  const cron = await addCron(app, { command: 'echo "hello from $BAIHU_CRON_ID"', schedule: '* * * * *' });
  await clock.advanceAsync(30_000);
  const [run] = await finished(app, cron.id);
  assert.equal(run!.trigger, 'schedule');
  assert.equal(run!.due_at, Date.parse('2026-03-01T10:01:00Z'));
  assert.equal(run!.status, RunStatus.finished);
  assert.equal(run!.end, 'success');
  assert.equal(run!.exit_code, 0);
  assert.ok(run!.duration_ms !== null && run!.duration_ms >= 0);
  const log = readFileSync(path.join(dataDir, 'log', run!.log_path!), 'utf8');
  assert.match(log, new RegExp(`hello from ${cron.id}`));
  assert.match(run!.log_path!, /^echo_hello_from_BAIHU_CRON_ID_\d+\/\d{4}-\d\d-\d\d-\d\d-\d\d-\d\d-\d{3}\.log$/);
  await waitFor(
    async () =>
      (await app.ctx.db.selectFrom('crons').selectAll().where('id', '=', cron.id).executeTakeFirst())?.status ===
      CronStatus.idle,
  );
  const row = await app.ctx.db.selectFrom('crons').selectAll().where('id', '=', cron.id).executeTakeFirstOrThrow();
  assert.equal(row.last_end, 'success');
  assert.equal(row.log_path, run!.log_path);
  assert.equal(row.last_execution_time, Math.floor(run!.started_at! / 1000));
});

test('a failing command records failure with its exit code', async (t) => {
  const { app } = await startApp(t);
  await app.ready().then(() => app.ctx.started);
  const cron = await addCron(app, { command: 'echo broken >&2; exit 3' });
  await app.ctx.taskRuns.run([cron.id]);
  const [run] = await finished(app, cron.id);
  assert.equal(run!.end, 'failed');
  assert.equal(run!.exit_code, 3);
  assert.equal(run!.status, RunStatus.error);
  assert.equal(run!.trigger, 'manual');
});

test('@boot tasks run when the daemon starts; disabled ones do not', async (t) => {
  const first = await startApp(t);
  await first.app.ready().then(() => first.app.ctx.started);
  const boot = await addCron(first.app, { command: 'echo booted', schedule: '@boot' });
  const off = await addCron(first.app, { command: 'echo off', schedule: '@boot', is_disabled: 1 });
  await first.app.close();
  const second = await startApp(t, { dataDir: first.dataDir });
  await second.app.ready().then(() => second.app.ctx.started);
  const [run] = await finished(second.app, boot.id);
  assert.equal(run!.trigger, 'boot');
  assert.deepEqual(await runsOf(second.app, off.id), []);
});

test('the concurrency limit holds; extra runs wait in a FIFO queue with status queued', async (t) => {
  const { app } = await startApp(t);
  await app.ready().then(() => app.ctx.started);
  await app.ctx.settings.set('cronConcurrency', 2);
  const crons = [];
  for (let i = 0; i < 5; i++) crons.push(await addCron(app, { command: `sleep 0.4; echo ${i}` }));
  await app.ctx.taskRuns.run(crons.map((c) => c.id));
  assert.deepEqual(engineOf(app).counts(), { queued: 3, running: 2 });
  const waiting = await app.ctx.db
    .selectFrom('crons')
    .select(['id', 'status'])
    .where('id', '=', crons[4]!.id)
    .executeTakeFirstOrThrow();
  assert.equal(waiting.status, CronStatus.queued);
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, engineOf(app).counts().running)), 5);
  for (const cron of crons) await finished(app, cron.id);
  clearInterval(sampler);
  assert.equal(peak, 2);
  const started = [];
  for (const cron of crons) started.push((await runsOf(app, cron.id))[0]!.started_at!);
  assert.deepEqual(
    [...started].sort((a, b) => a - b),
    started,
    'runs start in the order they were queued',
  );
});

test('a run that waits runs its task as the task is when its turn comes', async (t) => {
  const { app, dataDir } = await startApp(t);
  await app.ready().then(() => app.ctx.started);
  await app.ctx.settings.set('cronConcurrency', 1);
  const first = await addCron(app, { command: 'sleep 0.4' });
  const second = await addCron(app, { command: 'echo as queued', name: 'queued' });
  await app.ctx.taskRuns.run([first.id, second.id]);
  assert.deepEqual(engineOf(app).counts(), { queued: 1, running: 1 });
  await app.ctx.db.updateTable('crons').set({ command: 'echo as edited' }).where('id', '=', second.id).execute();
  const [run] = await finished(app, second.id);
  const log = readFileSync(path.join(dataDir, 'log', run!.log_path!), 'utf8');
  assert.match(log, /as edited/);
  assert.doesNotMatch(log, /as queued/);
});

test('overlap policy replace: a new run stops the running one', async (t) => {
  const { app } = await startApp(t);
  await app.ready().then(() => app.ctx.started);
  const cron = await addCron(app, { command: 'sleep 20', overlap_policy: 'replace' });
  await app.ctx.taskRuns.run([cron.id]);
  await waitFor(async () => (await runsOf(app, cron.id))[0]?.status === RunStatus.running);
  await app.ctx.taskRuns.run([cron.id]);
  const runs = await waitFor(async () => {
    const rows = await runsOf(app, cron.id);
    return rows[0]?.end === 'stopped' && rows[1]?.status === RunStatus.running ? rows : undefined;
  });
  assert.equal(runs.length, 2);
  await app.ctx.taskRuns.stop([cron.id]);
  assert.equal((await finished(app, cron.id, 2))[1]!.end, 'stopped');
});

test('overlap policy parallel runs both; skip drops the new one; queue starts it after', async (t) => {
  const { app } = await startApp(t);
  await app.ready().then(() => app.ctx.started);
  const parallel = await addCron(app, { command: 'sleep 0.5', overlap_policy: 'parallel' });
  const skip = await addCron(app, { command: 'sleep 0.5', overlap_policy: 'skip' });
  const queue = await addCron(app, { command: 'sleep 0.5', overlap_policy: 'queue' });
  for (const cron of [parallel, skip, queue]) await app.ctx.taskRuns.run([cron.id, cron.id]);
  const both = await finished(app, parallel.id, 2);
  assert.ok(both[1]!.started_at! < both[0]!.finished_at!, 'parallel runs overlap');
  const queued = await finished(app, queue.id, 2);
  assert.ok(queued[1]!.started_at! >= queued[0]!.finished_at!, 'the queued run starts after the first ends');
  await finished(app, skip.id, 1);
  await engineOf(app).whenIdle();
  assert.equal((await runsOf(app, skip.id)).length, 1, 'the overlapping run was skipped');
});

test('stop kills the whole run: background children and setsid grandchildren too', async (t) => {
  const { app } = await startApp(t);
  await app.ready().then(() => app.ctx.started);
  const cron = await addCron(app, { command: 'sleep 300 & setsid sleep 301 & sleep 302' });
  await app.ctx.taskRuns.run([cron.id]);
  const [run] = await waitFor(async () => {
    const rows = await runsOf(app, cron.id);
    return rows[0]?.marker && processesWithMarker(rows[0].marker).length >= 3 ? rows : undefined;
  });
  assert.equal(await app.ctx.taskRuns.stop([cron.id]), 1);
  const [done] = await finished(app, cron.id);
  assert.equal(done!.end, 'stopped');
  assert.deepEqual(processesWithMarker(run!.marker!), []);
  assert.equal(await app.ctx.taskRuns.stop([cron.id]), 0, 'nothing left to stop');
});

test('catch-up: a due time missed while the daemon was down runs once at start-up, within the window', async (t) => {
  const clock = new ManualClock(Date.parse('2026-05-05T10:50:00Z'));
  const first = await startApp(t, { clock });
  await first.app.ready().then(() => first.app.ctx.started);
  await first.app.ctx.settings.set('timezone', 'UTC');
  const inWindow = await addCron(first.app, { command: 'echo caught', schedule: '0 * * * *', catch_up_minutes: 60 });
  const tooOld = await addCron(first.app, { command: 'echo late', schedule: '0 * * * *', catch_up_minutes: 10 });
  const off = await addCron(first.app, { command: 'echo off', schedule: '0 * * * *' });
  await first.app.close();

  clock.set(Date.parse('2026-05-05T11:20:00Z'));
  const second = await startApp(t, { dataDir: first.dataDir, clock });
  await second.app.ready().then(() => second.app.ctx.started);
  const [run] = await finished(second.app, inWindow.id);
  assert.equal(run!.trigger, 'catchUp');
  assert.equal(run!.due_at, Date.parse('2026-05-05T11:00:00Z'));
  await engineOf(second.app).whenIdle();
  assert.deepEqual(await runsOf(second.app, tooOld.id), []);
  assert.deepEqual(await runsOf(second.app, off.id), []);
});
