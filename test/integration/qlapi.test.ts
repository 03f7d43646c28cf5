/**
 * QLAPI in scripts, end to end: scripts written for Qinglong (they read a variable, create and update one through
 * QLAPI, read tasks, send notifications) run unchanged as real task runs of the daemon listening on 127.0.0.1 —
 * node, python and .ts — and the panel shows what they changed. The run's token stops working when the run ends.
 * Tier: integration (real processes, real HTTP, a local webhook receiver).
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import { promisify } from 'node:util';
import type { Cron } from '../../daemon/src/contract/tasks.ts';
import type { Env } from '../../daemon/src/contract/envs.ts';
import { qlapiNodePreload, qlapiPythonDir } from '../../daemon/src/jobs/executor/qlapi-preload.ts';
import { call, signedIn } from '../helpers/app.ts';
import { waitFor } from '../helpers/tasks.ts';
import { startRecorder } from '../helpers/recorder.ts';

const exec = promisify(execFile);

async function panel(t: TestContext) {
  const started = await signedIn(t);
  const { app, token } = started;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const hook = await startRecorder(t);
  const channel = {
    type: 'webhook',
    webhookUrl: `${hook.url}/hook`,
    webhookMethod: 'POST',
    webhookContentType: 'application/json',
    webhookBody: '{"title":"$title","content":"$content"}',
  };
  assert.equal((await call(app, 'PUT', '/api/user/notification', { token, payload: channel })).body.code, 200);
  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    call(app, method, url, { token, ...(payload === undefined ? {} : { payload }) });
  assert.equal((await api('POST', '/api/envs', [{ name: 'MY_TOKEN', value: 'from-the-panel' }])).body.code, 200);
  return { ...started, hook, api };
}

/** Runs `task <file>` as a task of the panel and answers its log once the run ended. */
async function runTask(p: Awaited<ReturnType<typeof panel>>, file: string, source: string): Promise<string> {
  writeFileSync(path.join(p.dataDir, 'scripts', file), source);
  const created = await p.api('POST', '/api/crons', {
    name: `qlapi ${file}`,
    command: `task ${file}`,
    schedule: '0 0 1 1 *',
  });
  const id = (created.body.data as Cron).id;
  await p.api('PUT', '/api/crons/run', [id]);
  const done = await waitFor(
    async () => {
      const cron = (await p.api('GET', `/api/crons/${id}`)).body.data as Cron;
      return cron.status === 1 && cron.last_end ? cron : undefined;
    },
    60_000,
    `the run of ${file}`,
  );
  const log = String((await p.api('GET', `/api/crons/${id}/log`)).body.data);
  assert.equal(done.last_end, 'success', log);
  return log;
}

/** The JSON line the script printed last. */
const resultOf = (log: string) => JSON.parse(log.split('\n').filter((l) => l.startsWith('{"'))[0] ?? 'null');

const nodeScript = `// A Qinglong script: QLAPI is a global there, nothing is required.
(async () => {
  const seen = process.env.MY_TOKEN;
  const found = await QLAPI.getEnvs({ searchValue: 'MY_TOKEN' });
  const created = await QLAPI.createEnv({ envs: [{ name: 'FROM_NODE', value: 'v1', remarks: 'made by QLAPI' }] });
  const updated = await QLAPI.updateEnv({ env: { id: created.data[0].id, name: 'FROM_NODE', value: 'v2' } });
  // Qinglong's gRPC client wrote a number given for a text field as its text.
  const numeric = await QLAPI.createEnv({ envs: [{ name: 'NUMERIC', value: 12345, remarks: 7 }] });
  const one = await QLAPI.getEnvById({ id: created.data[0].id });
  const disabled = await QLAPI.disableEnvs({ ids: [found.data[0].id] });
  const missing = await QLAPI.deleteEnvs({ ids: [] });
  const task = await QLAPI.createCron({ command: 'echo from qlapi', schedule: '0 0 1 1 *' });
  const crons = await QLAPI.getCrons({ searchValue: 'from qlapi' });
  const byId = await QLAPI.getCronById({ id: task.data.id });
  const unknown = await QLAPI.getCronById({ id: 99999 });
  const notified = await QLAPI.systemNotify({ title: 'QLAPI node', content: 'from a node script' });
  console.log(JSON.stringify({ seen, found, created, updated, one, disabled, missing, numeric, task, crons, byId, unknown, notified, token: process.env.BAIHU_NOTIFY_TOKEN }));
})();
`;

test('node: a Qinglong script reads, creates and updates variables, reads tasks and notifies through QLAPI', async (t) => {
  const p = await panel(t);
  const result = resultOf(await runTask(p, 'ql_sync.js', nodeScript));
  assert.equal(result.seen, 'from-the-panel', 'the panel variable reaches the script');
  assert.equal(result.found.code, 200);
  assert.deepEqual(Object.keys(result.found.data[0]).sort(), ['id', 'name', 'position', 'remarks', 'status', 'value']);
  assert.equal(result.found.data[0].value, 'from-the-panel');
  // An int64 in Qinglong's messages: a string of the whole number, in lists and in what create and update answer.
  for (const item of [result.found.data[0], result.created.data[0], result.updated.data, result.one.data]) {
    assert.match(item.position, /^-?\d+$/, JSON.stringify(item));
  }
  assert.equal(result.created.code, 200);
  assert.equal(result.created.data[0].remarks, 'made by QLAPI');
  assert.deepEqual(result.updated.data.value, 'v2');
  assert.equal(result.numeric.code, 200, JSON.stringify(result.numeric));
  assert.deepEqual([result.numeric.data[0].value, result.numeric.data[0].remarks], ['12345', '7']);
  assert.equal(result.one.data.name, 'FROM_NODE');
  assert.deepEqual(result.disabled, { code: 200 });
  assert.deepEqual(result.missing, { code: 400, message: 'ids parameter is required' });
  assert.equal(result.task.code, 200);
  assert.equal(result.task.data.name, 'echo from qlapi', 'createCron without a name, as QLAPI sends it');
  assert.deepEqual(
    result.crons.data.map((c: { id: number }) => c.id),
    [result.task.data.id],
  );
  assert.equal(result.byId.data.command, 'echo from qlapi');
  assert.equal(result.unknown.code, 404);
  assert.deepEqual(result.notified, { code: 200, message: '通知发送成功' });

  // The panel shows the changes.
  const envs = (await p.api('GET', '/api/envs')).body.data as Env[];
  assert.equal(envs.find((e) => e.name === 'FROM_NODE')?.value, 'v2');
  assert.equal(envs.find((e) => e.name === 'MY_TOKEN')?.status, 1, 'disabled by the script');
  const crons = (await p.api('GET', '/api/crons?searchValue=from%20qlapi')).body.data as { total: number };
  assert.equal(crons.total, 1);
  assert.ok(
    p.hook.requests.some((r) => r.body.includes('from a node script')),
    'the notification was delivered',
  );

  // The run's token died with the run.
  const after = await call(p.app, 'GET', '/open/envs', { token: result.token });
  assert.equal(after.status, 401);
});

const pythonScript = `# A Qinglong script: QLAPI is a builtin there.
import json, os
found = QLAPI.getEnvs({"searchValue": "MY_TOKEN"})
created = QLAPI.createEnv({"envs": [{"name": "FROM_PYTHON", "value": "p1", "remarks": "made by QLAPI"}]})
updated = QLAPI.updateEnv({"env": {"id": created["data"][0]["id"], "name": "FROM_PYTHON", "value": "p2"}})
moved = QLAPI.moveEnv({"id": created["data"][0]["id"], "fromIndex": 1, "toIndex": 0})
renamed = QLAPI.updateEnvNames({"ids": [created["data"][0]["id"]], "name": "FROM_PY"})
QLAPI.notify("QLAPI python", "from a python script")
notified = QLAPI.systemNotify({"title": "QLAPI python", "content": "system notice from python"})
print(json.dumps({"seen": os.environ.get("MY_TOKEN"), "found": found, "created": created, "updated": updated,
                  "moved": moved, "renamed": renamed, "notified": notified}))
`;

test('python: the same script through the builtin QLAPI; notify() and systemNotify() deliver', async (t) => {
  const p = await panel(t);
  const result = resultOf(await runTask(p, 'ql_sync.py', pythonScript));
  assert.equal(result.seen, 'from-the-panel');
  assert.equal(result.found.data[0].name, 'MY_TOKEN');
  assert.equal(result.updated.data.value, 'p2');
  for (const item of [result.found.data[0], result.created.data[0], result.updated.data]) {
    assert.match(item.position, /^-?\d+$/, JSON.stringify(item));
  }
  assert.equal(result.moved.code, 200);
  assert.deepEqual(result.renamed, { code: 200 });
  assert.deepEqual(result.notified, { code: 200, message: '通知发送成功' });
  const envs = (await p.api('GET', '/api/envs')).body.data as Env[];
  assert.equal(envs[0]?.name, 'FROM_PY', 'moved to the top and renamed');
  assert.equal(envs[0]?.value, 'p2');
  await waitFor(() => p.hook.requests.some((r) => r.body.includes('from a python script')), 10_000, 'notify()');
  assert.ok(p.hook.requests.some((r) => r.body.includes('system notice from python')));
});

test('typescript: a .ts task has QLAPI too, with the rest of the env and task calls', async (t) => {
  const p = await panel(t);
  const source = `type Reply = { code: number; data?: any; message?: string };
declare const QLAPI: Record<string, (params?: object) => Promise<Reply>>;
(async () => {
  const envs = await QLAPI.getEnvs({});
  const made = await QLAPI.createEnv({ envs: [{ name: 'GONE', value: 'x' }, { name: 'KEPT', value: 'y' }] });
  const [gone, kept] = made.data.map((e: { id: number }) => e.id);
  const disabled = await QLAPI.disableEnvs({ ids: [kept] });
  const enabled = await QLAPI.enableEnvs({ ids: [kept] });
  const deleted = await QLAPI.deleteEnvs({ ids: [gone] });
  const task = await QLAPI.createCron({ name: 'ts task', command: 'echo from ts', schedule: '0 0 1 1 *' });
  const id = task.data.id;
  const updated = await QLAPI.updateCron({ id, name: 'ts task renamed', command: 'echo from ts', schedule: '0 0 2 1 *' });
  const off = await QLAPI.disableCrons({ ids: [id] });
  const on = await QLAPI.enableCrons({ ids: [id] });
  const ran = await QLAPI.runCrons({ ids: [id] });
  const detail = await QLAPI.getCronDetail({ log_path: 'nowhere/never.log' });
  const other = await QLAPI.createCron({ command: 'echo doomed', schedule: '0 0 1 1 *' });
  const removed = await QLAPI.deleteCrons({ ids: [other.data.id] });
  const noIds = await QLAPI.runCrons({});
  console.log(JSON.stringify({ names: envs.data.map((e: { name: string }) => e.name), disabled, enabled, deleted,
    id, updated, off, on, ran, detail, removed, noIds }));
})();
`;
  const result = resultOf(await runTask(p, 'ql_list.ts', source));
  assert.deepEqual(result.names, ['MY_TOKEN']);
  for (const name of ['disabled', 'enabled', 'deleted', 'off', 'on', 'ran', 'removed']) {
    assert.deepEqual(result[name], { code: 200 }, name);
  }
  assert.equal(result.updated.code, 200);
  assert.equal(result.updated.data.name, 'ts task renamed');
  assert.equal(result.updated.data.schedule, '0 0 2 1 *');
  assert.equal(result.detail.code, 200, "an unknown log path is Qinglong's 200 without data");
  assert.deepEqual(result.noIds, { code: 400, message: 'ids parameter is required' });

  // The panel shows it: one variable deleted, the other enabled again; the task renamed and enabled, the other gone.
  const envs = (await p.api('GET', '/api/envs')).body.data as Env[];
  const status = new Map(envs.map((e) => [e.name, e.status]));
  assert.equal(status.has('GONE'), false, 'deleted');
  assert.equal(status.get('KEPT'), 0, 'disabled, then enabled again');
  const task = (await p.api('GET', `/api/crons/${result.id}`)).body.data as Cron;
  assert.equal(task.name, 'ts task renamed');
  assert.equal(task.isDisabled, 0);
  const crons = (await p.api('GET', '/api/crons?searchValue=doomed')).body.data as { total: number };
  assert.equal(crons.total, 0);
});

test('outside a run QLAPI says where it works; a run that never calls it loads nothing else', async () => {
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin' };
  const node = await exec(
    'node',
    [
      '--require',
      qlapiNodePreload,
      '-e',
      `QLAPI.getEnvs({}).catch((e) => console.log(e.message)).then(() => {
         const ours = Object.keys(require.cache).filter((f) => !f.includes('node_modules'));
         console.log(JSON.stringify(ours));
       })`,
    ],
    { env },
  );
  const [message, loaded] = node.stdout.trim().split('\n');
  assert.match(message!, /QLAPI works inside runs started by Baihu/);
  assert.deepEqual(JSON.parse(loaded!), [qlapiNodePreload], 'the preload alone, until a call needs more');

  const python = await exec(
    'python3',
    [
      '-c',
      `import sys
mods = set(sys.modules)
try:
    QLAPI.getEnvs()
except RuntimeError as error:
    print(error)
print("http.client" in mods, "json" in mods)`,
    ],
    { env: { ...env, PYTHONPATH: qlapiPythonDir } },
  );
  const [pyMessage, lazy] = python.stdout.trim().split('\n');
  assert.match(pyMessage!, /QLAPI works inside runs started by Baihu/);
  assert.equal(lazy, 'False False', 'nothing imported before the first call');
});
