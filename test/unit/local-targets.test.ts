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
} from '../../daemon/src/notifications/local-targets.ts';

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

/** An IP address as a number (IPv4 in 32 bits, IPv6 in 128). */
function toBig(address: string): bigint {
  if (address.includes('.')) return address.split('.').reduce((n, part) => (n << 8n) | BigInt(part), 0n);
  const [head, tail = ''] = address.split('::');
  const groups = (text: string) => (text ? text.split(':') : []);
  const left = groups(head!);
  const right = groups(tail);
  const all = address.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return all.reduce((n, group) => (n << 16n) | BigInt(`0x${group}`), 0n);
}

function fromBig(n: bigint, v6: boolean): string {
  if (!v6) return [24n, 16n, 8n, 0n].map((shift) => String((n >> shift) & 255n)).join('.');
  return Array.from({ length: 8 }, (_, i) => ((n >> BigInt((7 - i) * 16)) & 0xffffn).toString(16)).join(':');
}

/** The first, a middle and the last address of a CIDR range. */
function samples(cidr: string): string[] {
  const [network, prefixText] = cidr.split('/') as [string, string];
  const v6 = network.includes(':');
  const bits = v6 ? 128n : 32n;
  const size = 1n << (bits - BigInt(prefixText));
  const first = toBig(network);
  return [...new Set([first, first + size / 2n + 7n * (size > 16n ? 1n : 0n), first + size - 1n])].map((n) =>
    fromBig(n, v6),
  );
}

/** Every class the guard knows, each of its ranges, and what the default does with it. */
const classes: { kind: string; ranges: string[]; byDefault: 'allowed' | 'refused'; key?: string }[] = [
  { kind: 'loopback', ranges: ['127.0.0.0/8', '::1/128'], byDefault: 'allowed' },
  {
    kind: 'private',
    ranges: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7', 'fec0::/10'],
    byDefault: 'allowed',
  },
  { kind: 'sharedCgnat', ranges: ['100.64.0.0/10'], byDefault: 'allowed' },
  { kind: 'linkLocal', ranges: ['169.254.0.0/16', 'fe80::/10'], byDefault: 'refused', key: 'notifyReservedTarget' },
  { kind: 'unspecified', ranges: ['0.0.0.0/8', '::/128'], byDefault: 'refused', key: 'notifyReservedTarget' },
  {
    kind: 'metadata',
    ranges: ['100.100.100.200/32', 'fd00:ec2::254/128', '192.0.0.192/32'],
    byDefault: 'refused',
    key: 'notifyMetadataTarget',
  },
];

test('by default this machine and private networks are reached; link-local, unspecified and metadata are not', async () => {
  const cases = classes.flatMap(({ kind, ranges, byDefault, key }) =>
    ranges.flatMap(samples).flatMap((address) => {
      const forms = address.includes(':') ? [address] : [address, `::ffff:${address}`];
      return forms.map((form) => ({ kind, address: form, byDefault, key }));
    }),
  );
  assert.ok(cases.length > 50, `${cases.length} addresses`);
  // Each address also stands behind a DNS name, answered by a test resolver.
  const names = Object.fromEntries(cases.map((c, i) => [`host-${i}.test`, [c.address]]));
  const { resolve } = fakeResolver({ ...names, 'public.test': ['93.184.216.34'] });
  const byDefault = new TargetGuard(undefined, resolve);
  const refusing = new TargetGuard(() => none, resolve);

  for (const [i, c] of cases.entries()) {
    const what = `${c.kind} ${c.address}`;
    assert.equal(addressKind(c.address), c.kind, what);
    for (const target of [c.address, `host-${i}.test`]) {
      const answer = await lookup(byDefault, target);
      if (c.byDefault === 'allowed') assert.equal(answer.error, null, `${what} via ${target}`);
      else {
        assert.ok(answer.error instanceof LocalTargetRefused, `${what} via ${target}`);
        assert.equal((answer.error as LocalTargetRefused).key, c.key, what);
      }
      // The owner who refused local addresses gets them refused, each with the message of its class.
      const refused = await lookup(refusing, target);
      assert.ok(refused.error instanceof LocalTargetRefused, `${what} via ${target}, refused by the owner`);
      assert.equal((refused.error as LocalTargetRefused).key, c.key ?? 'notifyLocalTarget', what);
    }
    // An entry opens exactly that address, whatever its class.
    const listed = new TargetGuard(() => ({ allowLocal: false, allowed: [c.address] }), resolve);
    assert.equal((await lookup(listed, `host-${i}.test`)).error, null, `${what} listed`);
  }
  assert.equal((await lookup(byDefault, 'public.test')).error, null);
  assert.equal((await lookup(refusing, 'public.test')).error, null);
});

test('cloud metadata names are refused before any lookup or proxy, whatever they resolve to, unless listed', async () => {
  const metadataNames = ['metadata.google.internal', 'Metadata.Google.Internal.', 'metadata', 'instance-data'];
  const { resolve, asked } = fakeResolver(Object.fromEntries(metadataNames.map((name) => [name, ['93.184.216.34']])));
  const guard = new TargetGuard(undefined, resolve);
  for (const name of metadataNames) {
    const answer = await lookup(guard, name);
    assert.ok(answer.error instanceof LocalTargetRefused, name);
    assert.equal((answer.error as LocalTargetRefused).key, 'notifyMetadataTarget');
    assert.throws(() => guard.checkLiteral(name), LocalTargetRefused, `${name} through a proxy`);
  }
  assert.deepEqual(asked, [], 'never resolved');
  const listed = new TargetGuard(() => ({ allowLocal: true, allowed: ['metadata.google.internal'] }), resolve);
  assert.equal((await lookup(listed, 'metadata.google.internal')).error, null);
  assert.match(
    new LocalTargetRefused('metadata.google.internal', 'metadata.google.internal', 'metadata').message,
    /is a cloud metadata service/,
  );
});
