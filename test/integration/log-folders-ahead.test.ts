/**
 * A task's first log folder is made a few seconds before it is due (modules/tasks/log-folders.ts, told by
 * Timetable.onSoon), not by its first run among a thousand others: only for tasks due then, only inside data/log,
 * none for a task that keeps no log; the run then logs into it.
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { ManualClock } from '../../daemon/src/time/clock.ts';
import { noLogName } from '../../daemon/src/contract/enums.ts';
import { logDirName } from '../../daemon/src/jobs/executor/log-format.ts';
import { soonLeadMs } from '../../daemon/src/scheduler/timetable.ts';
import { startApp } from '../helpers/app.ts';
import { addCron, engineOf, runsOf, waitFor } from '../helpers/tasks.ts';

test('log folders of tasks due soon are made before their first run; not of tasks due later or without a log', async (t) => {
  const clock = new ManualClock(Date.parse('2026-03-01T10:00:30Z'));
  const { app } = await startApp(t, { clock });
  await app.ready().then(() => app.ctx.started);
  await app.ctx.settings.set('timezone', 'UTC');
  const logRoot = app.ctx.paths.log;
  const folders = () => readdirSync(logRoot, { recursive: true }).map(String).sort();
  const before = folders();
  const everyMinute = { schedule: '* * * * *' };
  const plain = await addCron(app, { ...everyMinute, command: 'echo plain' });
  const named = await addCron(app, { ...everyMinute, command: 'echo named', log_name: 'custom/named' });
  const silent = await addCron(app, { ...everyMinute, command: 'echo silent', log_name: noLogName });
  const later = await addCron(app, { schedule: '0 0 1 1 *', command: 'echo later' });

  // Just before the look-ahead: nothing made yet.
  await clock.advanceAsync(30_000 - soonLeadMs - 1000);
  assert.deepEqual(folders(), before);
  // Past it, still before the due time: the folders of the two tasks due then, and nothing else.
  await clock.advanceAsync(2000);
  await engineOf(app).logFolders.settled();
  // Armed inside the window already looked at: told at once.
  const late = await addCron(app, { ...everyMinute, command: 'echo armed late' });
  await waitFor(() => folders().includes(logDirName('echo armed late', late.id)));
  await engineOf(app).logFolders.settled();
  const plainDir = logDirName('echo plain', plain.id);
  const lateDir = logDirName('echo armed late', late.id);
  assert.deepEqual(folders(), [...before, 'custom', 'custom/named', lateDir, plainDir].sort());
  for (const task of [plain, named, silent, later, late]) assert.equal((await runsOf(app, task.id)).length, 0);

  // Due: each run logs into the folder made for it.
  await clock.advanceAsync(soonLeadMs);
  for (const [task, dir] of [
    [plain, plainDir],
    [named, 'custom/named'],
    [late, lateDir],
  ] as const) {
    const [run] = await waitFor(async () => {
      const runs = await runsOf(app, task.id);
      return runs.length > 0 && runs[0]!.finished_at !== null ? runs : undefined;
    });
    assert.equal(path.posix.dirname(run!.log_path!), dir);
    assert.equal(readdirSync(path.join(logRoot, dir)).length, 1);
  }
  assert.equal((await runsOf(app, later.id)).length, 0);
  assert.ok(!folders().includes(logDirName('echo later', later.id)));
});
