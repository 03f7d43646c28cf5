/**
 * The About page's routes on the real daemon: version and build, runtimes asked of the real python3 and git, the
 * changelog section of this version, the data folder measured in the background (with the event that says so), and
 * the shipped guides (only those: no path reaches another file).
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { AboutInfo, DataSizesReply } from '../../daemon/src/contract/about.ts';
import { fromRoot } from '../../daemon/src/install/root.ts';
import { call, signedIn } from '../helpers/app.ts';
import { waitFor } from '../helpers/tasks.ts';

const version = (JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as { version: string }).version;

test('about: version, build, runtimes, changelog of this version', async (t) => {
  const { app, token } = await signedIn(t);
  const res = await call(app, 'GET', '/api/system/about', { token });
  assert.equal(res.body.code, 200, JSON.stringify(res.body));
  const about = res.body.data as AboutInfo;
  assert.equal(about.version, version);
  assert.equal(about.imageVersion, version);
  assert.equal(about.runningFrom, 'checkout', 'tests run the sources, not under the entrypoint');
  assert.deepEqual([about.commit, about.buildDate], [null, null], 'a run from the sources has no build');
  assert.equal(about.runtimes.node, process.versions.node);
  assert.match(about.runtimes.python3 ?? '', /^3\.\d+/);
  assert.match(about.runtimes.git ?? '', /^2\.\d+/);
  assert.ok(about.changelog.length > 20, 'CHANGELOG.md has a section for this version');
  assert.ok(!about.changelog.startsWith('##'));
  assert.deepEqual(about.docs.includes('update'), true);
  assert.equal(about.projectUrl, null);
  // Qinglong's public GET /api/system tells the same release.
  const system = (await call(app, 'GET', '/api/system')).body.data as Record<string, unknown>;
  assert.deepEqual(
    [system.version, system.publishTime, system.branch, system.changeLog, system.changeLogLink],
    [version, 0, 'master', about.changelog, ''],
  );
  const unauthorised = await call(app, 'GET', '/api/system/about');
  assert.equal(unauthorised.status, 401);
});

test('about: the data folder is measured in the background, cached, and announced', async (t) => {
  const { app, token, dataDir } = await signedIn(t);
  mkdirSync(path.join(dataDir, 'scripts', 'deep', 'er'), { recursive: true });
  writeFileSync(path.join(dataDir, 'scripts', 'deep', 'er', 'big.js'), Buffer.alloc(300_000));
  writeFileSync(path.join(dataDir, 'scripts', 'small.js'), 'x');
  const events: unknown[] = [];
  app.ctx.live.onEvent((name, payload) => name === 'dataSizes' && events.push(payload));

  const first = (await call(app, 'GET', '/api/system/about/sizes', { token })).body.data as DataSizesReply;
  assert.equal(first.measuring, true);
  const sizes = await waitFor(async () => {
    const reply = (await call(app, 'GET', '/api/system/about/sizes', { token })).body.data as DataSizesReply;
    return reply.sizes ?? undefined;
  });
  const scripts = sizes.folders.find((f) => f.name === 'scripts')!;
  assert.ok(scripts.bytes >= 300_001, `scripts holds ${scripts.bytes} bytes`);
  assert.ok(scripts.files >= 2);
  assert.equal(sizes.folders[0]!.bytes >= sizes.folders.at(-1)!.bytes, true, 'largest first');
  assert.equal(events.length, 1, 'the event says the measurement is done');
  const again = (await call(app, 'GET', '/api/system/about/sizes', { token })).body.data as DataSizesReply;
  assert.equal(again.measuring, false, 'a fresh measurement is kept, not redone');
  assert.equal(again.sizes!.computedAt, sizes.computedAt);
});

test('about: the shipped guides, and nothing else by that route', async (t) => {
  const { app, token } = await signedIn(t);
  const doc = await app.inject({
    method: 'GET',
    url: '/api/system/docs/update',
    headers: { authorization: `Bearer ${token}` },
  });
  assert.equal(doc.statusCode, 200);
  assert.match(doc.body, /^# Updates/);
  for (const name of ['../package', '..%2Fpackage', 'README', 'update.md', '%2e%2e']) {
    const res = await app.inject({
      method: 'GET',
      url: `/api/system/docs/${name}`,
      headers: { authorization: `Bearer ${token}` },
    });
    // Refused by the route, or not routed to it at all (the panel's page): never a file.
    const markdown = String(res.headers['content-type']).startsWith('text/markdown');
    assert.ok([400, 404].includes(res.statusCode) || !markdown, `${name} answers ${res.statusCode}`);
    assert.ok(!res.body.includes('"name": "baihu"'));
  }
});
