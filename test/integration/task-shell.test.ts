/**
 * `task` typed in a shell (the real shell/task, a child process) next to a real daemon listening on 127.0.0.1: with
 * the daemon up the run gets the panel's variables, honours conc / desi and lands in the task's run history; with it
 * down the run happens standalone and says so. The local routes answer only the key the daemon wrote into data/db.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { systemClock } from '../../daemon/src/time/clock.ts';
import { runShell } from '../helpers/shell.ts';
import { call, signedIn } from '../helpers/app.ts';

const runTask = (dataDir: string, port: string, ...args: string[]) => runShell('task', dataDir, port, ...args);

test('task from a shell: the daemon runs it with the panel variables, conc and desi, in the run history', async (t) => {
  const { app, dataDir, token } = await signedIn(t, { clock: systemClock });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = String((app.server.address() as { port: number }).port);
  const scripts = path.join(dataDir, 'scripts', 'acc');
  mkdirSync(scripts, { recursive: true });
  writeFileSync(
    path.join(scripts, 'who.js'),
    'console.log(`account=${process.env.JD_COOKIE} cron=${process.env.BAIHU_CRON_ID}`);\n',
  );
  const env = await call(app, 'POST', '/api/envs', {
    token,
    payload: [{ name: 'JD_COOKIE', value: 'alice&bob&carol' }],
  });
  assert.equal(env.body.code, 200);
  const created = await call(app, 'POST', '/api/crons', {
    token,
    payload: { name: 'who', command: 'task /ql/data/scripts/acc/who.js', schedule: '0 0 1 1 *' },
  });
  assert.equal(created.body.code, 200, JSON.stringify(created.body));
  const cronId = (created.body.data as { id: number }).id;

  const conc = await runTask(dataDir, port, 'acc/who.js', 'conc', 'JD_COOKIE', '1-2');
  assert.equal(conc.status, 0, conc.stdout + conc.stderr);
  assert.match(conc.stdout, /account=alice cron=\d+/);
  assert.match(conc.stdout, /account=bob/);
  assert.doesNotMatch(conc.stdout, /carol/);
  assert.doesNotMatch(conc.stderr, /standalone/);

  const desi = await runTask(dataDir, port, `${dataDir}/scripts/acc/who.js`, 'desi', 'JD_COOKIE', '1', '3');
  assert.equal(desi.status, 0, desi.stdout + desi.stderr);
  assert.match(desi.stdout, new RegExp(`account=alice&carol cron=${cronId}`));

  const runs = await call(app, 'GET', `/api/crons/${cronId}/instances`, { token });
  const history = runs.body.data as { trigger: string; end: string }[];
  assert.deepEqual(
    history.map((run) => [run.trigger, run.end]),
    [
      ['shell', 'success'],
      ['shell', 'success'],
    ],
  );

  const failing = path.join(scripts, 'fail.sh');
  writeFileSync(failing, 'echo "failing with $JD_COOKIE"\nexit 7\n');
  const failed = await runTask(dataDir, port, 'acc/fail.sh', 'now');
  assert.equal(failed.status, 7, failed.stdout + failed.stderr);
  assert.match(failed.stdout, /failing with alice&bob&carol/);

  const outside = await runTask(dataDir, port, '/etc/x.js');
  assert.equal(outside.status, 2, outside.stdout + outside.stderr);
  assert.match(outside.stdout + outside.stderr, /outside data\/scripts/);

  // The local routes: the key from data/db, nothing else.
  const key = readFileSync(path.join(dataDir, 'db', 'local.key'), 'utf8');
  const payload = { command: 'task acc/who.js now' };
  for (const authorization of [undefined, 'Bearer wrong', `Bearer ${token}`]) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/local/task',
      headers: authorization ? { authorization } : {},
      payload,
    });
    assert.equal(res.statusCode, 401, `${authorization}: ${res.body}`);
  }
  const remote = await app.inject({
    method: 'POST',
    url: '/api/local/task',
    headers: { authorization: `Bearer ${key}` },
    payload,
    remoteAddress: '192.0.2.7',
  });
  assert.equal(remote.statusCode, 401, 'the key alone from another machine');
  await app.ctx.taskRuns.whenIdle();

  // The daemon down: standalone, said plainly, still with the panel's variables.
  await app.close();
  const alone = await runTask(dataDir, port, 'acc/who.js', 'desi', 'JD_COOKIE', '2');
  assert.equal(alone.status, 0, alone.stdout + alone.stderr);
  assert.match(alone.stderr, /daemon is not running .*Running standalone/);
  assert.match(alone.stdout, /account=bob cron=undefined/);
});
