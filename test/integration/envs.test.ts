import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { EnvStatus } from '../../daemon/src/contract/enums.ts';
import type { Env } from '../../daemon/src/contract/envs.ts';
import { call, signedIn, type CallOptions } from '../helpers/app.ts';
import { runsOf, waitFor } from '../helpers/tasks.ts';

/** The environment-variable area through the real app (in-process, fresh SQLite per test, real runs). */

type Api = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options?: Omit<CallOptions, 'token'>,
) => ReturnType<typeof call>;

async function setup(t: TestContext): Promise<{ api: Api; app: FastifyInstance; dataDir: string; token: string }> {
  const { app, token, dataDir } = await signedIn(t);
  const api: Api = (method, url, options = {}) => call(app, method, url, { ...options, token });
  return { api, app, dataDir, token };
}

async function create(api: Api, envs: Record<string, unknown>[]): Promise<Env[]> {
  const res = await api('POST', '/api/envs', { payload: envs });
  assert.equal(res.body.code, 200, JSON.stringify(res.body));
  return res.body.data as Env[];
}

async function list(api: Api, search?: string): Promise<Env[]> {
  const res = await api('GET', `/api/envs${search === undefined ? '' : `?searchValue=${encodeURIComponent(search)}`}`);
  assert.equal(res.body.code, 200, JSON.stringify(res.body));
  return res.body.data as Env[];
}

const names = (rows: Env[]) => rows.map((r) => `${r.name}=${r.value}`);

function multipart(field: string, filename: string, content: string) {
  const boundary = '----baihu-test-boundary';
  const body =
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
    `Content-Type: application/json\r\n\r\n${content}\r\n--${boundary}--\r\n`;
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

test('create (one or many), read, edit, delete; the list is a bare array with Qinglong fields', async (t) => {
  const { api } = await setup(t);
  const [a, b] = await create(api, [
    { name: 'JD_COOKIE', value: 'pt_key=1', remarks: 'first', labels: [' x ', 'x', 'y'] },
    { name: 'TG_TOKEN', value: 'secret' },
  ]);
  assert.ok(a && b);
  assert.equal(a.status, EnvStatus.normal);
  assert.equal(a.isPinned, 0);
  assert.deepEqual(a.labels, ['x', 'y']);
  assert.equal(b.remarks, null);
  assert.ok(b.position > a.position, 'new rows go after the last one');
  assert.equal(typeof a.timestamp, 'string');

  const got = await api('GET', `/api/envs/${a.id}`);
  assert.deepEqual(got.body.data, a);

  const edited = await api('PUT', '/api/envs', { payload: { id: a.id, value: 'pt_key=2', remarks: 'changed' } });
  assert.equal(edited.body.code, 200, JSON.stringify(edited.body));
  const after = edited.body.data as Env;
  assert.equal(after.name, 'JD_COOKIE', 'fields left out keep their value');
  assert.equal(after.value, 'pt_key=2');
  assert.equal(after.remarks, 'changed');

  assert.equal((await api('DELETE', '/api/envs', { payload: [b.id] })).body.code, 200);
  assert.deepEqual(names(await list(api)), ['JD_COOKIE=pt_key=2']);
  const missing = await api('GET', `/api/envs/${b.id}`);
  assert.equal(missing.status, 404);
  assert.equal((await api('PUT', '/api/envs', { payload: { id: 9999, value: 'x' } })).status, 404);
});

test('names: letters, digits and underscores, not starting with a digit (en and zh); name + value is unique', async (t) => {
  const { api } = await setup(t);
  for (const name of ['1ABC', 'A-B', 'A B', 'ÄB', '$(touch)']) {
    const res = await api('POST', '/api/envs', { payload: [{ name, value: 'v' }] });
    assert.equal(res.status, 400, name);
    assert.equal(res.body.errors?.[0]?.field, 'name');
    assert.equal(
      res.body.errors?.[0]?.message,
      'Environment variable name: only letters, digits and underscores are allowed, and it cannot start with a digit',
    );
  }
  const zh = await api('POST', '/api/envs', { payload: [{ name: '9x', value: 'v' }], lang: 'zh' });
  assert.equal(zh.body.errors?.[0]?.message, '环境变量名称只能包含字母、数字和下划线，且不能以数字开头');
  assert.equal(zh.body.message, '验证失败');

  const batch = await api('POST', '/api/envs', {
    payload: [
      { name: 'GOOD', value: 'v' },
      { name: 'bad-name', value: 'v' },
    ],
  });
  assert.equal(batch.status, 400);
  assert.deepEqual(await list(api), [], 'a batch with one bad name stores nothing');

  const [row] = await create(api, [{ name: '_ok_1', value: 'v' }]);
  const rename = await api('PUT', '/api/envs', { payload: { id: row!.id, name: '2bad' } });
  assert.equal(rename.status, 400);
  const dup = await api('POST', '/api/envs', { payload: [{ name: '_ok_1', value: 'v' }] });
  assert.equal(dup.status, 409);
  assert.equal(dup.body.message, 'A variable named _ok_1 with this value already exists');
  const missingValue = await api('POST', '/api/envs', { payload: [{ name: 'X' }] });
  assert.equal(missingValue.status, 400);
});

test('search, enable/disable, pin/unpin, labels, rename many', async (t) => {
  const { api } = await setup(t);
  const rows = await create(api, [
    { name: 'A', value: 'apple', remarks: 'fruit' },
    { name: 'B', value: 'banana' },
    { name: 'C', value: 'cherry', remarks: '100%_red' },
  ]);
  const [a, b, c] = rows as [Env, Env, Env];
  assert.deepEqual(names(await list(api, 'an')), ['B=banana']);
  assert.deepEqual(names(await list(api, 'fruit')), ['A=apple'], 'remarks are searched');
  assert.deepEqual(names(await list(api, 'C')), ['C=cherry']);
  assert.deepEqual(names(await list(api, '%_')), ['C=cherry'], 'LIKE wildcards are taken literally');

  await api('PUT', '/api/envs/disable', { payload: [a.id, b.id] });
  let all = await list(api);
  assert.deepEqual(
    all.map((r) => r.status),
    [EnvStatus.disabled, EnvStatus.disabled, EnvStatus.normal],
  );
  await api('PUT', '/api/envs/enable', { payload: [b.id] });
  assert.equal((await list(api)).find((r) => r.id === b.id)?.status, EnvStatus.normal);

  await api('PUT', '/api/envs/pin', { payload: [c.id] });
  all = await list(api);
  assert.deepEqual(names(all), ['C=cherry', 'A=apple', 'B=banana'], 'pinned first');
  assert.equal(all[0]!.isPinned, 1);
  await api('PUT', '/api/envs/unpin', { payload: [c.id] });
  assert.deepEqual(names(await list(api)), ['A=apple', 'B=banana', 'C=cherry']);

  await api('POST', '/api/envs/labels', { payload: { ids: [a.id, b.id], labels: ['l1', 'l2'] } });
  await api('DELETE', '/api/envs/labels', { payload: { ids: [a.id], labels: ['l1'] } });
  all = await list(api);
  assert.deepEqual(all[0]!.labels, ['l2']);
  assert.deepEqual(all[1]!.labels, ['l1', 'l2']);

  const renamed = await api('PUT', '/api/envs/name', { payload: { ids: [a.id, b.id], name: 'FRUIT' } });
  assert.equal(renamed.body.code, 200);
  assert.deepEqual(names(await list(api)), ['FRUIT=apple', 'FRUIT=banana', 'C=cherry']);
  const badRename = await api('PUT', '/api/envs/name', { payload: { ids: [a.id], name: '1x' }, lang: 'zh' });
  assert.equal(badRename.status, 400);
  assert.match(badRename.body.errors?.[0]?.message ?? '', /不能以数字开头/);
});

test('drag to reorder: moves are stable and deterministic, pinned rows stay in their group', async (t) => {
  const { api } = await setup(t);
  const rows = await create(
    api,
    ['A', 'B', 'C', 'D', 'E'].map((name) => ({ name, value: name.toLowerCase() })),
  );
  const id = (name: string) => rows.find((r) => r.name === name)!.id;
  const order = async () => (await list(api)).map((r) => r.name).join('');
  const move = async (name: string, fromIndex: number, toIndex: number) => {
    const res = await api('PUT', `/api/envs/${id(name)}/move`, { payload: { fromIndex, toIndex } });
    assert.equal(res.body.code, 200, JSON.stringify(res.body));
    return res.body.data as Env;
  };
  await move('E', 4, 0);
  assert.equal(await order(), 'EABCD');
  await move('E', 0, 2);
  assert.equal(await order(), 'ABECD');
  await move('A', 0, 4);
  assert.equal(await order(), 'BECDA');
  await move('C', 2, 1);
  assert.equal(await order(), 'BCEDA');
  // Many moves into the same gap: renumbering keeps the order right.
  for (let i = 0; i < 60; i++) await move(i % 2 ? 'D' : 'A', 0, 1);
  assert.equal(await order(), 'BDACE', 'renumbering when the gap runs out keeps the order');
  const before = await order();
  assert.equal(await order(), before, 'the order is stable between reads');
  assert.equal(new Set((await list(api)).map((r) => r.position)).size, 5, 'positions are distinct');

  await api('PUT', '/api/envs/pin', { payload: [id('C')] });
  const pinnedFirst = await order();
  assert.equal(pinnedFirst[0], 'C');
  await move('B', pinnedFirst.indexOf('B'), 0);
  const after = await order();
  assert.equal(after.slice(0, 2), 'CB', 'an unpinned row stops below the pinned ones');
  assert.equal((await api('PUT', '/api/envs/9999/move', { payload: { fromIndex: 0, toIndex: 1 } })).status, 404);
});

test('import (upload) and export round trip; a bad entry imports nothing', async (t) => {
  const { api } = await setup(t);
  await create(api, [
    { name: 'A', value: 'one', remarks: 'r', labels: ['x'] },
    { name: 'A', value: 'two' },
    { name: 'B', value: 'line1\nline2 "quoted" & more' },
  ]);
  await api('PUT', '/api/envs/disable', { payload: [(await list(api))[1]!.id] });
  const exported = await list(api);
  const file = JSON.stringify(exported);

  // A fresh panel imports the export.
  const other = await signedIn(t);
  const upload = async (content: string, field = 'env') => {
    const form = multipart(field, 'env.json', content);
    const res = await call(other.app, 'POST', '/api/envs/upload', { token: other.token, ...form });
    return res;
  };
  const res = await upload(file);
  assert.equal(res.body.code, 200, JSON.stringify(res.body));
  const imported = (await call(other.app, 'GET', '/api/envs', { token: other.token })).body.data as Env[];
  const strip = (rows: Env[]) =>
    rows.map((r) => ({ name: r.name, value: r.value, remarks: r.remarks, labels: r.labels }));
  assert.deepEqual(strip(imported), strip(exported));

  const bad = await upload(
    JSON.stringify([
      { name: 'OK', value: 'v' },
      { name: '3bad', value: 'v' },
    ]),
  );
  assert.equal(bad.status, 400);
  assert.equal(bad.body.message, 'Entry 2 of the file is not valid; nothing was imported');
  assert.match(bad.body.errors?.[0]?.message ?? '', /cannot start with a digit/);
  assert.equal((await upload('not json')).status, 400);
  assert.equal((await upload('{"name":"A"}')).status, 400);
  assert.equal((await upload(file, 'other')).status, 400);
  const again = (await call(other.app, 'GET', '/api/envs', { token: other.token })).body.data as Env[];
  assert.equal(again.length, 3, 'failed imports stored nothing');
});

test('runs see enabled variables joined with & in position order; a change applies to the next run', async (t) => {
  const { api, app, dataDir } = await setup(t);
  const rows = await create(api, [
    { name: 'JD_COOKIE', value: 'a' },
    { name: 'JD_COOKIE', value: 'off' },
    { name: 'JD_COOKIE', value: 'b' },
  ]);
  await api('PUT', '/api/envs/disable', { payload: [rows[1]!.id] });
  const cron = await api('POST', '/api/crons', {
    payload: { name: 'show', command: 'echo "cookie=$JD_COOKIE"', schedule: '0 0 1 1 *' },
  });
  assert.equal(cron.body.code, 200, JSON.stringify(cron.body));
  const cronId = (cron.body.data as { id: number }).id;

  const runAndRead = async () => {
    const before = (await runsOf(app, cronId)).length;
    await app.ctx.taskRuns.run([cronId]);
    const run = await waitFor(
      async () => {
        const runs = await runsOf(app, cronId);
        const last = runs[before];
        return last && last.finished_at !== null && last.log_path ? last : undefined;
      },
      10_000,
      'the run to finish',
    );
    return readFileSync(path.join(dataDir, 'log', run.log_path!), 'utf8');
  };
  assert.match(await runAndRead(), /^cookie=a&b$/m);

  await api('PUT', `/api/envs/${rows[2]!.id}/move`, { payload: { fromIndex: 2, toIndex: 0 } });
  await api('PUT', '/api/envs/enable', { payload: [rows[1]!.id] });
  assert.match(await runAndRead(), /^cookie=b&a&off$/m, 'the next run sees the change, without a restart');
});
