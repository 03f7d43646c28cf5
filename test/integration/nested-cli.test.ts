/**
 * `ql` and `task` typed inside a running task find the daemon that runs it, whatever its port and base path: the run's
 * environment says where it answers (BAIHU_HOST, BAIHU_PORT, BAIHU_BASE_URL), so a task that runs `ql raw …` (a
 * Qinglong task carried over) pulls through this daemon, and a script's nested `task` has QLAPI.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import type { Cron } from '../../daemon/src/contract/tasks.ts';
import { call, signedIn, tempDir } from '../helpers/app.ts';
import { runsOf, waitFor } from '../helpers/tasks.ts';
import { startRecorder } from '../helpers/recorder.ts';

test('ql raw and task inside a run reach a daemon on a random port under a base path', async (t) => {
  const { app, token, dataDir } = await signedIn(t, { env: { BAIHU_BASE_URL: '/baihu/' } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  assert.notEqual(port, 5700);
  const served = await startRecorder(t, () => ({ body: "console.log('pulled by ql raw');\n" }));
  const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    call(app, method, `/baihu/api${url}`, { token, ...(payload === undefined ? {} : { payload }) });
  assert.equal((await api('POST', '/envs', [{ name: 'MY_TOKEN', value: 'from-the-panel' }])).body.code, 200);

  // A node script that runs `task` itself: the inner script runs inside this run, with QLAPI.
  writeFileSync(
    path.join(dataDir, 'scripts', 'outer.js'),
    `const { execFileSync } = require('child_process');
process.stdout.write(execFileSync('task', ['inner.js']));
`,
  );
  writeFileSync(
    path.join(dataDir, 'scripts', 'inner.js'),
    `QLAPI.getEnvs({ searchValue: 'MY_TOKEN' }).then((r) => console.log('inner sees ' + r.data[0].value));\n`,
  );
  // `ql raw file://…` is taken as Qinglong's `ql raw` takes it: a file of this machine.
  const local = path.join(tempDir(t), 'local_copy.js');
  writeFileSync(local, "console.log('copied by ql raw');\n");
  const commands = {
    raw: `ql raw ${served.url}/sub/fetched.js`,
    file: `ql raw ${pathToFileURL(local).href}`,
    where: 'echo "where: $BAIHU_HOST $BAIHU_PORT $BAIHU_BASE_URL"',
    nested: 'task outer.js',
  };
  const ids: Record<string, number> = {};
  for (const [name, command] of Object.entries(commands)) {
    const created = await api('POST', '/crons', { name, command, schedule: '0 0 1 1 *' });
    assert.equal(created.body.code, 200, JSON.stringify(created.body));
    ids[name] = (created.body.data as Cron).id;
  }
  assert.equal((await api('PUT', '/crons/run', Object.values(ids))).body.code, 200);
  const logs: Record<string, string> = {};
  for (const [name, id] of Object.entries(ids)) {
    const run = await waitFor(async () => (await runsOf(app, id)).find((r) => r.finished_at !== null), 60_000, name);
    logs[name] = String((await api('GET', `/crons/${id}/log`)).body.data);
    assert.equal(run.end, 'success', `${name}: ${logs[name]}`);
  }
  assert.ok(logs.where!.includes(`where: 127.0.0.1 ${port} /baihu/`), logs.where);
  assert.ok(logs.nested!.includes('inner sees from-the-panel'), logs.nested);
  assert.doesNotMatch(logs.raw!, /not running/);
  assert.equal(
    readFileSync(path.join(dataDir, 'scripts', 'fetched', 'fetched.js'), 'utf8'),
    "console.log('pulled by ql raw');\n",
  );
  assert.equal(
    readFileSync(path.join(dataDir, 'scripts', 'local_copy', 'local_copy.js'), 'utf8'),
    "console.log('copied by ql raw');\n",
  );
  const subs = (await api('GET', '/subscriptions')).body.data as { id: number; url: string; name: string }[];
  assert.deepEqual(
    subs.map((sub) => sub.url).sort(),
    [`${served.url}/sub/fetched.js`, pathToFileURL(local).href].sort(),
  );

  // Through the API a local file stays refused (it would hand a session or an application any file the daemon
  // reads); the one the shell set is kept when the subscription is edited.
  const refused = await api('POST', '/subscriptions', {
    name: 'secrets',
    type: 'file',
    url: 'file:///etc/passwd',
    schedule_type: 'crontab',
    schedule: '0 0 * * *',
  });
  assert.equal(refused.status, 400, JSON.stringify(refused.body));
  const fromShell = subs.find((sub) => sub.url.startsWith('file:'))!;
  const renamed = await api('PUT', '/subscriptions', { id: fromShell.id, name: 'renamed in the panel' });
  assert.equal(renamed.body.code, 200, JSON.stringify(renamed.body));
  const moved = await api('PUT', '/subscriptions', { id: fromShell.id, url: 'file:///etc/passwd' });
  assert.equal(moved.status, 400, 'not to another local file');
});
