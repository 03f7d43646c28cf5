/**
 * The local-network guard of notification requests: address classes, the allow-list, and the `lookup` sockets use,
 * with a fake resolver standing in for DNS (a rebinding server answers differently each time it is asked).
 */
import assert from 'node:assert/strict';
import type { LookupAddress } from 'node:dns';
import { test } from 'node:test';
import type { LocalTargets } from '../../daemon/src/contract/local-targets.ts';
import {
  addressKind,
  compileAllowList,
  LocalTargetRefused,
  TargetGuard,
  type Resolver,
} from '../../daemon/src/notify/local-targets.ts';

test('every local address class is recognised, IPv4-mapped forms included; public addresses are not', () => {
  const cases: [string, string | null][] = [
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['::', 'unspecified'],
    ['169.254.169.254', 'linkLocal'],
    ['fe80::1', 'linkLocal'],
    ['febf::1', 'linkLocal'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.5', 'private'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['100.64.0.1', 'sharedCgnat'],
    ['100.127.255.254', 'sharedCgnat'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:a9fe:a9fe', 'linkLocal'],
    ['::ffff:192.168.0.1', 'private'],
    ['::ffff:0.0.0.0', 'unspecified'],
    ['8.8.8.8', null],
    ['172.32.0.1', null],
    ['100.128.0.1', null],
    ['2606:4700::1111', null],
    ['::ffff:8.8.8.8', null],
    ['example.com', null],
  ];
  for (const [address, kind] of cases) assert.equal(addressKind(address), kind, address);
});

test('allow-list entries: addresses, CIDR ranges and host names; anything else is reported', () => {
  const { compiled, invalid } = compileAllowList([
    '192.168.1.5',
    ' 10.0.0.0/8 ',
    '[fd00::1]',
    'fd00:1::/32',
    'Gotify.LAN.',
    '',
    'not a host',
    '10.0.0.0/33',
    '1.2.3.4/x',
    'http://nas.lan',
  ]);
  assert.deepEqual(invalid, ['not a host', '10.0.0.0/33', '1.2.3.4/x', 'http://nas.lan']);
  assert.ok(compiled.addresses.check('192.168.1.5', 'ipv4'));
  assert.ok(!compiled.addresses.check('192.168.1.6', 'ipv4'));
  assert.ok(compiled.addresses.check('10.200.0.1', 'ipv4'));
  assert.ok(compiled.addresses.check('fd00::1', 'ipv6'));
  assert.ok(compiled.addresses.check('fd00:1:2::3', 'ipv6'));
  assert.ok(compiled.names.has('gotify.lan'));
});

/** A resolver that answers from a table and counts the questions. */
function fakeResolver(table: Record<string, string[] | (() => string[])>) {
  const asked: string[] = [];
  const resolve: Resolver = async (host) => {
    asked.push(host);
    const entry = table[host];
    if (!entry) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    const list = typeof entry === 'function' ? entry() : entry;
    return list.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { resolve, asked };
}

/** Calls the guard's `lookup` the way net.connect does. */
function lookup(guard: TargetGuard, host: string, options: { all?: boolean; family?: number } = {}) {
  return new Promise<{ error: Error | null; result: unknown }>((resolve) => {
    guard.lookup(host, options, (error, address, family) =>
      resolve({ error, result: options.all ? address : { address, family } }),
    );
  });
}

const none: LocalTargets = { allowLocal: false, allowed: [] };

test('lookup: the socket gets exactly the addresses that were checked, from one resolution', async () => {
  // A rebinding name: public on the first answer, loopback on every later one.
  let answers = 0;
  const { resolve, asked } = fakeResolver({
    'rebind.example': () => (answers++ === 0 ? ['93.184.216.34'] : ['127.0.0.1']),
    'public.example': ['93.184.216.34', '2606:2800:220:1::1'],
  });
  const guard = new TargetGuard(() => none, resolve);

  // First connect: the public answer is checked and handed to the socket as it is.
  const first = await lookup(guard, 'rebind.example');
  assert.equal(first.error, null);
  assert.deepEqual(first.result, { address: '93.184.216.34', family: 4 });
  // The next connect resolves again and checks again: the rebound answer is refused, not reused.
  const second = await lookup(guard, 'rebind.example', { all: true });
  assert.ok(second.error instanceof LocalTargetRefused);
  assert.equal((second.error as LocalTargetRefused).address, '127.0.0.1');
  assert.deepEqual(asked, ['rebind.example', 'rebind.example'], 'one resolution per connect, none in between');

  const all = await lookup(guard, 'public.example', { all: true });
  assert.deepEqual(all.result, [
    { address: '93.184.216.34', family: 4 },
    { address: '2606:2800:220:1::1', family: 6 },
  ]);
  const v6 = await lookup(guard, 'public.example', { family: 6 });
  assert.deepEqual(v6.result, { address: '2606:2800:220:1::1', family: 6 });
});

test('lookup: a mixed answer is refused whole; an allowed name or address passes', async () => {
  const { resolve } = fakeResolver({
    'mixed.example': ['93.184.216.34', '10.0.0.7'],
    'nas.lan': ['192.168.1.20'],
    'metadata.example': ['169.254.169.254'],
  });
  let policy: LocalTargets = none;
  const guard = new TargetGuard(() => policy, resolve);

  const mixed = await lookup(guard, 'mixed.example', { all: true });
  assert.ok(mixed.error instanceof LocalTargetRefused);
  assert.equal((mixed.error as LocalTargetRefused).kind, 'private');
  assert.ok((await lookup(guard, 'nas.lan')).error instanceof LocalTargetRefused);

  policy = { allowLocal: false, allowed: ['NAS.lan'] };
  assert.deepEqual((await lookup(guard, 'nas.lan')).result, { address: '192.168.1.20', family: 4 });
  assert.ok((await lookup(guard, 'mixed.example')).error instanceof LocalTargetRefused, 'only the named host');

  policy = { allowLocal: false, allowed: ['10.0.0.0/24'] };
  assert.equal((await lookup(guard, 'mixed.example')).error, null);

  // The switch covers loopback, private and CGNAT, never link-local (cloud metadata): that takes an entry.
  policy = { allowLocal: true, allowed: [] };
  assert.equal((await lookup(guard, 'nas.lan')).error, null);
  const metadata = await lookup(guard, 'metadata.example');
  assert.ok(metadata.error instanceof LocalTargetRefused);
  assert.equal((metadata.error as LocalTargetRefused).key, 'notifyReservedTarget');
  policy = { allowLocal: false, allowed: ['169.254.169.254'] };
  assert.equal((await lookup(guard, 'metadata.example')).error, null);

  const unknown = await lookup(guard, 'nowhere.example');
  assert.equal((unknown.error as NodeJS.ErrnoException).code, 'ENOTFOUND');
});

test('literal addresses are checked without a lookup (sockets connect to literals directly)', () => {
  const { resolve, asked } = fakeResolver({});
  const guard = new TargetGuard(() => none, resolve);
  for (const host of ['127.0.0.1', '[::1]', '[::ffff:7f00:1]', '10.0.0.1', '[fe80::1]', '0.0.0.0', '[::]']) {
    assert.throws(() => guard.checkLiteral(host), LocalTargetRefused, host);
  }
  guard.checkLiteral('8.8.8.8');
  guard.checkLiteral('example.com');
  assert.deepEqual(asked, []);
  const refused = (() => {
    try {
      guard.checkLiteral('192.168.1.1');
    } catch (error) {
      return error as LocalTargetRefused;
    }
    return null;
  })();
  assert.match(refused!.message, /^Not sent: 192\.168\.1\.1 is on the local network \(192\.168\.1\.1\)/);
});
