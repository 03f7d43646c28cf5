/**
 * Package sources on 127.0.0.1 for the dependency area's tests, so that npm and pip install for real without the
 * network (no PyPI on these machines; the npm registry only through a proxy a container does not trust): a PEP 503
 * simple index serving a wheel built by hand, and an npm registry serving a package made here.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestContext } from 'node:test';
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
