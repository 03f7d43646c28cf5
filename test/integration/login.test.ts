import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LoginStatus } from '../../daemon/src/contract/enums.ts';
import { account, call, initAccount, login, signedIn, startApp } from '../helpers/app.ts';

const wrong = { username: account.username, password: 'not-the-password' };
const phone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const desktop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

test('sign-in returns a working token; a wrong password answers 400 with a clear message', async (t) => {
  const { app } = await startApp(t);
  await initAccount(app);
  const bad = await call(app, 'POST', '/api/user/login', { payload: wrong });
  assert.equal(bad.body.code, 400);
  assert.equal(bad.body.message, 'Incorrect username or password');
  const unknownUser = await call(app, 'POST', '/api/user/login', { payload: { ...account, username: 'nobody' } });
  assert.equal(unknownUser.body.code, 400);

  const ok = await call(app, 'POST', '/api/user/login', { payload: account });
  assert.equal(ok.body.code, 200);
  const data = ok.body.data as { token: string; retries: number };
  assert.equal(data.retries, 2, 'retries reports the failures before this success');
  const me = await call(app, 'GET', '/api/user', { token: data.token });
  assert.deepEqual(me.body.data, { username: account.username, avatar: null, twoFactorActivated: false });
});

test('after 3 failures every attempt waits 3^n seconds, even with the right password', async (t) => {
  const { app, clock } = await startApp(t);
  await initAccount(app);
  for (let i = 0; i < 3; i++) {
    const res = await call(app, 'POST', '/api/user/login', { payload: wrong });
    assert.equal(res.body.code, 400, `failure ${i + 1} answers 400`);
  }
  const locked = await call(app, 'POST', '/api/user/login', { payload: account });
  assert.equal(locked.body.code, 410);
  assert.equal(locked.status, 429);
  assert.equal(locked.body.data, 27);
  assert.equal(locked.body.message, 'Too many failed attempts, please try again in 27 seconds');

  clock.advance(20_000);
  const stillLocked = await call(app, 'POST', '/api/user/login', { payload: account });
  assert.equal(stillLocked.body.data, 7);

  clock.advance(7_000);
  // The wait is over: a wrong password now raises the counter to 4, so the next wait is 81 s.
  const fourth = await call(app, 'POST', '/api/user/login', { payload: wrong });
  assert.equal(fourth.body.code, 400);
  const longer = await call(app, 'POST', '/api/user/login', { payload: account });
  assert.equal(longer.body.code, 410);
  assert.equal(longer.body.data, 81);

  clock.advance(81_000);
  await login(app);
  // Success resets the counter: one new failure does not lock.
  await call(app, 'POST', '/api/user/login', { payload: wrong });
  await login(app);
});

test('every attempt goes to the login log with time, IP, address, device and status', async (t) => {
  const { app, token } = await signedIn(t);
  await call(app, 'POST', '/api/user/login', { payload: wrong, headers: { 'user-agent': phone } });
  await call(app, 'POST', '/api/user/login', { payload: account, headers: { 'user-agent': phone } });
  await call(app, 'POST', '/api/user/login', { payload: account, headers: { 'user-agent': desktop } });
  const log = await call(app, 'GET', '/api/user/login-log', { token });
  const entries = log.body.data as {
    timestamp: number;
    ip: string;
    address: string;
    platform: string;
    device: string;
    status: number;
  }[];
  assert.equal(entries.length, 4);
  const [latest, phoneOk, phoneFail] = entries;
  assert.equal(latest!.status, LoginStatus.success);
  assert.equal(latest!.platform, 'desktop');
  assert.equal(latest!.device, 'Chrome on Linux');
  assert.equal(phoneOk!.platform, 'mobile');
  assert.equal(phoneOk!.device, 'Safari on iOS');
  assert.equal(phoneFail!.status, LoginStatus.fail);
  assert.equal(latest!.ip, '127.0.0.1');
  assert.equal(latest!.address, 'loopback');
  assert.ok(Math.abs(latest!.timestamp - Date.now()) < 60_000);
});

test('the sign-in reply names the previous sign-in, as Qinglong does', async (t) => {
  const { app } = await startApp(t);
  await initAccount(app);
  const first = await call(app, 'POST', '/api/user/login', { payload: account });
  assert.equal((first.body.data as { lastip?: string }).lastip, undefined);
  const second = await call(app, 'POST', '/api/user/login', { payload: account });
  const data = second.body.data as { lastip: string; lastlogon: number; platform: string };
  assert.equal(data.lastip, '127.0.0.1');
  assert.equal(typeof data.lastlogon, 'number');
  assert.equal(data.platform, 'desktop');
});

test('logout ends that session only', async (t) => {
  const { app } = await startApp(t);
  await initAccount(app);
  const a = await login(app);
  const b = await login(app);
  const out = await call(app, 'POST', '/api/user/logout', { token: a });
  assert.equal(out.body.code, 200);
  const afterA = await call(app, 'GET', '/api/user', { token: a });
  assert.equal(afterA.status, 401);
  assert.equal(afterA.body.message, 'Login session has expired, please log in again');
  const afterB = await call(app, 'GET', '/api/user', { token: b });
  assert.equal(afterB.status, 200);
});

test('changing the password ends every session and the old password stops working', async (t) => {
  const { app, token } = await signedIn(t);
  const other = await login(app);
  const newPassword = 'a-brand-new-one';
  const wrongOld = await call(app, 'PUT', '/api/user', {
    token,
    payload: {
      username: account.username,
      oldPassword: 'nope-nope',
      password: newPassword,
      confirmPassword: newPassword,
    },
  });
  assert.equal(wrongOld.body.message, 'The current password is incorrect');
  assert.equal((await call(app, 'GET', '/api/user', { token })).status, 200, 'a refused change keeps sessions');

  const changed = await call(app, 'PUT', '/api/user', {
    token,
    payload: {
      username: account.username,
      oldPassword: account.password,
      password: newPassword,
      confirmPassword: newPassword,
    },
  });
  assert.equal(changed.body.code, 200);
  for (const old of [token, other]) {
    const res = await call(app, 'GET', '/api/user', { token: old, lang: 'zh' });
    assert.equal(res.status, 401);
    assert.equal(res.body.message, '登录会话已过期，请重新登录');
  }
  const oldLogin = await call(app, 'POST', '/api/user/login', { payload: account });
  assert.equal(oldLogin.body.code, 400);
  await login(app, { username: account.username, password: newPassword });
});

test('changing the username ends every session; admin is refused as a new password', async (t) => {
  const { app, token } = await signedIn(t);
  const admin = await call(app, 'PUT', '/api/user', {
    token,
    payload: { username: account.username, oldPassword: account.password, password: 'admin', confirmPassword: 'admin' },
  });
  assert.equal(admin.body.message, "The password cannot be 'admin'");
  const renamed = await call(app, 'PUT', '/api/user', {
    token,
    payload: { username: 'warden', oldPassword: account.password },
  });
  assert.equal(renamed.body.code, 200);
  assert.equal((await call(app, 'GET', '/api/user', { token })).status, 401);
  await login(app, { username: 'warden', password: account.password });
});

test('a token that is garbage, forged or expired is refused with the session-expired message', async (t) => {
  const { app, clock, token } = await signedIn(t);
  const garbage = await call(app, 'GET', '/api/user', { token: 'not.a.jwt' });
  assert.equal(garbage.status, 401);
  assert.equal(garbage.body.message, 'Login session has expired, please log in again');
  const [header, payload] = token.split('.');
  const forged = await call(app, 'GET', '/api/user', { token: `${header}.${payload}.AAAAsignature` });
  assert.equal(forged.status, 401);
  clock.advance(21 * 24 * 3600 * 1000);
  const expired = await call(app, 'GET', '/api/user', { token });
  assert.equal(expired.status, 401);
  assert.equal(expired.body.error, 'sessionExpired');
});

test('Qinglong clients that prefix the token with the platform still work', async (t) => {
  const { app, token } = await signedIn(t);
  const res = await call(app, 'GET', '/api/user', { headers: { authorization: `Bearer desktop-${token}` } });
  assert.equal(res.status, 200);
});

test('the sign-in routes are rate limited per IP at about 100 per 15 minutes', async (t) => {
  const { app } = await startApp(t);
  let limited = 0;
  for (let i = 0; i < 105; i++) {
    const res = await call(app, 'POST', '/api/user/login', { payload: wrong });
    if (res.status === 429 && res.body.error === 'tooManyRequests') limited++;
  }
  assert.equal(limited, 5);
});
