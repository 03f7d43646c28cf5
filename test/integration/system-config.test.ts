import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { call, signedIn } from '../helpers/app.ts';
import { addCron, runsOf, waitFor } from '../helpers/tasks.ts';

test('system config: concurrency, timezone and log language apply without a restart', async (t) => {
  // The container's zone is pinned, so "reset to the system zone" means the same on every host.
  const { app, token, dataDir } = await signedIn(t, { env: { TZ: 'UTC' } });
  await app.ready().then(() => app.ctx.started);

  const bad = await call(app, 'PUT', '/api/system/config/cron-concurrency', { token, payload: { cronConcurrency: 0 } });
  assert.equal(bad.status, 400);
  assert.deepEqual(bad.body.errors, [
    { field: 'cronConcurrency', message: 'Task concurrency must be a whole number from 1 to 64' },
  ]);
  const two = await call(app, 'PUT', '/api/system/config/cron-concurrency', { token, payload: { cronConcurrency: 2 } });
  assert.equal((two.body.data as { cronConcurrency: number }).cronConcurrency, 2);

  const zoneBad = await call(app, 'PUT', '/api/system/config/timezone', {
    token,
    lang: 'zh',
    payload: { timezone: 'Mars/Olympus' },
  });
  assert.equal(zoneBad.status, 400);
  assert.match(zoneBad.body.errors?.[0]?.message ?? '', /时区/);

  const cron = await addCron(app, { command: 'echo zone', schedule: '0 9 * * *' });
  await call(app, 'PUT', '/api/system/config/timezone', { token, payload: { timezone: 'UTC' } });
  const utc = (await call(app, 'GET', `/api/crons/${cron.id}`, { token })).body.data as { nextRunTime: number };
  await call(app, 'PUT', '/api/system/config/timezone', { token, payload: { timezone: 'Asia/Shanghai' } });
  const shanghai = (await call(app, 'GET', `/api/crons/${cron.id}`, { token })).body.data as { nextRunTime: number };
  assert.equal(new Date(utc.nextRunTime).getUTCHours(), 9);
  assert.equal(new Date(shanghai.nextRunTime).getUTCHours(), 1, '09:00 in Shanghai is 01:00 UTC');

  await call(app, 'PUT', '/api/system/config/lang', { token, payload: { lang: 'en' } });
  await app.ctx.taskRuns.run([cron.id]);
  const [run] = await waitFor(async () => {
    const rows = await runsOf(app, cron.id);
    return rows[0]?.end ? rows : undefined;
  });
  assert.match(readFileSync(path.join(dataDir, 'log', run!.log_path!), 'utf8'), /^## Start /);

  const effective = await call(app, 'GET', '/api/system/config/effective', { token });
  assert.deepEqual(effective.body.data, {
    cronConcurrency: 2,
    timezone: 'Asia/Shanghai',
    lang: 'en',
    langFollowsPanel: false,
  });
  const reset = await call(app, 'PUT', '/api/system/config/timezone', { token, payload: { timezone: null } });
  assert.notEqual((reset.body.data as { timezone: string }).timezone, 'Asia/Shanghai');
});

test('run log limit: set through PUT /api/system/config/log-limit, enforced on the next run', async (t) => {
  const { app, token, dataDir } = await signedIn(t);
  await app.ready().then(() => app.ctx.started);

  for (const runLogLimitMb of [0, 10 * 1024 + 1]) {
    const bad = await call(app, 'PUT', '/api/system/config/log-limit', { token, payload: { runLogLimitMb } });
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.body.errors, [
      { field: 'runLogLimitMb', message: 'Run log limit (MB) must be a whole number from 1 to 10240' },
    ]);
  }
  const one = await call(app, 'PUT', '/api/system/config/log-limit', { token, payload: { runLogLimitMb: 1 } });
  assert.deepEqual(one.body.data, { runLogLimitMb: 1 });
  const config = await call(app, 'GET', '/api/system/config', { token });
  assert.equal((config.body.data as { info: { runLogLimitMb: number } }).info.runLogLimitMb, 1);

  // 3 MB of output, then a line after it, then a file as proof that the script ran on to its end.
  const cron = await addCron(app, {
    command: `yes 0123456789abcdef | head -c 3000000; echo after the flood; echo done > "${dataDir}/finished"`,
  });
  await app.ctx.taskRuns.run([cron.id]);
  const [run] = await waitFor(async () => {
    const rows = await runsOf(app, cron.id);
    return rows[0]?.end ? rows : undefined;
  });
  assert.equal(run!.end, 'success');
  assert.equal(readFileSync(path.join(dataDir, 'finished'), 'utf8'), 'done\n');
  const log = readFileSync(path.join(dataDir, 'log', run!.log_path!), 'utf8');
  assert.ok(log.length < 1024 * 1024 + 2000, `log of ${log.length} bytes`);
  const notices = log.match(
    /^## 输出已截断：本次运行的输出超过 1 MB（运行日志上限）。运行继续，之后的输出将被丢弃。$/gm,
  );
  assert.equal(notices?.length, 1, 'one truncation line, in the run-log language (zh by default)');
  assert.ok(!log.includes('after the flood'));
  assert.match(log.trimEnd().split('\n').at(-1)!, /^## 执行结束 /);

  const back = await call(app, 'PUT', '/api/system/config/log-limit', { token, payload: { runLogLimitMb: 100 } });
  assert.deepEqual(back.body.data, { runLogLimitMb: 100 });
});
