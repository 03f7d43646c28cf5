import assert from 'node:assert/strict';
import { test } from 'node:test';
import { addressOf, deviceOf, platformOf } from '../../daemon/src/auth/device.ts';
import { hashPassword, verifyPassword } from '../../daemon/src/auth/password.ts';
import { lockoutSeconds } from '../../daemon/src/modules/user/service.ts';

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
