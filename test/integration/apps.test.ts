/**
 * Applications and the open API through the real daemon (in-process, fresh SQLite per test): credentials, the token
 * exchange, scopes on /open, revocation, and what an application can never reach. Tier: integration.
 */
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { appScopes, AccessKind, type AppScope } from '../../daemon/src/contract/access.ts';
import type { App, AppToken, AppWithSecret } from '../../daemon/src/contract/apps.ts';
import { firstSegment } from '../../daemon/src/access/open-surface.ts';
import { call, signedIn } from '../helpers/app.ts';
import { storedText } from '../helpers/stored.ts';

/** One GET of each scope's module, as a Qinglong client would call it. */
const probes: Record<AppScope, string> = {
  crons: '/open/crons',
  envs: '/open/envs',
  subscriptions: '/open/subscriptions',
  configs: '/open/configs/files',
  scripts: '/open/scripts',
  logs: '/open/logs',
  dependencies: '/open/dependencies',
  system: '/open/system/config',
  dashboard: '/open/dashboard',
};

async function setup(t: TestContext) {
  const started = await signedIn(t);
  const { app, token } = started;
  const createApp = async (name: string, scopes: AppScope[]) => {
    const res = await call(app, 'POST', '/api/apps', { token, payload: { name, scopes } });
    assert.equal(res.body.code, 200, JSON.stringify(res.body));
    return res.body.data as AppWithSecret;
  };
  return { ...started, createApp };
}

async function exchange(app: FastifyInstance, clientId: string, secret: string) {
  const query = new URLSearchParams({ client_id: clientId, client_secret: secret });
  return call(app, 'GET', `/open/auth/token?${query}`);
}

async function tokenOf(app: FastifyInstance, created: { client_id: string; client_secret: string }) {
  const res = await exchange(app, created.client_id, created.client_secret);
  assert.equal(res.status, 200);
  assert.equal(res.body.code, 200, JSON.stringify(res.body));
  return (res.body.data as AppToken).token;
}

test('create shows the secret once with Qinglong lengths; the list and the database never hold it', async (t) => {
  const { app, token, dataDir, createApp } = await setup(t);
  const created = await createApp('cookie sync', ['envs', 'crons']);
  assert.match(created.client_id, /^[A-Za-z0-9]{12}$/);
  assert.match(created.client_secret, /^[A-Za-z0-9]{24}$/);
  assert.deepEqual(created.scopes, ['crons', 'envs'], 'scopes in the offered order');
  assert.equal(created.name, 'cookie sync');

  const list = await call(app, 'GET', '/api/apps', { token });
  assert.equal(list.body.code, 200);
  const apps = list.body.data as App[];
  assert.equal(apps.length, 1);
  assert.equal('client_secret' in apps[0]!, false, 'the list never carries a secret');
  assert.equal(apps[0]!.client_id, created.client_id);

  const issued = await tokenOf(app, created);
  await app.close();
  const stored = await storedText(dataDir);
  assert.ok(stored.includes(created.client_id), 'the client id is stored as it is');
  assert.equal(stored.includes(created.client_secret), false, 'the secret is stored hashed');
  assert.equal(stored.includes(issued), false, 'the token is stored hashed');
});

test('names: required, the reserved name refused with a clear message in both languages, unique', async (t) => {
  const { app, token, createApp } = await setup(t);
  const empty = await call(app, 'POST', '/api/apps', { token, payload: { name: '', scopes: [] } });
  assert.equal(empty.status, 400);
  assert.deepEqual(empty.body.errors, [{ field: 'name', message: 'Please enter name' }]);

  for (const name of ['system', ' System ']) {
    const reserved = await call(app, 'POST', '/api/apps', { token, payload: { name, scopes: ['envs'] } });
    assert.equal(reserved.status, 400);
    assert.match(reserved.body.message!, /"System"|"system"/);
    assert.match(reserved.body.message!, /reserved name/);
    assert.equal(reserved.body.errors?.[0]?.field, 'name');
  }
  const zh = await call(app, 'POST', '/api/apps', { token, lang: 'zh', payload: { name: 'system', scopes: [] } });
  assert.match(zh.body.message!, /保留名称/);

  const unknownScope = await call(app, 'POST', '/api/apps', { token, payload: { name: 'x', scopes: ['user'] } });
  assert.equal(unknownScope.status, 400, 'only the offered scopes');

  await createApp('backup', ['system']);
  const taken = await call(app, 'POST', '/api/apps', { token, payload: { name: 'Backup', scopes: [] } });
  assert.equal(taken.status, 400);
  assert.match(JSON.stringify(taken.body.errors), /already exists/);
});

test('the token exchange: Qinglong shape, 30 days in Unix seconds; a wrong pair is HTTP 200 {code: 400}', async (t) => {
  const { app, clock, createApp } = await setup(t);
  const created = await createApp('client', ['envs']);
  const res = await exchange(app, created.client_id, created.client_secret);
  assert.equal(res.status, 200);
  const data = res.body.data as AppToken;
  assert.deepEqual(Object.keys(data).sort(), ['expiration', 'token', 'token_type']);
  assert.equal(data.token_type, 'Bearer');
  assert.match(data.token, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  assert.equal(data.expiration, Math.round(clock.now() / 1000) + 30 * 24 * 3600);

  for (const [id, secret] of [
    [created.client_id, 'x'.repeat(24)],
    ['nobody123456', created.client_secret],
  ] as const) {
    const wrong = await exchange(app, id, secret);
    assert.equal(wrong.status, 200, 'Qinglong answers HTTP 200');
    assert.equal(wrong.body.code, 400);
    assert.equal(wrong.body.data, undefined);
    assert.match(wrong.body.message!, /client_id or client_secret/);
  }
  const missing = await call(app, 'GET', '/open/auth/token?client_id=abc');
  assert.equal(missing.body.code, 400);
});

test('each scope opens its own module under /open and no other: HTTP 401 {code: 401} as Qinglong', async (t) => {
  const { app, createApp } = await setup(t);
  for (const scope of appScopes) {
    const bearer = await tokenOf(app, await createApp(`only ${scope}`, [scope]));
    for (const [probeScope, url] of Object.entries(probes)) {
      const res = await call(app, 'GET', url, { token: bearer });
      if (probeScope === scope) {
        assert.equal(res.status, 200, `${scope} on ${url}: ${JSON.stringify(res.body)}`);
        assert.equal(res.body.code, 200);
      } else {
        assert.equal(res.status, 401, `${scope} token on ${url}`);
        assert.equal(res.body.code, 401);
        assert.match(res.body.message!, new RegExp(`permission for "${probeScope}"`));
      }
    }
  }
});

test('an app token is never a session: 401 on every /api route it tries', async (t) => {
  const { app, createApp } = await setup(t);
  const bearer = await tokenOf(app, await createApp('all', [...appScopes]));
  for (const url of [...Object.values(probes).map((u) => u.replace('/open/', '/api/')), '/api/user', '/api/apps']) {
    const res = await call(app, 'GET', url, { token: bearer });
    assert.equal(res.status, 401, url);
    assert.equal(res.body.code, 401);
  }
});

test('reset and delete revoke at once; the old secret stops working, the new one works', async (t) => {
  const { app, token, createApp } = await setup(t);
  const created = await createApp('rotating', ['envs']);
  const first = await tokenOf(app, created);
  assert.equal((await call(app, 'GET', '/open/envs', { token: first })).status, 200);

  const reset = await call(app, 'PUT', `/api/apps/${created.id}/reset-secret`, { token });
  assert.equal(reset.body.code, 200);
  const renewed = reset.body.data as AppWithSecret;
  assert.match(renewed.client_secret, /^[A-Za-z0-9]{24}$/);
  assert.notEqual(renewed.client_secret, created.client_secret);
  assert.equal(renewed.client_id, created.client_id, 'the client id stays');
  assert.equal((await call(app, 'GET', '/open/envs', { token: first })).status, 401, 'reset revokes');
  assert.equal((await exchange(app, created.client_id, created.client_secret)).body.code, 400, 'old secret');
  const second = await tokenOf(app, renewed);
  assert.equal((await call(app, 'GET', '/open/envs', { token: second })).status, 200);

  const removed = await call(app, 'DELETE', '/api/apps', { token, payload: [created.id] });
  assert.equal(removed.body.code, 200);
  assert.equal((await call(app, 'GET', '/open/envs', { token: second })).status, 401, 'delete revokes');
  assert.equal((await exchange(app, renewed.client_id, renewed.client_secret)).body.code, 400);
  assert.equal((await call(app, 'PUT', `/api/apps/${created.id}/reset-secret`, { token })).status, 404);
});

test('editing scopes applies to live tokens at once; the name can change', async (t) => {
  const { app, token, createApp } = await setup(t);
  const created = await createApp('editable', ['envs']);
  const bearer = await tokenOf(app, created);
  const edited = await call(app, 'PUT', '/api/apps', { token, payload: { id: created.id, scopes: ['crons'] } });
  assert.equal(edited.body.code, 200);
  assert.deepEqual((edited.body.data as App).scopes, ['crons']);
  assert.equal((await call(app, 'GET', '/open/envs', { token: bearer })).status, 401);
  assert.equal((await call(app, 'GET', '/open/crons', { token: bearer })).status, 200);
  const renamed = await call(app, 'PUT', '/api/apps', { token, payload: { id: created.id, name: 'renamed' } });
  assert.equal((renamed.body.data as App).name, 'renamed');
  assert.equal((await call(app, 'PUT', '/api/apps', { token, payload: { id: 999, name: 'x' } })).status, 404);
  const reserved = await call(app, 'PUT', '/api/apps', { token, payload: { id: created.id, name: 'SYSTEM' } });
  assert.equal(reserved.status, 400);
});

test('at most five live tokens per app: a sixth drops the oldest; tokens expire after 30 days', async (t) => {
  const { app, token, clock, createApp } = await setup(t);
  const created = await createApp('many', ['envs']);
  const tokens: string[] = [];
  for (let i = 0; i < 6; i++) {
    tokens.push(await tokenOf(app, created));
    clock.advance(1000);
  }
  const statuses = [];
  for (const bearer of tokens) statuses.push((await call(app, 'GET', '/open/envs', { token: bearer })).status);
  assert.deepEqual(statuses, [401, 200, 200, 200, 200, 200]);
  const listed = (await call(app, 'GET', '/api/apps', { token })).body.data as App[];
  assert.equal(listed[0]!.tokens, 5);

  clock.advance(30 * 24 * 3600 * 1000);
  const later = [];
  for (const bearer of tokens.slice(1)) later.push((await call(app, 'GET', '/open/envs', { token: bearer })).status);
  assert.deepEqual(later, [401, 401, 401, 401, 401], 'every token is 30 days old or more');
});

test('apps never reach account, application, run-only or socket routes under /open; a session reaches /open', async (t) => {
  const { app, token, createApp } = await setup(t);
  const bearer = await tokenOf(app, await createApp('all', [...appScopes]));
  for (const [method, url] of [
    ['GET', '/open/user'],
    ['GET', '/open/apps'],
    ['POST', '/open/apps'],
    ['GET', '/open/user/login-log'],
    ['GET', '/open/user/notification'],
    ['POST', '/open/notify/script'],
  ] as const) {
    const withApp = await call(app, method, url, { token: bearer, payload: method === 'POST' ? {} : undefined });
    assert.equal(withApp.status, 401, `${method} ${url} with an app token`);
    const withSession = await call(app, method, url, { token, payload: method === 'POST' ? {} : undefined });
    assert.equal(withSession.status, 404, `${method} ${url} with a session: not served there`);
  }
  // Qinglong accepts the administrator's session on /open too.
  assert.equal((await call(app, 'GET', '/open/envs', { token })).body.code, 200);
  // The public system info is public there too; health is not served under /open.
  assert.equal((await call(app, 'GET', '/open/system')).body.code, 200);
  assert.equal((await call(app, 'GET', '/open/health')).status, 401);
});

test('the route table: every route served under /open is a scope route of its first segment, or public', async (t) => {
  const { app } = await setup(t);
  await app.ready().then(() => app.ctx.started);
  const prefix = '/open';
  const open = app.routeTable.filter((r) => r.surface === 'open');
  const api = app.routeTable.filter((r) => r.surface === 'api' && r.url.startsWith('/api/'));
  assert.ok(open.length >= 100, `${open.length} open routes`);
  const served = open.filter((r) => r.access?.kind !== AccessKind.closed);
  const mismatched = served
    .filter((r) => r.access?.kind === AccessKind.scope && r.access.scope !== firstSegment(r.url, prefix))
    .map((r) => `${r.method} ${r.url}`);
  assert.deepEqual(mismatched, []);
  const publicOpen = served.filter((r) => r.access?.kind === AccessKind.public).map((r) => `${r.method} ${r.url}`);
  assert.deepEqual(publicOpen.sort(), ['GET /open/auth/token', 'GET /open/system']);
  // Every scope route of /api has its twin under /open, and nothing else is served there. (/api/metrics takes a
  // system app's token at its /api address and has no twin.)
  const twinsOf = (routes: typeof api, from: string) =>
    routes
      .filter((r) => r.access?.kind === AccessKind.scope && !r.access.appsOnApi)
      .map((r) => `${r.method} ${r.url.replace(from, '')}`);
  assert.deepEqual(twinsOf(served, '/open').sort(), twinsOf(api, '/api').sort());
  const closed = open.filter((r) => r.access?.kind === AccessKind.closed).map((r) => r.url);
  assert.ok(closed.includes('/open/user') && closed.includes('/open/apps'));
});

test("a route that takes no body accepts an empty one labelled JSON, as Qinglong's clients send it", async (t) => {
  const { app, token, createApp } = await setup(t);
  const created = await createApp('empty body', ['envs']);
  const res = await call(app, 'PUT', `/api/apps/${created.id}/reset-secret`, {
    token,
    headers: { 'content-type': 'application/json;charset=UTF-8' },
    payload: '',
  });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  // A route that takes a body still says what is wrong with an empty one.
  const create = await call(app, 'POST', '/api/apps', {
    token,
    headers: { 'content-type': 'application/json' },
    payload: '',
  });
  assert.equal(create.status, 400);
  assert.match(create.body.message!, /empty/);
});
