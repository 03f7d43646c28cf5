/**
 * The sign-in lockout by client address, the account's ceiling, and the one rate limit of the three sign-in routes.
 * Addresses come from inject's `remoteAddress`, the real value Fastify reads as `req.ip`.
 * Tier: integration — the real app in-process, real SQLite, the manual clock for the waits.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { accountCeilingSeconds } from '../../daemon/src/auth/lockout.ts';
import { LoginStatus } from '../../daemon/src/contract/enums.ts';
import { account, initAccount, signedIn, startApp } from '../helpers/app.ts';

const wrong = { username: account.username, password: 'not-the-password' };

/** One sign-in from `ip`: the wire's code, HTTP status and data. */
async function signIn(app: FastifyInstance, ip: string, credentials: object = account, url = '/api/user/login') {
  const res = await app.inject({
    method: url === '/api/user/login' ? 'POST' : 'PUT',
    url,
    payload: credentials,
    remoteAddress: ip,
    headers: { 'accept-language': 'en' },
  });
  const body = res.json<{ code: number; data?: unknown; error?: string }>();
  return { code: body.code, status: res.statusCode, data: body.data, error: body.error };
}

test("one address's failures lock that address only, with Qinglong's answers: 400 three times, then 410", async (t) => {
  const { app, clock } = await startApp(t);
  await initAccount(app);
  const attacker = '203.0.113.7';
  const owner = '198.51.100.20';
  for (let i = 1; i <= 3; i++) {
    const res = await signIn(app, attacker, wrong);
    assert.deepEqual([res.code, res.status], [400, 400], `failure ${i}`);
  }
  const locked = await signIn(app, attacker);
  assert.deepEqual([locked.code, locked.status, locked.data], [410, 429, 27], 'even the right password waits');

  // Another address is not held by them: the owner signs in at once, and a slip of theirs counts for them alone.
  assert.equal((await signIn(app, owner, wrong)).code, 400);
  assert.equal((await signIn(app, owner)).code, 200);
  assert.equal((await signIn(app, attacker)).code, 410, 'the owner signing in does not free the attacker');

  // After the wait a wrong password raises the address's own counter: 81 s.
  clock.advance(27_000);
  assert.equal((await signIn(app, attacker, wrong)).code, 400);
  assert.deepEqual((await signIn(app, attacker)).data, 81);
  assert.equal((await signIn(app, owner)).code, 200);
});

test('failures from many addresses make unknown addresses wait, never longer than 15 minutes', async (t) => {
  const { app, clock, token } = await signedIn(t);
  // The owner signed in from here before the guessing started (signedIn used 127.0.0.1).
  const known = '127.0.0.1';
  let next = 1;
  const fresh = () => `192.0.2.${next++}`;

  // Ten failures from ten addresses: no address reaches its own limit, but the account counts them all.
  for (let i = 0; i < 10; i++) assert.equal((await signIn(app, fresh(), wrong)).code, 400);
  const held = await signIn(app, fresh());
  assert.deepEqual([held.code, held.data], [410, 27], 'an unknown address now waits, right password or not');

  // Each failure after a wait makes the next wait longer, up to the ceiling.
  const waits: number[] = [27];
  for (let i = 0; i < 6; i++) {
    clock.advance(waits.at(-1)! * 1000);
    assert.equal((await signIn(app, fresh(), wrong)).code, 400);
    waits.push((await signIn(app, fresh())).data as number);
  }
  assert.deepEqual(waits, [27, 81, 243, 729, 900, 900, 900]);
  assert.equal(accountCeilingSeconds, 900);

  // An address that signed in lately is not held by the account's counter.
  const owner = await signIn(app, known);
  assert.equal(owner.code, 200, 'the owner is not locked out');
  // Its success resets the account's counter (as Qinglong's success resets its one counter), and `retries` says
  // how many failures came before it.
  assert.equal((owner.data as { retries: number }).retries, 16);
  assert.equal((await signIn(app, fresh())).code, 200);

  // Nothing here changed the login log's shape: every attempt that reached the password check is there.
  const log = await app.inject({
    method: 'GET',
    url: '/api/user/login-log',
    headers: { authorization: `Bearer ${token}` },
  });
  const entries = log.json<{ data: { status: number; ip: string }[] }>().data;
  assert.equal(entries.filter((e) => e.status === LoginStatus.fail).length, 16);
  assert.ok(entries.some((e) => e.ip === '192.0.2.1'));
});

test('parallel guesses from one address cannot all slip past the lock before the first failure counts', async (t) => {
  const { app } = await startApp(t);
  await initAccount(app);
  const answers = await Promise.all(Array.from({ length: 8 }, () => signIn(app, '203.0.113.9', wrong)));
  assert.deepEqual(
    answers.map((a) => a.code),
    [400, 400, 400, 410, 410, 410, 410, 410],
  );
});

test('the three sign-in routes share one limit of 100 requests per 15 minutes per address', async (t) => {
  const { app } = await startApp(t);
  const routes = ['/api/user/login', '/api/user/two-factor/login', '/api/user/init'];
  const ip = '203.0.113.50';
  // Bodies the schema refuses cost no password check; the limit counts them all the same.
  for (let i = 0; i < 100; i++) {
    const res = await signIn(app, ip, {}, routes[i % 3]);
    assert.equal(res.status, 400, `request ${i + 1}`);
  }
  for (const url of routes) {
    const res = await signIn(app, ip, {}, url);
    assert.deepEqual([res.status, res.error], [429, 'tooManyRequests'], url);
  }
  // Another address has its own allowance.
  assert.equal((await signIn(app, '203.0.113.51', {}, '/api/user/init')).status, 400);
});
