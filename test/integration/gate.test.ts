import assert from 'node:assert/strict';
import { test } from 'node:test';
import { publicRoutes } from '../../daemon/src/http/gate.ts';
import { account, call, initAccount, login, startApp } from '../helpers/app.ts';

test('every registered API route without a token is refused, except the public allow-list', async (t) => {
  const { app } = await startApp(t);
  await initAccount(app);
  const routes = app.registeredRoutes.filter((r) => /^\w+ \/(api|open)\//.test(r));
  assert.ok(routes.length >= 13, `found ${routes.length} routes`);
  for (const route of routes) {
    const [method, pattern] = route.split(' ') as [string, string];
    const path = pattern.replace(/:(\w+)/g, 'x');
    const res = await call(app, method as 'GET', path, { payload: method === 'GET' ? undefined : {} });
    if (publicRoutes.has(route)) {
      assert.notEqual(res.status, 401, `${route} is public`);
    } else if (route.startsWith('GET /api/static/')) {
      assert.equal(res.status, 404, 'avatars are public files; an unknown one is not found');
    } else {
      assert.equal(res.status, 401, `${route} without a token answered ${res.status}`);
      assert.equal(res.body.error, 'unauthorized');
    }
  }
});

test('odd spellings of protected paths never reach a handler', async (t) => {
  const { app } = await startApp(t);
  await initAccount(app);
  const token = await login(app);
  const spellings = [
    ['GET', '/API/user'],
    ['GET', '/Api/user'],
    ['GET', '/aPi/user/login-log'],
    ['GET', '/api//user'],
    ['GET', '//api/user'],
    ['GET', '/api/%2e%2e/api/user'],
    ['GET', '/api/%2E%2E/api/user'],
    ['GET', '/api/./user'],
    ['GET', '/api/x/../user'],
    ['GET', '/api%2fuser'],
    ['GET', '/api/user%2flogin-log'],
    ['GET', '/api\\user'],
    ['GET', '/OPEN/user'],
    ['PUT', '/Open/user/init'],
    ['PUT', '/open/user/init'],
    ['PUT', '/open/system/auth/reset'],
    ['GET', '/open/crons'],
    ['GET', '/open/envs'],
    ['PUT', '/API/user/init'],
    ['PUT', '/api/user/init/'],
  ] as const;
  for (const [method, url] of spellings) {
    const res = await call(app, method, url, {
      payload: method === 'PUT' ? { username: 'x', password: 'takeover-1' } : undefined,
    });
    assert.ok(
      (res.status === 400 && res.body.error === 'badPath') ||
        (res.status === 401 && res.body.error === 'unauthorized') ||
        (res.status === 409 && res.body.error === 'alreadyInitialized'),
      `${method} ${url} answered ${res.status} ${JSON.stringify(res.body)}`,
    );
  }
  // Nothing above changed the account.
  await login(app, account);
  assert.equal((await call(app, 'GET', '/api/user', { token })).status, 200);
});

test('unknown API paths answer 401 without a token (no route discovery) and 404 with one', async (t) => {
  const { app } = await startApp(t);
  await initAccount(app);
  const token = await login(app);
  const anonymous = await call(app, 'GET', '/api/does-not-exist');
  assert.equal(anonymous.status, 401);
  const known = await call(app, 'GET', '/api/does-not-exist', { token });
  assert.equal(known.status, 404);
  assert.equal(known.body.message, 'Not Found');
  const open = await call(app, 'GET', '/open/crons', { token: 'whatever' });
  assert.equal(open.status, 401);
});

test('under a base URL the gate guards the prefixed API and the root redirects', async (t) => {
  const { app } = await startApp(t, { env: { BAIHU_BASE_URL: '/baihu' } });
  const system = await call(app, 'GET', '/baihu/api/system');
  assert.equal(system.status, 200);
  assert.equal((await call(app, 'GET', '/baihu/api/user')).status, 401);
  assert.equal((await call(app, 'GET', '/baihu/API/user')).status, 400);
  assert.equal((await call(app, 'GET', '/api/system')).status, 404);
  const root = await app.inject({ method: 'GET', url: '/' });
  assert.equal(root.statusCode, 302);
  assert.equal(root.headers.location, '/baihu/');
});
