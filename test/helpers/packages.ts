/**
 * Package sources on 127.0.0.1 for the dependency area's tests, so that npm, pip and apt-get install for real without
 * the network (no PyPI on these machines; the npm registry only through a proxy a container does not trust): a PEP 503
 * simple index serving a wheel built by hand, an npm registry serving a package made here, and an apt repository
 * serving a Debian package built here with dpkg-deb.
 */
import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestContext } from 'node:test';
import { promisify } from 'node:util';
import { tarGz } from './releases.ts';

export interface Wheel {
  /** The distribution's name as pip is asked for it. */
  name: string;
  file: string;
  bytes: Buffer;
}

/** A wheel built by hand (python3's zipfile): the module `baihu_demo` (VALUE = 42) and its dist-info. */
export function buildWheel(): Wheel {
  const file = 'baihu_demo-1.0-py3-none-any.whl';
  const script = `
import base64, hashlib, sys, zipfile
files = {
  'baihu_demo/__init__.py': b'VALUE = 42\\n',
  'baihu_demo-1.0.dist-info/METADATA': b'Metadata-Version: 2.1\\nName: baihu-demo\\nVersion: 1.0\\n',
  'baihu_demo-1.0.dist-info/WHEEL': b'Wheel-Version: 1.0\\nGenerator: baihu-test\\nRoot-Is-Purelib: true\\nTag: py3-none-any\\n',
}
def digest(data):
  return 'sha256=' + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b'=').decode()
record = ''.join(f'{name},{digest(data)},{len(data)}\\n' for name, data in files.items())
record += 'baihu_demo-1.0.dist-info/RECORD,,\\n'
with zipfile.ZipFile(sys.argv[1], 'w') as z:
  for name, data in files.items():
    z.writestr(name, data)
  z.writestr('baihu_demo-1.0.dist-info/RECORD', record)
`;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'baihu-wheel-'));
  try {
    const target = path.join(dir, file);
    execFileSync('python3', ['-c', script, target]);
    return { name: 'baihu-demo', file, bytes: readFileSync(target) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Serves `handler` on 127.0.0.1 until the test ends; answers its base URL. */
async function serve(t: TestContext, handler: RequestListener): Promise<string> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A PEP 503 simple index that serves one wheel; answers the index URL (`…/simple/`). */
export async function simpleIndex(t: TestContext, wheel: Wheel): Promise<string> {
  const sha = createHash('sha256').update(wheel.bytes).digest('hex');
  const url = await serve(t, (req, res) => {
    if (req.url === `/simple/${wheel.name}/`) {
      res.setHeader('content-type', 'text/html');
      res.end(`<html><body><a href="/files/${wheel.file}#sha256=${sha}">${wheel.file}</a></body></html>`);
    } else if (req.url === `/files/${wheel.file}`) {
      res.end(wheel.bytes);
    } else {
      res.statusCode = 404;
      res.end('not found');
    }
  });
  return `${url}/simple/`;
}

export interface NpmPackage {
  name: string;
  version: string;
  /** Files of the package, by path inside it (package.json is written from name and version). */
  files: Record<string, string>;
}

/**
 * An npm registry that serves `packages` (their documents and tarballs, with integrity); answers its URL with a
 * trailing slash, as npm's `--registry` takes it. Every request's path is recorded in `requests`.
 */
export async function npmRegistry(t: TestContext, packages: NpmPackage[]) {
  const requests: string[] = [];
  const tarballs = new Map<string, Buffer>();
  const documents = new Map<string, (base: string) => unknown>();
  for (const pkg of packages) {
    const manifest = { name: pkg.name, version: pkg.version, main: 'index.js' };
    const tarball = tarGz([
      { name: 'package/package.json', content: JSON.stringify(manifest) },
      ...Object.entries(pkg.files).map(([name, content]) => ({ name: `package/${name}`, content })),
    ]);
    const file = `/${pkg.name}/-/${pkg.name}-${pkg.version}.tgz`;
    tarballs.set(file, tarball);
    documents.set(`/${pkg.name}`, (base) => ({
      name: pkg.name,
      'dist-tags': { latest: pkg.version },
      versions: {
        [pkg.version]: {
          ...manifest,
          dist: {
            tarball: `${base}${file}`,
            shasum: createHash('sha1').update(tarball).digest('hex'),
            integrity: `sha512-${createHash('sha512').update(tarball).digest('base64')}`,
          },
        },
      },
    }));
  }
  const base = await serve(t, (req, res) => {
    const url = req.url ?? '/';
    requests.push(url);
    const document = documents.get(decodeURIComponent(url));
    const tarball = tarballs.get(url);
    if (document) {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(document(base)));
    } else if (tarball) {
      res.setHeader('content-type', 'application/octet-stream');
      res.end(tarball);
    } else {
      res.statusCode = 404;
      res.setHeader('content-type', 'application/json');
      res.end('{"error":"not found"}');
    }
  });
  return { url: `${base}/`, requests };
}

export interface AptRepository {
  /** The package's name, as apt-get is asked for it. */
  name: string;
  /** The file the package installs. */
  installs: string;
  /** Every request's path the repository answered. */
  requests: string[];
}

/** Whether dpkg has `name` installed. */
export function dpkgInstalled(name: string): boolean {
  try {
    return execFileSync('dpkg-query', ['-W', '-f=${Status}', name], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).includes('ok installed');
  } catch {
    return false;
  }
}

/**
 * A flat apt repository on 127.0.0.1 holding one Debian package built with dpkg-deb (`baihu-apt-demo`, one file
 * under /usr/share), listed in this system's apt sources for the test's length and its package list fetched, so that
 * a plain `apt-get install baihu-apt-demo` finds it there and nowhere else. Needs root on Debian (what apt-get
 * installs is the system's); the package, the source and its list are gone when the test ends.
 */
export async function aptRepository(t: TestContext): Promise<AptRepository> {
  const name = 'baihu-apt-demo';
  const installs = `/usr/share/${name}/README`;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'baihu-apt-'));
  const tree = path.join(dir, 'tree');
  mkdirSync(path.join(tree, 'DEBIAN'), { recursive: true });
  mkdirSync(path.join(tree, path.dirname(installs)), { recursive: true });
  writeFileSync(path.join(tree, installs), 'Installed by apt-get from a repository on 127.0.0.1.\n');
  const control = [
    `Package: ${name}`,
    'Version: 1.0',
    'Architecture: all',
    'Maintainer: Baihu tests <tests@127.0.0.1>',
    'Description: a package that installs one file, for the tests of Linux dependencies',
  ];
  writeFileSync(path.join(tree, 'DEBIAN', 'control'), `${control.join('\n')}\n`);
  const file = `${name}_1.0_all.deb`;
  execFileSync('dpkg-deb', ['--root-owner-group', '--build', tree, path.join(dir, file)], { stdio: 'ignore' });
  const deb = readFileSync(path.join(dir, file));
  // The index apt reads (what dpkg-scanpackages writes), and a Release that names it (trusted: no signature).
  const packages = Buffer.from(
    [
      ...control,
      `Filename: ./${file}`,
      `Size: ${deb.length}`,
      `SHA256: ${createHash('sha256').update(deb).digest('hex')}`,
      '',
    ].join('\n'),
  );
  const release = Buffer.from(
    `Date: ${new Date().toUTCString()}\nSHA256:\n ${createHash('sha256').update(packages).digest('hex')} ${packages.length} Packages\n`,
  );
  const files = new Map([
    [`/${file}`, deb],
    ['/Packages', packages],
    ['/Release', release],
  ]);
  const requests: string[] = [];
  const url = await serve(t, (req, res) => {
    // apt asks for `/./Packages` in a flat repository.
    const asked = path.posix.normalize(req.url ?? '/');
    requests.push(asked);
    const body = files.get(asked);
    res.statusCode = body ? 200 : 404;
    res.end(body ?? 'not found');
  });

  const host = new URL(url).host;
  const sourceList = `/etc/apt/sources.list.d/baihu-test-${host.replace(/\W/g, '-')}.list`;
  const lists = '/var/lib/apt/lists';
  const ownLists = () => readdirSync(lists).filter((entry) => entry.startsWith(`${host}_`));
  // apt keeps the .deb files it fetched; without that copy, an install must fetch the package from here.
  const cached = `/var/cache/apt/archives/${file}`;
  rmSync(cached, { force: true });
  t.after(() => {
    if (dpkgInstalled(name)) execFileSync('dpkg', ['--purge', name], { stdio: 'ignore' });
    rmSync(cached, { force: true });
    rmSync(sourceList, { force: true });
    for (const entry of ownLists()) rmSync(path.join(lists, entry), { force: true });
    rmSync(dir, { recursive: true, force: true });
  });
  writeFileSync(sourceList, `deb [trusted=yes] ${url}/ ./\n`);
  // Only this source's list is fetched (the system's other lists stay as they are, and no mirror is asked); not
  // execFileSync: the repository answers from this process.
  await promisify(execFile)(
    'apt-get',
    [
      'update',
      '-qq',
      '-o',
      `Dir::Etc::sourcelist=${sourceList}`,
      '-o',
      'Dir::Etc::sourceparts=-',
      '-o',
      'APT::Get::List-Cleanup=0',
    ],
    { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } },
  );
  if (!ownLists().some((entry) => entry.includes('_Packages') && statSync(path.join(lists, entry)).size > 0)) {
    throw new Error(`apt-get did not fetch the package list of ${url}`);
  }
  return { name, installs, requests };
}
