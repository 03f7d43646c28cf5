import assert from 'node:assert/strict';
import { test } from 'node:test';
import { addressOf, deviceOf, platformOf } from '../../daemon/src/auth/device.ts';
import { hashPassword, verifyPassword } from '../../daemon/src/auth/password.ts';
import { accountLockoutSeconds, lockoutSeconds, secondsLeft } from '../../daemon/src/auth/lockout.ts';

test('scrypt hashes verify, are salted, and reject other passwords', async () => {
  const a = await hashPassword('hunter2-long');
  const b = await hashPassword('hunter2-long');
  assert.notEqual(a, b);
  assert.match(a, /^scrypt\$16384\$8\$1\$/);
  assert.equal(await verifyPassword('hunter2-long', a), true);
  assert.equal(await verifyPassword('hunter2-lonG', a), false);
  assert.equal(await verifyPassword('hunter2-long', 'plain-text'), false);
});

test('lockout: three free failures, then 3^n seconds', () => {
  assert.deepEqual([0, 1, 2, 3, 4, 5].map(lockoutSeconds), [0, 0, 0, 27, 81, 243]);
  // Per address, capped at a day.
  assert.deepEqual([10, 11, 40].map(lockoutSeconds), [59049, 86400, 86400]);
});

test('the account counter: ten free failures, then 27 s, 81 s, 243 s, 729 s, and never more than 15 minutes', () => {
  assert.deepEqual([0, 9, 10, 11, 12, 13, 14, 1000].map(accountLockoutSeconds), [0, 0, 27, 81, 243, 729, 900, 900]);
  assert.equal(secondsLeft(27, 1_000, 1_000), 27);
  assert.equal(secondsLeft(27, 1_000, 20_500), 8);
  assert.equal(secondsLeft(27, 1_000, 28_000), 0);
  assert.equal(secondsLeft(27, null, 0), 0);
});

test('device, platform and address from the request', () => {
  const android =
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';
  assert.equal(platformOf(android), 'mobile');
  assert.equal(deviceOf(android), 'Chrome on Android');
  assert.equal(platformOf(undefined), 'desktop');
  assert.equal(deviceOf('curl/8.5.0'), 'curl');
  assert.equal(deviceOf(''), 'Unknown');
  assert.equal(addressOf('192.168.1.20'), 'LAN');
  assert.equal(addressOf('::ffff:10.0.0.3'), 'LAN');
  assert.equal(addressOf('127.0.0.1'), 'loopback');
  assert.equal(addressOf('::1'), 'loopback');
  assert.equal(addressOf('8.8.8.8'), '');
  assert.equal(addressOf('172.32.0.1'), '');
});
