import assert from 'node:assert/strict';
import { test } from 'node:test';
import { account, call, initAccount, login, startApp } from '../helpers/app.ts';

const webhook = { type: 'webhook', webhookUrl: 'http://127.0.0.1:9/$title', webhookMethod: 'GET' };

test('odd spellings of protected paths never reach a handler, and nothing changes the account', async (t) => {
  const { app } = await startApp(t);
  await initAccount(app);
  const token = await login(app);
  const spellings = [
    ['GET', '/API/user'],
    ['GET', '/%61pi/envs'],
    ['GET', '/ap%69/user'],
    ['GET', '/api//user'],
    ['GET', '//api/user'],
    ['GET', '/api/%2e%2e/api/user'],
    ['GET', '/api/./user'],
    ['GET', '/api%2fuser'],
    ['GET', '/api\\user'],
    ['GET', '/%EF%BD%81pi/envs'],
    ['PUT', '/Open/user/init'],
    ['PUT', '/open/user/init'],
    ['PUT', '/open/system/auth/reset'],
    ['PUT', '/%61pi/user/init'],
    ['PUT', '/API/user/init'],
    ['PUT', '/api/user/init/'],
  ] as const;
  for (const [method, url] of spellings) {
    const res = await call(app, method, url, {
      payload: method === 'PUT' ? { username: 'x', password: 'takeover-1' } : undefined,
    });
    assert.ok(res.status >= 400 && res.status < 500, `${method} ${url} answered ${res.status}`);
    assert.ok(['badPath', 'unauthorized', 'alreadyInitialized', 'notFound'].includes(res.body.error!), url);
  }
  await login(app, account);
  assert.equal((await call(app, 'GET', '/api/user', { token })).status, 200);
});

test('unknown API paths answer 401 without a session (no route discovery) and 404 with one', async (t) => {
  const { app } = await startApp(t);
  await initAccount(app);
  const token = await login(app);
  for (const url of ['/api/does-not-exist', '/open/crons', '/%EF%BD%81pi/x']) {
    const anonymous = await call(app, 'GET', url);
    assert.equal(anonymous.status, 401, url);
    assert.equal(anonymous.body.error, 'unauthorized');
  }
  const known = await call(app, 'GET', '/api/does-not-exist', { token });
  assert.equal(known.status, 404);
  assert.equal(known.body.message, 'Not Found');
  assert.equal((await call(app, 'POST', '/api/does-not-exist', { token, payload: {} })).status, 404);
});

test('under a base URL only the prefixed API exists and the root redirects to the base', async (t) => {
  const { app } = await startApp(t, { env: { BAIHU_BASE_URL: '/baihu' } });
  assert.equal((await call(app, 'GET', '/baihu/api/system')).status, 200);
  assert.equal((await call(app, 'GET', '/baihu/api/user')).status, 401);
  assert.equal((await call(app, 'GET', '/baihu/API/user')).status, 400);
  assert.equal((await call(app, 'GET', '/api/system')).status, 404);
  const root = await app.inject({ method: 'GET', url: '/' });
  assert.equal(root.statusCode, 302);
  assert.equal(root.headers.location, '/baihu/');
});

test('the first-run notification step needs the session the account step opened', async (t) => {
  const { app } = await startApp(t);
  // Before the account exists nobody may point the notifications anywhere.
  const early = await call(app, 'PUT', '/api/user/notification/init', { payload: webhook });
  assert.equal(early.status, 401);
  await initAccount(app);
  assert.equal((await call(app, 'PUT', '/api/user/notification/init', { payload: webhook })).status, 401);
  const token = await login(app);
  const settings = await call(app, 'GET', '/api/user/notification', { token });
  assert.equal((settings.body.data as { type: string }).type, 'closed', 'nothing was saved by the refused calls');
});

test('a run token opens the script notification route and nothing else; a session does not open it', async (t) => {
  const { app } = await startApp(t);
  await initAccount(app);
  const session = await login(app);
  const runToken = app.ctx.runTokens.issue('r1');
  const payload = { title: 't', content: 'c', env: {} };
  assert.equal((await call(app, 'POST', '/api/notify/script', { token: session, payload })).status, 401);
  assert.equal((await call(app, 'POST', '/api/notify/script', { payload })).status, 401);
  assert.equal((await call(app, 'POST', '/api/notify/script', { token: runToken, payload })).status, 200);
  assert.equal((await call(app, 'GET', '/api/envs', { token: runToken })).status, 401);
  app.ctx.runTokens.revoke('r1');
  assert.equal((await call(app, 'POST', '/api/notify/script', { token: runToken, payload })).status, 401);
});
