// @sqlite-only: an update's copy of SQLite's database file
/**
 * The updater's parts on their own: the feed, what a release needs of the image, the download (local HTTP server,
 * a forwarding proxy, broken transfers), and unpacking (a real release of this checkout, hostile archives).
 */
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { runtimeOf, unmet } from '../../daemon/src/modules/update/compat.ts';
import { DownloadError, downloadTo, fetchJson } from '../../daemon/src/modules/update/download.ts';
import { newerThan, parseFeed, FeedError } from '../../daemon/src/modules/update/feed.ts';
import { unpackRelease, UnpackError } from '../../daemon/src/modules/update/unpack.ts';
import { fromRoot } from '../../daemon/src/install/root.ts';
import { openSqlite } from '../../daemon/src/db/sqlite/open.ts';
import { migrations } from '../../daemon/src/db/sqlite/migrations/index.ts';
import { UpdateLayout } from '../../daemon/src/modules/update/layout.ts';
import { migrationsIn, restoreAfterFailedUpdate, takeRollbackCopy } from '../../daemon/src/modules/update/rollback.ts';
import { freePort } from '../helpers/entrypoint.ts';
import {
  buildRelease,
  checkoutVersion,
  releaseFiles,
  sha256,
  startProxy,
  startReleaseServer,
  tarGz,
} from '../helpers/releases.ts';
import { tempDir, userDataDir } from '../helpers/app.ts';

const digest = 'a'.repeat(64);
const entry = (version: string, extra: Record<string, unknown> = {}) => ({
  version,
  url: `baihu-${version}.tgz`,
  sha256: digest,
  changelog: `Changes of ${version}`,
  ...extra,
});

test('feed: entries sorted newest first, relative URLs resolved, bad entries named and left out', () => {
  const { releases, skipped } = parseFeed(
    {
      releases: [
        entry('0.2.0', { date: '2026-07-01' }),
        entry('0.10.0', { url: 'https://cdn.example.com/b.tgz' }),
        { version: 'v1', url: 'x.tgz', sha256: digest },
        entry('0.3.0', { sha256: 'short' }),
        entry('0.4.0', { url: 'ftp://host/x.tgz' }),
        entry('0.5.0', { requires: { node: 'not a range' } }),
        'nonsense',
      ],
    },
    'https://releases.example.com/feed/feed.json',
  );
  assert.deepEqual(
    releases.map((r) => r.version),
    ['0.10.0', '0.2.0'],
  );
  assert.equal(releases[1]!.url, 'https://releases.example.com/feed/baihu-0.2.0.tgz');
  assert.equal(releases[0]!.url, 'https://cdn.example.com/b.tgz');
  assert.equal(skipped.length, 5);
  assert.ok(skipped.some((s) => s.includes('"v1" is not semver')));
  assert.throws(() => parseFeed({ nope: 1 }, 'https://x/'), FeedError);
  assert.equal(parseFeed([entry('1.0.0')], 'https://x/').releases.length, 1, 'a bare array is a feed too');
});

test('feed: the newest release after the running one, with every changelog in between; pre-releases only for testers', () => {
  const { releases } = parseFeed(
    [
      entry('0.1.0'),
      entry('0.2.0', { date: '2026-07-01' }),
      entry('0.3.0'),
      entry('0.4.0-beta.1', { changelog: 'Beta' }),
    ],
    'https://x/',
  );
  const newer = newerThan(releases, '0.1.0')!;
  assert.equal(newer.latest.version, '0.3.0');
  assert.equal(newer.changelog, '## 0.3.0\n\nChanges of 0.3.0\n\n## 0.2.0 (2026-07-01)\n\nChanges of 0.2.0');
  assert.equal(newerThan(releases, '0.3.0'), null, 'a stable installation is never offered a beta');
  assert.equal(newerThan(releases, '0.3.1-beta.0')!.latest.version, '0.4.0-beta.1');
  assert.equal(newerThan(releases, '9.0.0'), null);
});

test('compat: Node.js, native modules and the run reaper of this image against what a release needs', () => {
  const runtime = runtimeOf(fromRoot());
  const sqliteVersion = runtime.module('better-sqlite3')!;
  assert.ok(sqliteVersion, 'the checkout has better-sqlite3');
  assert.deepEqual(unmet({ node: '>=20', modules: { 'better-sqlite3': `^${sqliteVersion}` } }, runtime), []);
  const problems = unmet(
    { node: '>=99', modules: { 'better-sqlite3': '^99.0.0', 'not-installed': '^1.0.0' }, reaper: 'b'.repeat(64) },
    runtime,
  );
  assert.equal(problems.length, 4);
  assert.match(problems[0]!, /Node\.js >=99 \(this image has \d+/);
  assert.match(problems[2]!, /not-installed \^1\.0\.0 \(this image has none\)/);
  assert.match(problems[3]!, /reaper/);
});

test('download: progress, sha256 and size; HTTP errors and a cut connection leave no file', async (t) => {
  const dir = tempDir(t);
  const server = await startReleaseServer(t);
  const body = Buffer.alloc(300_000, 7);
  server.files.set('/r.tgz', { body });
  server.files.set('/cut.tgz', { body, truncate: true });
  const progress: number[] = [];
  const target = path.join(dir, 'r.tgz');
  const got = await downloadTo(`${server.url}/r.tgz`, target, {
    proxy: null,
    signal: new AbortController().signal,
    maxBytes: 1_000_000,
    onProgress: (received, total) => {
      assert.equal(total, body.length);
      progress.push(received);
    },
  });
  assert.deepEqual(got, { bytes: body.length, sha256: sha256(body) });
  assert.equal(progress.at(-1), body.length);
  assert.ok(progress.length > 1, 'progress is reported as the bytes arrive');

  const fail = (url: string, maxBytes = 1_000_000) =>
    downloadTo(url, path.join(dir, 'x.tgz'), { proxy: null, signal: new AbortController().signal, maxBytes });
  await assert.rejects(
    fail(`${server.url}/missing.tgz`),
    (e: Error) => e instanceof DownloadError && /404/.test(e.message),
  );
  await assert.rejects(fail(`${server.url}/cut.tgz`), DownloadError);
  await assert.rejects(fail(`${server.url}/r.tgz`, 1000), /larger than/);
  const closed = await freePort();
  await assert.rejects(fail(`http://127.0.0.1:${closed}/none.tgz`), (e: Error) => /ECONNREFUSED/.test(e.message));
  assert.deepEqual(readdirSync(dir), ['r.tgz'], 'failed downloads leave nothing');
});

test('download: the feed and the tarball through the configured proxy', async (t) => {
  const dir = tempDir(t);
  const server = await startReleaseServer(t);
  const proxy = await startProxy(t);
  server.feed([entry('0.9.0')]);
  server.files.set('/r.tgz', { body: Buffer.from('tarball') });
  const signal = new AbortController().signal;
  const feed = await fetchJson(`${server.url}/feed.json`, { proxy: proxy.url, signal, maxBytes: 10_000 });
  assert.equal((feed as { releases: { version: string }[] }).releases[0]!.version, '0.9.0');
  await downloadTo(`${server.url}/r.tgz`, path.join(dir, 'r.tgz'), { proxy: proxy.url, signal, maxBytes: 100 });
  assert.deepEqual(proxy.seen, [`${server.url}/feed.json`, `${server.url}/r.tgz`]);
  await assert.rejects(fetchJson(`${server.url}/r.tgz`, { proxy: null, signal, maxBytes: 100 }), /not JSON/);
});

test('unpack: a real release of this checkout becomes a version folder with its manifest', async (t) => {
  const version = '0.0.1-unpack';
  const release = buildRelease(t, version);
  const target = path.join(tempDir(t), 'versions', version);
  const manifest = await unpackRelease(release.tarball, target, version);
  assert.equal(manifest.version, version);
  assert.equal(JSON.parse(readFileSync(path.join(target, 'package.json'), 'utf8')).version, version);
  for (const part of [
    'daemon/dist/server.mjs',
    'daemon/dist/ql.mjs',
    'shell/ql',
    'docker/entrypoint.sh',
    'daemon/src',
  ]) {
    assert.ok(existsSync(path.join(target, part)), part);
  }
  assert.ok(manifest.requires.modules?.['better-sqlite3']);
  assert.deepEqual(unmet(manifest.requires, runtimeOf(fromRoot())), [], 'a release of this checkout runs here');
  assert.equal(checkoutVersion.length > 0, true);
});

test('unpack: links, paths that leave the folder, corrupt archives and the wrong version change nothing', async (t) => {
  const dir = tempDir(t);
  const versions = path.join(dir, 'versions');
  const cases: [string, Buffer, RegExp][] = [
    ['symlink', tarGz(releaseFiles('1.0.0', [{ name: 'x', type: '2', linkname: '/etc/passwd' }])), /SymbolicLink/],
    ['hard link', tarGz(releaseFiles('1.0.0', [{ name: 'x', type: '1', linkname: 'package.json' }])), /Link/],
    ['dot-dot', tarGz(releaseFiles('1.0.0', [{ name: '../escape.txt', content: 'x' }])), /outside/],
    ['absolute', tarGz(releaseFiles('1.0.0', [{ name: '/tmp/escape.txt', content: 'x' }])), /outside/],
    ['no manifest', tarGz([{ name: 'package.json', content: '{}' }]), /release\.json is missing/],
    ['wrong version', tarGz(releaseFiles('2.0.0')), /holds version 2\.0\.0, not 1\.0\.0/],
    ['truncated', tarGz(releaseFiles('1.0.0')).subarray(0, 40), /not a complete tar\.gz/],
    ['not gzip', Buffer.from('plain text, not an archive'), /not a complete tar\.gz/],
  ];
  for (const [name, archive, reason] of cases) {
    const file = path.join(dir, `${name}.tgz`);
    writeFileSync(file, archive);
    await assert.rejects(
      unpackRelease(file, path.join(versions, '1.0.0'), '1.0.0'),
      (e: Error) => e instanceof UnpackError && reason.test(e.message),
      name,
    );
    assert.equal(existsSync(versions) ? readdirSync(versions).length : 0, 0, `${name} leaves nothing`);
  }
  assert.equal(existsSync(path.join(dir, 'escape.txt')) || existsSync('/tmp/escape.txt'), false);
  // The same archive, well-formed, unpacks.
  const good = path.join(dir, 'good.tgz');
  writeFileSync(
    good,
    tarGz(
      releaseFiles('1.0.0', [
        { name: 'shell/', type: '5' },
        { name: 'shell/ql', content: '#!' },
      ]),
    ),
  );
  await unpackRelease(good, path.join(versions, '1.0.0'), '1.0.0');
  assert.deepEqual(readdirSync(path.join(versions, '1.0.0')).sort(), ['package.json', 'release.json', 'shell']);
});

test('rollback copy: a failed version that migrated the database is undone; one that did not keeps every row', async (t) => {
  const dataDir = userDataDir(t);
  const layout = new UpdateLayout(dataDir);
  const database = openSqlite(path.join(dataDir));
  await database.migrate();
  const known = Object.keys(migrations);
  database.accelerators.sqlite.exec("create table marker (v text); insert into marker values ('before')");
  await takeRollbackCopy(database, layout, { from: '1.0.0', to: '2.0.0', at: 1 });
  assert.deepEqual(layout.rollback()?.migrations, known);
  // What the failed 2.0.0 did: a row, and a migration 1.0.0 does not know.
  database.accelerators.sqlite.exec(
    "insert into marker values ('after'); insert into kysely_migration values ('9999-future', 'x')",
  );
  await database.close();
  const failed = async (outcome: 'timeout' | 'ok') => {
    await mkdir(layout.dir, { recursive: true });
    writeFileSync(
      path.join(layout.dir, 'last-attempt.json'),
      JSON.stringify({ version: '2.0.0', outcome, exitCode: null, at: 2, previous: '1.0.0' }),
    );
  };
  await failed('ok');
  assert.deepEqual(await restoreAfterFailedUpdate(database.location, layout, '1.0.0', known), {
    restored: false,
    reason: 'no failed update',
  });
  await failed('timeout');
  assert.equal((await restoreAfterFailedUpdate(database.location, layout, '0.9.0', known)).restored, false);
  const outcome = await restoreAfterFailedUpdate(database.location, layout, '1.0.0', known, 3);
  assert.equal(outcome.restored, true);
  assert.deepEqual(migrationsIn(database.location), known);
  const reopened = openSqlite(dataDir);
  assert.deepEqual(reopened.accelerators.sqlite.prepare('select v from marker').all(), [{ v: 'before' }]);
  await reopened.close();
  assert.ok(existsSync(`${database.location}.after-2.0.0-3`), 'the failed version’s database is kept aside');
  assert.equal(layout.rollback(), null);

  // A failed version that left the schema alone: nothing is restored, nothing is lost.
  const again = openSqlite(dataDir);
  await takeRollbackCopy(again, layout, { from: '1.0.0', to: '2.0.0', at: 4 });
  again.accelerators.sqlite.exec("insert into marker values ('kept')");
  await again.close();
  assert.deepEqual(await restoreAfterFailedUpdate(database.location, layout, '1.0.0', known), {
    restored: false,
    reason: 'nothing to undo',
  });
  const last = openSqlite(dataDir);
  assert.deepEqual(last.accelerators.sqlite.prepare("select v from marker where v = 'kept'").all(), [{ v: 'kept' }]);
  await last.close();
});
