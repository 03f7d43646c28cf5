/**
 * `ql` and `task` typed inside a running task find the daemon that runs it, whatever its port and base path: the run's
 * environment says where it answers (BAIHU_HOST, BAIHU_PORT, BAIHU_BASE_URL), so a task that runs `ql raw …` (a
 * Qinglong task carried over) pulls through this daemon, and a script's nested `task` has QLAPI.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { Cron } from '../../daemon/src/contract/crons.ts';
import { call, signedIn } from '../helpers/app.ts';
import { runsOf, waitFor } from '../helpers/crons.ts';
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
  const commands = {
    raw: `ql raw ${served.url}/sub/fetched.js`,
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
  const subs = (await api('GET', '/subscriptions')).body.data as { url: string }[];
  assert.deepEqual(
    subs.map((sub) => sub.url),
    [`${served.url}/sub/fetched.js`],
  );
});
