import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Secret, TOTP } from 'otpauth';
import { account, call, login, signedIn } from '../helpers/app.ts';

/** The code an authenticator app would show, computed independently of the daemon's code. */
function codeFor(secret: string, at: number): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: at,
  });
}

test('two-factor: set up with a code from the app, then sign-in asks for the code', async (t) => {
  const { app, clock, token } = await signedIn(t);
  const init = await call(app, 'GET', '/api/user/two-factor/init', { token });
  const { secret, url } = init.body.data as { secret: string; url: string };
  assert.match(secret, /^[A-Z2-7]{32}$/);
  assert.match(url, /^otpauth:\/\/totp\/Baihu:keeper\?/);
  assert.ok(url.includes(`secret=${secret}`));

  const badCode = codeFor(secret, clock.now() + 10 * 60_000);
  const wrong = await call(app, 'PUT', '/api/user/two-factor/active', { token, payload: { code: badCode } });
  assert.deepEqual(wrong.body, { code: 200, data: false });
  const notDigits = await call(app, 'PUT', '/api/user/two-factor/active', { token, payload: { code: '12ab56' } });
  assert.equal(notDigits.status, 400);
  assert.deepEqual(notDigits.body.errors, [{ field: 'code', message: 'The verification code is a 6-digit number' }]);

  const right = await call(app, 'PUT', '/api/user/two-factor/active', {
    token,
    payload: { code: codeFor(secret, clock.now()) },
  });
  assert.deepEqual(right.body, { code: 200, data: true });
  const me = await call(app, 'GET', '/api/user', { token });
  assert.equal((me.body.data as { twoFactorActivated: boolean }).twoFactorActivated, true);

  const first = await call(app, 'POST', '/api/user/login', { payload: account });
  assert.equal(first.body.code, 420);
  assert.equal(first.status, 200);
  assert.equal(first.body.data as undefined, undefined, 'no token before the code');

  const badLogin = await call(app, 'PUT', '/api/user/two-factor/login', { payload: { ...account, code: badCode } });
  assert.equal(badLogin.body.code, 430);
  // Wrong codes do not count towards the lockout.
  for (let i = 0; i < 4; i++)
    await call(app, 'PUT', '/api/user/two-factor/login', { payload: { ...account, code: badCode } });

  clock.advance(30_000);
  const good = await call(app, 'PUT', '/api/user/two-factor/login', {
    payload: { ...account, code: codeFor(secret, clock.now()) },
  });
  assert.equal(good.body.code, 200);
  const newToken = (good.body.data as { token: string }).token;
  // The same code cannot be used twice, even within its 30 s window.
  const replay = await call(app, 'PUT', '/api/user/two-factor/login', {
    payload: { ...account, code: codeFor(secret, clock.now()) },
  });
  assert.equal(replay.body.code, 430);
  assert.equal((await call(app, 'GET', '/api/user', { token: newToken })).status, 200);

  // A wrong password on the code route counts like any failed sign-in.
  const wrongPassword = await call(app, 'PUT', '/api/user/two-factor/login', {
    payload: { ...account, password: 'nope-nope', code: codeFor(secret, clock.now()) },
  });
  assert.equal(wrongPassword.body.code, 400);

  const off = await call(app, 'PUT', '/api/user/two-factor/deactivate', { token: newToken });
  assert.deepEqual(off.body, { code: 200, data: true });
  await login(app);
});

test('activating without starting setup is refused; a code is needed only once 2FA is on', async (t) => {
  const { app, token } = await signedIn(t);
  const res = await call(app, 'PUT', '/api/user/two-factor/active', { token, payload: { code: '123456' } });
  assert.equal(res.body.code, 400);
  assert.equal(res.body.message, 'Two-factor setup has not been started');
  // Starting setup without finishing it does not change sign-in.
  await call(app, 'GET', '/api/user/two-factor/init', { token });
  await login(app);
});
