/**
 * Releases for the updater's tests: real tarballs built from this checkout by scripts/build-release.mjs, hand-made
 * tar.gz archives (hostile ones included: links, `..`, absolute paths), and a local HTTP server that serves them with
 * a feed, recording each request.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { TestContext } from 'node:test';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('../..', import.meta.url));

export const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

export const checkoutVersion = (
  JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }
).version;

export interface TarEntry {
  name: string;
  /** '0' file (default), '5' folder, '2' symbolic link, '1' hard link. */
  type?: '0' | '1' | '2' | '5';
  content?: string;
  linkname?: string;
  mode?: number;
}

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

/** A ustar archive, gzipped, written by hand so that it can hold what no well-behaved tool would write. */
export function tarGz(entries: TarEntry[]): Buffer {
  const blocks: Buffer[] = [];
  for (const entry of entries) {
    const body = Buffer.from(entry.content ?? '');
    const header = Buffer.alloc(512);
    header.write(entry.name, 0, 100, 'utf8');
    header.write(octal(entry.mode ?? (entry.type === '5' ? 0o755 : 0o644), 8), 100, 'ascii');
    header.write(octal(0, 8), 108, 'ascii');
    header.write(octal(0, 8), 116, 'ascii');
    header.write(octal(entry.type === '0' || !entry.type ? body.length : 0, 12), 124, 'ascii');
    header.write(octal(Math.floor(Date.now() / 1000), 12), 136, 'ascii');
    header.write('        ', 148, 'ascii');
    header.write(entry.type ?? '0', 156, 'ascii');
    if (entry.linkname) header.write(entry.linkname, 157, 100, 'utf8');
    header.write('ustar\0', 257, 'ascii');
    header.write('00', 263, 'ascii');
    let sum = 0;
    for (const byte of header) sum += byte;
    header.write(octal(sum, 7) + ' ', 148, 'ascii');
    blocks.push(header);
    if (entry.type === '0' || !entry.type) {
      blocks.push(body, Buffer.alloc((512 - (body.length % 512)) % 512));
    }
  }
  blocks.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(blocks));
}

/** The two files every release has at its top, for `version`. */
export const releaseFiles = (version: string, extra: TarEntry[] = []): TarEntry[] => [
  { name: 'package.json', content: JSON.stringify({ name: 'baihu', version, type: 'module' }) },
  { name: 'release.json', content: JSON.stringify({ name: 'baihu', version, commit: 'abc1234', requires: {} }) },
  ...extra,
];

export interface BuiltRelease {
  dir: string;
  tarball: string;
  version: string;
  sha256: string;
}

/** A real release of this checkout with `version` (scripts/build-release.mjs, without the UI). */
export function buildRelease(t: TestContext, version: string): BuiltRelease {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'baihu-release-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  execFileSync(
    process.execPath,
    [path.join(root, 'scripts', 'build-release.mjs'), '--version', version, '--out', dir, '--no-ui'],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const tarball = path.join(dir, `baihu-${version}.tgz`);
  return { dir, tarball, version, sha256: sha256(readFileSync(tarball)) };
}

export interface ServedFile {
  body: Buffer;
  /** Claim more bytes than are sent and cut the connection (a broken download). */
  truncate?: boolean;
  status?: number;
}

export interface ReleaseServer {
  url: string;
  requests: string[];
  files: Map<string, ServedFile | (() => ServedFile)>;
  /** Serves `feed` as /feed.json. */
  feed(releases: unknown[]): void;
}

/** An HTTP server on 127.0.0.1 serving `files` by path; closed when the test ends. */
export async function startReleaseServer(t: TestContext): Promise<ReleaseServer> {
  const files = new Map<string, ServedFile | (() => ServedFile)>();
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    const found = files.get(new URL(req.url ?? '/', 'http://x').pathname);
    const file = typeof found === 'function' ? found() : found;
    if (!file) {
      res.writeHead(404).end('not found');
      return;
    }
    if (file.truncate) {
      res.writeHead(200, { 'content-length': String(file.body.length * 2) });
      res.write(file.body);
      setTimeout(() => res.destroy(), 20);
      return;
    }
    res.writeHead(file.status ?? 200, { 'content-length': String(file.body.length) }).end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.address() as { port: number };
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    requests,
    files,
    feed(releases) {
      files.set('/feed.json', { body: Buffer.from(JSON.stringify({ releases })) });
    },
  };
}

/** A forwarding HTTP proxy on 127.0.0.1 (plain http targets by absolute URL); records what it forwarded. */
export async function startProxy(t: TestContext): Promise<{ url: string; seen: string[] }> {
  const seen: string[] = [];
  const proxy = http.createServer((req, res) => {
    seen.push(req.url ?? '');
    const upstream = http.request(req.url ?? '', { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  t.after(() => new Promise<void>((resolve) => proxy.close(() => resolve())));
  const { port } = proxy.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, seen };
}
