/**
 * The daemon keeps one timetable for tasks and subscriptions: a change of the time zone re-arms both at once (the
 * subscriptions' timers once waited for a restart).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ManualClock } from '../../daemon/src/time/clock.ts';
import { call, signedIn, tempDir } from '../helpers/app.ts';
import { addCron, runsOf } from '../helpers/tasks.ts';
import { bareRepo } from '../helpers/git.ts';

const settle = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 200 && !(await check()); i++) await new Promise((r) => setTimeout(r, 20));
};

test('timetable: a time-zone change re-arms task and subscription schedules together', async (t) => {
  // 07:30 in UTC is 15:30 in Shanghai: "0 8 * * *" is due in 30 min in UTC, tomorrow morning in Shanghai.
  const clock = new ManualClock(Date.parse('2026-06-01T07:30:00Z'));
  const { app, token } = await signedIn(t, { clock, env: { TZ: 'UTC' } });
  await call(app, 'PUT', '/api/system/config/timezone', { token, payload: { timezone: 'UTC' } });
  const repo = bareRepo(tempDir(t), 'tz', 'ok');
  repo.commit({ 'a.js': '// nothing scheduled\n' });
  const sub = await call(app, 'POST', '/api/subscriptions', {
    token,
    payload: { name: 'Morning pull', type: 'public-repo', url: repo.url, alias: 'morning', schedule: '0 8 * * *' },
  });
  assert.equal(sub.body.code, 200, JSON.stringify(sub.body));
  const subId = (sub.body.data as { id: number }).id;
  const cron = await addCron(app, { command: 'echo morning', schedule: '0 8 * * *' });

  await call(app, 'PUT', '/api/system/config/timezone', { token, payload: { timezone: 'Asia/Shanghai' } });
  await clock.advanceAsync(45 * 60_000); // 08:15 UTC: nothing is due in Shanghai
  await app.ctx.subscriptionPuller.idle();
  const pulls = async () => (await call(app, 'GET', `/api/subscriptions/${subId}/instances`, { token })).body.data;
  assert.deepEqual(await pulls(), [], 'the subscription follows the new zone at once');
  assert.deepEqual(await runsOf(app, cron.id), [], 'and so does the task');

  // 00:00 UTC next day is 08:00 in Shanghai: both are due.
  await clock.advanceAsync(Date.parse('2026-06-02T00:00:30Z') - clock.now());
  await settle(async () => ((await pulls()) as unknown[]).length > 0 && (await runsOf(app, cron.id)).length > 0);
  await app.ctx.subscriptionPuller.idle();
  await app.ctx.taskRuns.whenIdle();
  assert.deepEqual(
    ((await pulls()) as { trigger: string }[]).map((r) => r.trigger),
    ['schedule'],
  );
  assert.deepEqual(
    (await runsOf(app, cron.id)).map((r) => [r.trigger, r.due_at]),
    [['schedule', Date.parse('2026-06-02T00:00:00Z')]],
  );
});
