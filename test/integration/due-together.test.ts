// @sqlite-only: not yet on PostgreSQL: its manual clock outruns the pool (issue 40)
/**
 * Tasks due on the same second are queued together (modules/tasks/runs.ts admitDue): their rows read at once, their
 * runs inserted at once (jobs/runs-repository.ts insertMany), their statuses set per status. What a user sees must
 * be what one-by-one queueing gave: every task once, in the order its timer fired, each under its overlap policy.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ManualClock } from '../../daemon/src/time/clock.ts';
import { CronStatus, RunStatus } from '../../daemon/src/contract/enums.ts';
import { startApp } from '../helpers/app.ts';
import { addCron, engineOf, runsOf, waitFor } from '../helpers/tasks.ts';

test('tasks due together: each runs once in the order its timer fired, two schedules of one task meet its overlap policy, a task disabled or deleted since it was armed does not run', async (t) => {
  const clock = new ManualClock(Date.parse('2026-03-01T10:00:30Z'));
  const { app } = await startApp(t, { clock });
  await app.ready().then(() => app.ctx.started);
  await app.ctx.settings.set('timezone', 'UTC');
  await app.ctx.settings.set('cronConcurrency', 1);
  const everyMinute = { schedule: '* * * * *' };
  const twice = { ...everyMinute, extra_schedules: JSON.stringify([everyMinute]), command: 'sleep 0.2' };
  const plain = [];
  for (let i = 0; i < 12; i++) plain.push(await addCron(app, { ...everyMinute, command: `echo plain ${i}` }));
  const skip = await addCron(app, { ...twice, overlap_policy: 'skip' });
  const parallel = await addCron(app, { ...twice, overlap_policy: 'parallel' });
  // Armed, then changed behind the scheduler's back: the row read when they are due decides.
  const disabled = await addCron(app, { ...everyMinute, command: 'echo disabled' });
  const deleted = await addCron(app, { ...everyMinute, command: 'echo deleted' });
  await app.ctx.db.updateTable('crons').set({ is_disabled: 1 }).where('id', '=', disabled.id).execute();
  await app.ctx.db.deleteFrom('crons').where('id', '=', deleted.id).execute();

  await clock.advanceAsync(30_000);
  const expected = plain.length + 1 + 2;
  // Queued at once: one runs (concurrency 1), the others wait, and their rows say so.
  const counts = await waitFor(() => {
    const now = engineOf(app).counts();
    return now.queued + now.running === expected ? now : undefined;
  });
  assert.equal(counts.running, 1);
  const rowsOf = (crons: { id: number }[]) =>
    app.ctx.db
      .selectFrom('crons')
      .select(['id', 'status', 'last_due_at'])
      .where(
        'id',
        'in',
        crons.map((c) => c.id),
      )
      .execute();
  const statuses = await rowsOf(plain.slice(1));
  assert.ok(
    statuses.every((row) => row.status === CronStatus.queued || row.status === CronStatus.running),
    JSON.stringify(statuses),
  );
  await waitFor(
    async () => {
      const ended = await app.ctx.db
        .selectFrom('job_runs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('finished_at', 'is not', null)
        .executeTakeFirstOrThrow();
      return Number(ended.n) === expected;
    },
    30_000,
    'every run to end',
  );
  await engineOf(app).whenIdle();

  const due = Date.parse('2026-03-01T10:01:00Z');
  const runs = await Promise.all(plain.map((cron) => runsOf(app, cron.id)));
  for (const [i, rows] of runs.entries()) {
    assert.deepEqual(
      rows.map((r) => [r.trigger, r.due_at, r.status, r.end]),
      [['schedule', due, RunStatus.finished, 'success']],
      `plain task ${i}`,
    );
  }
  const ids = runs.map((rows) => rows[0]!.id);
  assert.deepEqual(
    [...ids].sort((a, b) => a - b),
    ids,
    'run ids follow the order the timers fired',
  );
  const started = runs.map((rows) => rows[0]!.started_at!);
  assert.deepEqual(
    [...started].sort((a, b) => a - b),
    started,
    'and so do their starts',
  );
  assert.equal((await runsOf(app, skip.id)).length, 1, 'skip: the second schedule was dropped');
  assert.equal((await runsOf(app, parallel.id)).length, 2, 'parallel: both schedules ran');
  assert.deepEqual(await runsOf(app, disabled.id), []);
  assert.deepEqual(await runsOf(app, deleted.id), []);
  const rows = await rowsOf(plain);
  assert.ok(
    rows.every((row) => row.status === CronStatus.idle && row.last_due_at === due),
    JSON.stringify(rows),
  );
});

test('the run rows of runs queued together: ids in the order given, across statements', async (t) => {
  const { app } = await startApp(t);
  await app.ready().then(() => app.ctx.started);
  const runs = app.ctx.jobs.runs;
  const rows = Array.from({ length: 250 }, (_, i) => ({
    marker: `m${i}`,
    kind: 'task',
    ref_id: 1000 - i,
    trigger: 'schedule',
    status: RunStatus.queued,
    due_at: i,
    queued_at: 5,
  }));
  const ids = await runs.insertMany(rows);
  assert.equal(ids.length, rows.length);
  assert.equal(new Set(ids).size, rows.length);
  for (const [i, id] of ids.entries()) {
    const row = await runs.find(id);
    assert.deepEqual([row?.marker, row?.ref_id, row?.due_at], [`m${i}`, 1000 - i, i]);
  }
  assert.deepEqual(await runs.insertMany([]), []);
});
