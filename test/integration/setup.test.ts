import assert from 'node:assert/strict';
import { test } from 'node:test';
import { account, call, initAccount, login, startApp } from '../helpers/app.ts';

test('GET /api/system is public and reports whether the panel is initialised', async (t) => {
  const { app } = await startApp(t);
  const before = await call(app, 'GET', '/api/system');
  assert.equal(before.status, 200);
  const { isInitialized, setupPending } = before.body.data as { isInitialized: boolean; setupPending: boolean };
  assert.deepEqual({ isInitialized, setupPending }, { isInitialized: false, setupPending: false });
  assert.match((before.body.data as { version: string }).version, /^\d+\.\d+\.\d+/);
  await initAccount(app);
  const after = await call(app, 'GET', '/api/system');
  assert.equal((after.body.data as { isInitialized: boolean }).isInitialized, true);
});

test('initialisation succeeds once and is refused afterwards, with or without a session', async (t) => {
  const { app } = await startApp(t);
  await initAccount(app);
  const again = await call(app, 'PUT', '/api/user/init', {
    payload: { username: 'intruder', password: 'another-pass' },
  });
  assert.equal(again.body.code, 450);
  assert.equal(again.status, 409);
  assert.equal(again.body.message, 'The system has already been initialized');

  const token = await login(app);
  const withSession = await call(app, 'PUT', '/api/user/init', {
    token,
    payload: { username: 'intruder', password: 'another-pass' },
  });
  assert.equal(withSession.body.code, 450);
  // The original credentials still work and the intruder's do not.
  await login(app);
  const intruder = await call(app, 'POST', '/api/user/login', {
    payload: { username: 'intruder', password: 'another-pass' },
  });
  assert.equal(intruder.body.code, 400);
});

test('two concurrent initialisations: exactly one wins', async (t) => {
  const { app } = await startApp(t);
  const attempts = await Promise.all(
    ['alice', 'bob', 'carol', 'dave'].map((username) =>
      call(app, 'PUT', '/api/user/init', { payload: { username, password: `${username}-password` } }),
    ),
  );
  const winners = attempts.filter((r) => r.body.code === 200);
  assert.equal(winners.length, 1, JSON.stringify(attempts.map((a) => a.body)));
  assert.ok(attempts.filter((r) => r.body.code === 450).length === 3);
  const winnerIndex = attempts.findIndex((r) => r.body.code === 200);
  const name = ['alice', 'bob', 'carol', 'dave'][winnerIndex]!;
  await login(app, { username: name, password: `${name}-password` });
});

test("the password 'admin' is refused, and a confirm that differs is refused with the spec's message", async (t) => {
  const { app } = await startApp(t);
  const admin = await call(app, 'PUT', '/api/user/init', { payload: { username: 'keeper', password: 'admin' } });
  assert.equal(admin.body.code, 400);
  assert.equal(admin.body.message, "The password cannot be 'admin'");

  const mismatch = await call(app, 'PUT', '/api/user/init', {
    payload: { username: 'keeper', password: 'secret-one', confirmPassword: 'secret-two' },
  });
  assert.equal(mismatch.body.message, 'The two passwords you entered do not match!');
  const zh = await call(app, 'PUT', '/api/user/init', {
    lang: 'zh',
    payload: { username: 'keeper', password: 'secret-one', confirmPassword: 'secret-two' },
  });
  assert.equal(zh.body.message, '您输入的两个密码不匹配！');

  const short = await call(app, 'PUT', '/api/user/init', { payload: { username: 'keeper', password: 'abc' } });
  assert.equal(short.body.message, 'The password must be at least 6 characters');
  // None of the refused attempts created the account.
  const system = await call(app, 'GET', '/api/system');
  assert.equal((system.body.data as { isInitialized: boolean }).isInitialized, false);
});

test('validation failures name each field with the spec form messages, in the caller language', async (t) => {
  const { app } = await startApp(t);
  const missing = await call(app, 'PUT', '/api/user/init', { payload: { password: 'long-enough' } });
  assert.equal(missing.status, 400);
  assert.equal(missing.body.message, 'Validation failed');
  assert.deepEqual(missing.body.errors, [{ field: 'username', message: 'Please enter username' }]);

  const blank = await call(app, 'PUT', '/api/user/init', {
    lang: 'zh',
    payload: { username: '   ', password: 'long-enough' },
  });
  assert.equal(blank.body.message, '验证失败');
  assert.deepEqual(blank.body.errors, [{ field: 'username', message: '用户名不能为空字符' }]);

  const long = await call(app, 'PUT', '/api/user/init', {
    payload: { username: 'x'.repeat(51), password: 'long-enough' },
  });
  assert.deepEqual(long.body.errors, [{ field: 'username', message: 'username must be up to 50 characters' }]);
});

test('the password is stored hashed, never in plain text', async (t) => {
  const { app, dataDir } = await startApp(t);
  await initAccount(app);
  const { readFileSync, readdirSync } = await import('node:fs');
  const dbDir = `${dataDir}/db`;
  for (const file of readdirSync(dbDir)) {
    const bytes = readFileSync(`${dbDir}/${file}`);
    assert.equal(bytes.includes(Buffer.from(account.password)), false, `${file} holds the password`);
  }
});

test('the JWT secret is generated per install and kept across restarts', async (t) => {
  const first = await startApp(t);
  const second = await startApp(t);
  const { readFileSync, statSync } = await import('node:fs');
  const secretA = readFileSync(`${first.dataDir}/db/jwt-secret`, 'utf8');
  const secretB = readFileSync(`${second.dataDir}/db/jwt-secret`, 'utf8');
  assert.notEqual(secretA, secretB);
  assert.ok(secretA.length >= 32);
  assert.equal(statSync(`${first.dataDir}/db/jwt-secret`).mode & 0o077, 0, 'secret readable by others');

  // A token from one install is worthless on another.
  await initAccount(first.app);
  const token = await login(first.app);
  await initAccount(second.app);
  const foreign = await call(second.app, 'GET', '/api/user', { token });
  assert.equal(foreign.status, 401);

  // Restarting on the same data keeps the key, so the session survives.
  await first.app.close();
  const reopened = await startApp(t, { dataDir: first.dataDir });
  const me = await call(reopened.app, 'GET', '/api/user', { token });
  assert.equal(me.status, 200);
  assert.equal((me.body.data as { username: string }).username, account.username);
});

test('the account step answers a working session and leaves setup pending until a signed-in caller ends it', async (t) => {
  const { app, dataDir } = await startApp(t);
  const created = await call(app, 'PUT', '/api/user/init', { payload: account });
  assert.equal(created.body.code, 200);
  const { token } = created.body.data as { token: string };
  assert.equal((await call(app, 'GET', '/api/user', { token })).status, 200);
  const pending = await call(app, 'GET', '/api/system');
  assert.equal((pending.body.data as { setupPending: boolean }).setupPending, true);

  // Only a session may end the wizard; a stranger cannot skip someone else's setup.
  const anonymous = await call(app, 'PUT', '/api/system/setup/done', { payload: {} });
  assert.equal(anonymous.status, 401);
  // Signing in again later (another browser) still finds the wizard pending, across a restart too.
  await app.close();
  const reopened = await startApp(t, { dataDir });
  const later = await login(reopened.app);
  assert.equal(
    ((await call(reopened.app, 'GET', '/api/system')).body.data as { setupPending: boolean }).setupPending,
    true,
  );
  for (let i = 0; i < 2; i++) {
    const done = await call(reopened.app, 'PUT', '/api/system/setup/done', { token: later, payload: {} });
    assert.equal(done.body.code, 200, 'ending it twice is harmless');
  }
  const after = await call(reopened.app, 'GET', '/api/system');
  assert.equal((after.body.data as { setupPending: boolean }).setupPending, false);
});

test('a refused account step issues no session and leaves nothing pending', async (t) => {
  const { app } = await startApp(t);
  await initAccount(app);
  const again = await call(app, 'PUT', '/api/user/init', {
    payload: { username: 'intruder', password: 'another-pass' },
  });
  assert.equal(again.body.code, 450);
  assert.equal(again.body.data, undefined);
  const token = await login(app);
  await call(app, 'PUT', '/api/system/setup/done', { token, payload: {} });
  await call(app, 'PUT', '/api/user/init', { payload: { username: 'intruder', password: 'another-pass' } });
  assert.equal(((await call(app, 'GET', '/api/system')).body.data as { setupPending: boolean }).setupPending, false);
});
