/**
 * The hostile-request suite: every route that takes a body (and every GET with a query string), with a valid session,
 * gets wrong types in each field, strings far over their limits, NUL characters and lone surrogates, `__proto__` and
 * `constructor.prototype` keys, 10,000-deep JSON, wrong content types, invalid JSON and no body. Routes and fields
 * come from the daemon's own route table and schemas, so a route added later is covered without edits here. Every
 * case is built to be refused: each must answer 4xx with a message, never 5xx, and the database and the data dir's
 * files must be unchanged after all of them.
 * Tier: integration — the real daemon listening on 127.0.0.1, real SQLite, real files.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { AccessKind } from '../../daemon/src/contract/access.ts';
import path from 'node:path';
import { readLocalKey } from '../../daemon/src/auth/local-key.ts';
import { call, initAccount, login, startApp } from '../helpers/app.ts';
import { hostileCases, seedRows, seedSubscription, seedThrough, type HostileCase } from '../helpers/hostile.ts';
import { inPool } from '../helpers/raw-http.ts';
import { databaseSnapshot, filesSnapshot } from '../helpers/snapshot.ts';

/** A concrete path for a route pattern: ids become the seeded id, file names a harmless name. */
const concrete = (url: string) =>
  url
    .replace(/:id\b|:iid\b/g, '1')
    .replace(/:(\w+)/g, 'config.sh')
    .replace(/\*$/, 'x');

/**
 * One request on a connection of its own. The server may answer and close before it has read a body it refuses;
 * whatever happens to the write after the answer has come does not matter.
 */
function send(port: number, c: HostileCase & { method: string }): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    let answered = false;
    const headers = {
      ...c.headers,
      ...(c.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(c.body)) }),
    };
    const req = http.request(
      { host: '127.0.0.1', port, method: c.method, path: c.path, headers, agent: false },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', (error) => resolve({ status: 0, body: error.message }));
      },
    );
    req.on('error', (error) => {
      if (!answered) resolve({ status: 0, body: `no answer: ${error.message}` });
    });
    req.end(c.body);
  });
}

/** What a refusal must look like: a 4xx, and a JSON body whose message a person can read. */
function problemWith(status: number, text: string, expected: HostileCase): string | null {
  if (status < 400 || status >= 500) return `HTTP ${status}`;
  let body: { message?: unknown; errors?: { field: string; message: string }[] };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    return `HTTP ${status} without a JSON body: ${text.slice(0, 80)}`;
  }
  const messages = [body.message, ...(body.errors ?? []).map((e) => e.message)];
  if (typeof body.message !== 'string' || body.message === '') return `HTTP ${status} without a message`;
  if (messages.some((m) => typeof m !== 'string' || /undefined|\{\w+\}|\[object/.test(m))) {
    return `HTTP ${status} with an unclear message: ${JSON.stringify(messages)}`;
  }
  // A body over the route's size limit is refused whole, before any field is read: it names the limit, not a field.
  const wholeBodyRefused = status === 413;
  if (expected.field !== undefined && !wholeBodyRefused && body.errors?.[0]?.field !== expected.field) {
    return `HTTP ${status} names ${JSON.stringify(body.errors?.[0]?.field)}, not ${expected.field}`;
  }
  return null;
}

test('every route refuses every hostile body and query with a clear 4xx, and nothing changes', async (t) => {
  const { app, dataDir } = await startApp(t);
  await initAccount(app);
  const token = await login(app);
  await seedThrough(app, token, [...seedRows, seedSubscription]);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  const snapshot = async () => ({
    db: await databaseSnapshot(app),
    files: filesSnapshot(dataDir, (relative) => relative.startsWith('db') || relative.startsWith('syslog')),
  });
  const before = await snapshot();

  const session = { authorization: `Bearer ${token}`, 'accept-language': 'en' };
  const runToken = { authorization: `Bearer ${app.ctx.runTokens.issue('hostile-run')}`, 'accept-language': 'en' };
  // The local routes (`task` and `ql` on this machine) answer the key the daemon wrote beside its database.
  const localKey = { authorization: `Bearer ${readLocalKey(path.join(dataDir, 'db'))}`, 'accept-language': 'en' };
  const credentialsOf = (kind: string | undefined) =>
    kind === AccessKind.run ? runToken : kind === AccessKind.local ? localKey : session;
  // Every route that is served, /open twins included; a closed twin answers 404 before it reads anything.
  const routes = app.routeTable.filter(
    (r) =>
      r.access?.kind !== AccessKind.closed &&
      (['POST', 'PUT', 'DELETE'].includes(r.method) || (r.method === 'GET' && r.schema?.querystring)),
  );
  assert.ok(routes.length >= 80, `only ${routes.length} routes found`);
  const cases = routes.flatMap((route) =>
    hostileCases(route, concrete(route.url), credentialsOf(route.access?.kind)).map((c) => ({
      route,
      ...c,
    })),
  );

  const failures: string[] = [];
  /** Which refusal answered each kind of case, for the diagnostic line. */
  const answers = new Map<string, number>();
  const started = Date.now();
  await inPool(
    cases.map((c) => async () => {
      const reply = await send(port, { ...c, method: c.route.method });
      const error = /"error":"(\w+)"/.exec(reply.body)?.[1] ?? reply.status;
      answers.set(String(error), (answers.get(String(error)) ?? 0) + 1);
      const problem = problemWith(reply.status, reply.body, c);
      if (problem)
        failures.push(`${c.route.method} ${c.route.url} [${c.name}]: ${problem} ${reply.body.slice(0, 160)}`);
    }),
    4,
  );
  t.diagnostic(`${routes.length} routes, ${cases.length} hostile requests in ${Date.now() - started} ms`);
  t.diagnostic(`answers: ${JSON.stringify(Object.fromEntries(answers))}`);
  assert.deepEqual(failures, [], `${failures.length} of ${cases.length} hostile requests were not refused cleanly`);
  assert.deepEqual(await snapshot(), before, 'a refused request changed the database or the files');
});

test('NUL and lone surrogates are refused in every name, in both languages; other Unicode passes', async (t) => {
  const { app } = await startApp(t);
  await initAccount(app);
  const token = await login(app);
  const names: [string, string, (name: string) => unknown, string][] = [
    ['POST', '/api/crons', (name) => ({ name, command: 'echo', schedule: '0 0 1 1 *' }), 'name'],
    ['POST', '/api/envs', (name) => [{ name: 'A', value: '1', remarks: name }], 'remarks'],
    ['PUT', '/api/envs/name', (name) => ({ ids: [1], name }), 'name'],
    ['POST', '/api/crons/labels', (name) => ({ ids: [1], labels: [name] }), 'labels.0'],
    ['POST', '/api/crons/views', (name) => ({ name, filters: [] }), 'name'],
    ['POST', '/api/scripts', (name) => ({ filename: name, path: '', content: 'x' }), 'filename'],
    [
      'POST',
      '/api/subscriptions',
      (name) => ({ name, type: 'file', url: 'http://127.0.0.1:9/x.js', alias: 'a', schedule: '0 0 1 1 *' }),
      'name',
    ],
  ];
  for (const [method, url, body, field] of names) {
    for (const bad of ['a\u0000b', 'a\ud800b', 'a\udc00b']) {
      const res = await call(app, method as 'POST', url, { token, payload: body(bad) });
      assert.equal(res.status, 400, `${url} ${JSON.stringify(bad)}`);
      assert.deepEqual(res.body.errors?.[0]?.field, field, url);
      assert.match(res.body.errors?.[0]?.message ?? '', /a character that is not allowed/);
    }
  }
  const zh = await call(app, 'POST', '/api/crons', { token, lang: 'zh', payload: names[0]![2]('a\u0000') });
  assert.equal(zh.body.errors?.[0]?.message, '名称包含不允许的字符（NUL 字符或不成对的代理字符）');
  // Chinese, emoji (a surrogate pair) and other control characters are text like any other.
  const fine = await call(app, 'POST', '/api/crons', { token, payload: names[0]![2]('签到 😀 \u0001') });
  assert.equal(fine.body.code, 200, JSON.stringify(fine.body));
  const query = await call(app, 'GET', '/api/envs?searchValue=%F0%9F%98%80', { token });
  assert.equal(query.body.code, 200);
  for (const bad of ['%00', '%ED%A0%80', '%ZZ']) {
    assert.equal((await call(app, 'GET', `/api/envs?searchValue=a${bad}`, { token })).status, 400, bad);
  }
});
