/**
 * Release feeds and downloads are https only: whoever answers a plain-http feed on the way hands the panel a tarball
 * that runs as root. Plain http is left to literal loopback addresses (127.0.0.0/8, [::1]), where the tests' feeds
 * live; not `localhost`, not a private range. Generated over one table of URLs, for each place a URL enters: the
 * setting through the API, BAIHU_RELEASE_FEED at start, a tarball link inside a feed, and where a feed's redirect
 * leads. Real: the daemon in-process, feeds on HTTP servers on 127.0.0.1.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import semver from 'semver';
import type { UpdateCheck, UpdateJob, UpdateStatus } from '../../daemon/src/contract/update.ts';
import { call, initAccount, login, signedIn, startApp } from '../helpers/app.ts';
import { waitFor } from '../helpers/tasks.ts';
import { checkoutVersion, startReleaseServer } from '../helpers/releases.ts';

const next = semver.inc(checkoutVersion, 'minor')!;

/** Every kind of URL, and whether a release may come from it. */
const urls: [string, boolean][] = [
  ['https://releases.example.com/feed.json', true],
  ['https://10.0.0.1/feed.json', true],
  ['http://127.0.0.1:9/feed.json', true],
  ['http://127.45.6.7/feed.json', true],
  ['http://[::1]:9/feed.json', true],
  ['http://releases.example.com/feed.json', false],
  ['http://10.0.0.1/feed.json', false],
  ['http://192.168.1.20:8080/feed.json', false],
  ['http://172.16.0.1/feed.json', false],
  ['http://localhost:9/feed.json', false],
  ['http://127.0.0.1.example.com/feed.json', false],
  ['http://[::ffff:10.0.0.1]/feed.json', false],
  ['file:///etc/passwd', false],
  ['ftp://releases.example.com/feed.json', false],
  ['javascript:alert(1)', false],
  ['not a url', false],
];

const refusal = /must be an https URL \(plain http only to a loopback address such as 127\.0\.0\.1\)/;

test('the feed setting takes https and loopback http only, with the reason; a refusal changes nothing', async (t) => {
  const { app, token } = await signedIn(t);
  for (const [url, allowed] of urls) {
    const before = (await call(app, 'GET', '/api/system/config/update', { token })).body.data;
    const saved = await call(app, 'PUT', '/api/system/config/update', {
      token,
      payload: { updateEnabled: true, updateFeedUrl: url },
    });
    if (allowed) {
      assert.equal(saved.status, 200, `${url}: ${JSON.stringify(saved.body)}`);
      assert.deepEqual(saved.body.data, { updateEnabled: true, updateFeedUrl: url });
      continue;
    }
    assert.equal(saved.status, 400, url);
    assert.equal(saved.body.errors?.[0]?.field, 'updateFeedUrl', url);
    assert.match(saved.body.errors?.[0]?.message ?? '', refusal, url);
    assert.deepEqual((await call(app, 'GET', '/api/system/config/update', { token })).body.data, before, url);
    const zh = await call(app, 'PUT', '/api/system/config/update', {
      token,
      lang: 'zh',
      payload: { updateEnabled: true, updateFeedUrl: url },
    });
    assert.match(zh.body.errors?.[0]?.message ?? '', /必须是 https 地址/, url);
  }
});

test('BAIHU_RELEASE_FEED at start takes https and loopback http only, and names the variable otherwise', async (t) => {
  for (const [url, allowed] of urls) {
    const started = await startApp(t, { env: { BAIHU_RELEASE_FEED: url } }).then(
      (value) => value,
      (error: unknown) => error as Error,
    );
    if (allowed) {
      assert.ok(!(started instanceof Error), `${url}: ${String(started)}`);
      await initAccount(started.app);
      const token = await login(started.app);
      const status = (await call(started.app, 'GET', '/api/system/update/status', { token })).body.data as UpdateStatus;
      assert.equal(status.builtInFeed, url);
      await started.app.close();
      continue;
    }
    assert.ok(started instanceof Error, `${url} was accepted`);
    assert.match(started.message, /BAIHU_RELEASE_FEED must be an https URL/, url);
  }
});

/** A feed on 127.0.0.1 whose newer release's tarball is at `tarball`. */
async function feedWithTarball(t: TestContext, tarball: string) {
  const server = await startReleaseServer(t);
  server.feed([{ version: next, date: '2026-09-01', changelog: 'next', url: tarball, sha256: 'a'.repeat(64) }]);
  return server;
}

test('a tarball link inside a feed is https or loopback http: any other refuses the feed, with the reason', async (t) => {
  const { app, token } = await signedIn(t, { env: { BAIHU_SUPERVISED: '1' } });
  for (const [url, allowed] of urls) {
    const server = await feedWithTarball(t, url);
    const saved = await call(app, 'PUT', '/api/system/config/update', {
      token,
      payload: { updateEnabled: true, updateFeedUrl: `${server.url}/feed.json` },
    });
    assert.equal(saved.status, 200);
    const checked = await call(app, 'PUT', '/api/system/update-check', { token });
    // A relative link is read against the feed's own (loopback) URL; a link that is no http(s) URL at all leaves
    // its entry out, as before: nothing newer is offered.
    const relative = !/^[a-z]+:/i.test(url);
    const notHttp = !relative && !/^https?:/.test(url);
    if (allowed || relative || notHttp) {
      assert.equal(checked.status, 200, `${url}: ${JSON.stringify(checked.body)}`);
      assert.equal((checked.body.data as UpdateCheck).hasNewVersion, allowed || relative, url);
      continue;
    }
    assert.equal(checked.status, 400, `${url}: ${JSON.stringify(checked.body)}`);
    assert.equal(checked.body.error, 'updateCheckFailed', url);
    assert.match(String(checked.body.message), /is not an https URL \(plain http only to a loopback address/, url);
  }
});

test('a feed that redirects to plain http elsewhere is refused; a download is refused the same way', async (t) => {
  const release = await startReleaseServer(t);
  release.feed([{ version: next, date: '2026-09-01', changelog: 'next', url: 'x.tgz', sha256: 'a'.repeat(64) }]);
  // Stands in for a feed that sends its readers on: to `localhost`, which a resolver may point anywhere.
  const to = (location: string) => (req: http.IncomingMessage, res: http.ServerResponse) => {
    res.writeHead(302, { location: location + (req.url ?? '') }).end();
  };
  const redirecting = http.createServer(to(`http://localhost:${new URL(release.url).port}`));
  await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
  t.after(() => new Promise<void>((resolve) => redirecting.close(() => resolve())));
  const port = (redirecting.address() as AddressInfo).port;

  const { app, token, dataDir } = await signedIn(t, { env: { BAIHU_SUPERVISED: '1' } });
  await call(app, 'PUT', '/api/system/config/update', {
    token,
    payload: { updateEnabled: true, updateFeedUrl: `http://127.0.0.1:${port}/feed.json` },
  });
  const checked = await call(app, 'PUT', '/api/system/update-check', { token });
  assert.equal(checked.status, 400, JSON.stringify(checked.body));
  assert.match(String(checked.body.message), /http:\/\/localhost:\d+\/feed\.json is not an https URL/);
  assert.ok(!release.requests.includes('/feed.json'), 'the refused target was not read');

  // A redirect to a loopback address is followed.
  const onward = http.createServer(to(release.url));
  await new Promise<void>((resolve) => onward.listen(0, '127.0.0.1', resolve));
  t.after(() => new Promise<void>((resolve) => onward.close(() => resolve())));
  await call(app, 'PUT', '/api/system/config/update', {
    token,
    payload: {
      updateEnabled: true,
      updateFeedUrl: `http://127.0.0.1:${(onward.address() as AddressInfo).port}/feed.json`,
    },
  });
  const followed = await call(app, 'PUT', '/api/system/update-check', { token });
  assert.equal(followed.status, 200, JSON.stringify(followed.body));
  assert.equal((followed.body.data as UpdateCheck).hasNewVersion, true);

  // The same feed read directly works; its tarball redirects to localhost too, and the download is refused.
  await call(app, 'PUT', '/api/system/config/update', {
    token,
    payload: { updateEnabled: true, updateFeedUrl: `${release.url}/feed.json` },
  });
  release.feed([
    {
      version: next,
      date: '2026-09-01',
      changelog: 'next',
      url: `http://127.0.0.1:${port}/x.tgz`,
      sha256: 'a'.repeat(64),
    },
  ]);
  const offered = (await call(app, 'PUT', '/api/system/update-check', { token })).body.data as UpdateCheck;
  assert.equal(offered.hasNewVersion, true);
  const job = (await call(app, 'PUT', '/api/system/update', { token })).body.data as UpdateJob;
  const status = await waitFor(async () => {
    const data = (await call(app, 'GET', '/api/system/update/status', { token })).body.data as UpdateStatus;
    return data.job?.state === 'running' ? undefined : data;
  });
  assert.deepEqual([status.job?.state, status.staged], ['failed', null]);
  const row = await app.ctx.db.selectFrom('job_runs').selectAll().where('id', '=', job.runId).executeTakeFirstOrThrow();
  const log = readFileSync(path.join(dataDir, 'log', row.log_path!), 'utf8');
  assert.match(log, /localhost:\d+\/x\.tgz is not an https URL/);
  assert.ok(!release.requests.includes('/x.tgz'), 'the refused target was not read');
});
