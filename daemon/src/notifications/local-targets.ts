/**
 * The guard of notification requests. Loopback and private addresses are allowed by default (a home server's gotify,
 * ntfy, bark, go-cqhttp or webhook lives on the LAN, and the owner who sets a channel can run any command anyway);
 * the owner may refuse them. Link-local, unspecified and cloud metadata addresses (169.254.169.254, where a cloud
 * server hands out its credentials) are refused unless listed one by one: a stolen session or a hostile import must
 * not make the daemon fetch them.
 *
 * It checks the addresses a name *resolves to*, inside the `lookup` the socket itself calls, and hands the socket only
 * addresses it checked: a DNS answer that changes between a check and the connect (rebinding) cannot slip through.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress, LookupOptions } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { ResponseCode } from '../contract/codes.ts';
import { defaultLocalTargets, type LocalTargets } from '../contract/local-targets.ts';
import { formatMessage } from '../contract/messages.ts';
import { AppError } from '../errors/app-error.ts';

export type AddressKind = 'metadata' | 'loopback' | 'private' | 'sharedCgnat' | 'linkLocal' | 'unspecified';

/** Checked in this order, so `::1` is loopback before anything wider could claim it. */
const kindRanges: [AddressKind, [string, number][]][] = [
  // Cloud metadata services outside link-local, before the wider ranges that hold them: Alibaba Cloud's (in CGNAT),
  // AWS's over IPv6 (in fc00::/7), Oracle Cloud's older one.
  [
    'metadata',
    [
      ['100.100.100.200', 32],
      ['fd00:ec2::254', 128],
      ['192.0.0.192', 32],
    ],
  ],
  [
    'loopback',
    [
      ['127.0.0.0', 8],
      ['::1', 128],
    ],
  ],
  // 0.0.0.0/8 and :: reach this machine on Linux, like loopback.
  [
    'unspecified',
    [
      ['0.0.0.0', 8],
      ['::', 128],
    ],
  ],
  [
    'linkLocal',
    [
      ['169.254.0.0', 16],
      ['fe80::', 10],
    ],
  ],
  [
    'private',
    [
      ['10.0.0.0', 8],
      ['172.16.0.0', 12],
      ['192.168.0.0', 16],
      ['fc00::', 7],
      // Deprecated site-local IPv6, still routed inside some networks.
      ['fec0::', 10],
    ],
  ],
  ['sharedCgnat', [['100.64.0.0', 10]]],
];

const familyOf = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

const kindLists = kindRanges.map(([kind, ranges]) => {
  const list = new BlockList();
  for (const [network, prefix] of ranges) list.addSubnet(network, prefix, familyOf(network));
  return [kind, list] as const;
});

/**
 * The local kind of an IP address, or null for a public one. IPv4-mapped IPv6 forms (`::ffff:127.0.0.1`,
 * `::ffff:7f00:1`) count as the IPv4 address they carry (BlockList matches them against IPv4 ranges).
 */
export function addressKind(address: string): AddressKind | null {
  const bare = address.replace(/^\[(.*)\]$/, '$1');
  if (!isIP(bare)) return null;
  for (const [kind, list] of kindLists) if (list.check(bare, familyOf(bare))) return kind;
  return null;
}

/** What the "allow local network addresses" switch covers. Link-local, unspecified and metadata need an entry. */
const switchKinds = new Set<AddressKind>(['loopback', 'private', 'sharedCgnat']);

/** The names cloud metadata services answer at: refused as such, before any lookup (or a proxy's). */
const metadataNames = new Set([
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'instance-data',
  'instance-data.ec2.internal',
  'metadata.tencentyun.com',
]);

const hostName = /^(?=.{1,253}$)[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*$/;

/** Lower case, without IPv6 brackets or a trailing dot: the form entries and URL hosts are compared in. */
export const normaliseHost = (host: string) =>
  host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');

interface CompiledAllowList {
  names: Set<string>;
  addresses: BlockList;
}

/** Parses the allow-list; returns the entries that are neither an IP, a CIDR range nor a host name. */
export function compileAllowList(entries: readonly string[]): { compiled: CompiledAllowList; invalid: string[] } {
  const compiled: CompiledAllowList = { names: new Set(), addresses: new BlockList() };
  const invalid: string[] = [];
  for (const raw of entries) {
    const entry = normaliseHost(raw);
    if (entry === '') continue;
    const slash = entry.indexOf('/');
    if (slash >= 0) {
      const network = normaliseHost(entry.slice(0, slash));
      const prefixText = entry.slice(slash + 1);
      const prefix = Number(prefixText);
      const max = isIP(network) === 6 ? 128 : 32;
      if (isIP(network) && /^\d{1,3}$/.test(prefixText) && prefix <= max) {
        compiled.addresses.addSubnet(network, prefix, familyOf(network));
      } else invalid.push(raw.trim());
    } else if (isIP(entry)) {
      compiled.addresses.addAddress(entry, familyOf(entry));
    } else if (hostName.test(entry)) {
      compiled.names.add(entry);
    } else invalid.push(raw.trim());
  }
  return { compiled, invalid };
}

/** Refused: the target is a local address the settings do not allow. Never retried; answers 400 with the reason. */
export class LocalTargetRefused extends AppError {
  constructor(
    readonly host: string,
    readonly address: string,
    readonly kind: AddressKind,
  ) {
    const key =
      kind === 'metadata'
        ? 'notifyMetadataTarget'
        : switchKinds.has(kind)
          ? 'notifyLocalTarget'
          : 'notifyReservedTarget';
    super(key, ResponseCode.badRequest, { host, address });
    this.name = 'LocalTargetRefused';
    // English for the daemon's own log; replies are localised from key and params.
    this.message = formatMessage(key, 'en', { host, address });
  }
}

/** Resolves a host name to every address (the system resolver by default; tests pass a fake one). */
export type Resolver = (host: string) => Promise<LookupAddress[]>;
const systemResolver: Resolver = (host) => dnsLookup(host, { all: true, verbatim: true });

export class TargetGuard {
  private compiledFor: LocalTargets | null = null;
  private compiled: CompiledAllowList = compileAllowList([]).compiled;

  constructor(
    private readonly policy: () => LocalTargets = () => defaultLocalTargets,
    private readonly resolve: Resolver = systemResolver,
  ) {}

  private current(): { allowLocal: boolean; list: CompiledAllowList } {
    const policy = this.policy();
    // The settings store hands out the same object until it changes: compile once per change.
    if (policy !== this.compiledFor) {
      this.compiled = compileAllowList(policy.allowed).compiled;
      this.compiledFor = policy;
    }
    return { allowLocal: policy.allowLocal, list: this.compiled };
  }

  private nameAllowed(host: string): boolean {
    return this.current().list.names.has(normaliseHost(host));
  }

  /** Throws LocalTargetRefused when `address`, which `host` stands for, is local and not allowed. */
  check(host: string, address: string): void {
    const kind = addressKind(address);
    if (kind === null) return;
    const { allowLocal, list } = this.current();
    if (allowLocal && switchKinds.has(kind)) return;
    if (list.addresses.check(address, familyOf(address))) return;
    throw new LocalTargetRefused(normaliseHost(host), address, kind);
  }

  /**
   * For a URL's host: an IP literal is checked here, because sockets connect to literals without calling `lookup`,
   * and so is a metadata service's name (a proxy would resolve it). Other names are left to `lookup`, which checks
   * what they resolve to at connect time.
   */
  checkLiteral(host: string): void {
    const bare = normaliseHost(host);
    if (isIP(bare)) this.check(bare, bare);
    else this.checkName(bare);
  }

  /** Throws LocalTargetRefused for a metadata service's name that is not listed. */
  private checkName(bare: string): void {
    if (metadataNames.has(bare) && !this.nameAllowed(bare)) throw new LocalTargetRefused(bare, bare, 'metadata');
  }

  /** Resolves and checks every address of `host`; the ones returned are the only ones a socket may use. */
  async resolveChecked(host: string, family?: number): Promise<LookupAddress[]> {
    const bare = normaliseHost(host);
    if (isIP(bare)) {
      this.check(bare, bare);
      return [{ address: bare, family: isIP(bare) }];
    }
    this.checkName(bare);
    let addresses = await this.resolve(bare);
    if (!this.nameAllowed(bare)) {
      // Any local answer refuses the name: a mixed answer is what a rebinding attacker would give.
      for (const { address } of addresses) this.check(bare, address);
    }
    if (family === 4 || family === 6) addresses = addresses.filter((a) => a.family === family);
    if (addresses.length === 0) {
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${bare}`), { code: 'ENOTFOUND', hostname: bare });
    }
    return addresses;
  }

  /** The `lookup` option of http.request / net.connect: connects only to addresses checked right here. */
  readonly lookup: LookupFunction = (hostname, options: LookupOptions, callback) => {
    const family = typeof options.family === 'number' ? options.family : undefined;
    this.resolveChecked(hostname, family).then(
      (addresses) => {
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}
