/**
 * The update area on the real daemon in-process, against a local HTTP server standing in for the release feed: the
 * check in Qinglong's shape (an empty JSON body accepted), every reason a newer version cannot be downloaded, the
 * settings (round-trip, validation, effect), the download as a job of the kernel (run row, log, live topic, progress
 * events), the session-only access, and `ql update` / `ql reload` from a shell on the same data folder.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { knownDatabaseEnv, onPostgres } from '../helpers/postgres.ts';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { RunStatus } from '../../daemon/src/contract/enums.ts';
import type { UpdateCheck, UpdateJob, UpdateStatus } from '../../daemon/src/contract/update.ts';
import { call, signedIn, tempDir, userDataDir } from '../helpers/app.ts';
import { startDaemon } from '../helpers/daemon.ts';
import { waitFor } from '../helpers/tasks.ts';
import { bytesOf, connect } from '../helpers/live.ts';
import { checkoutVersion, releaseFiles, sha256, startReleaseServer, tarGz } from '../helpers/releases.ts';

const next = semver.inc(checkoutVersion, 'minor')!;
const ql = fileURLToPath(new URL('../../shell/ql', import.meta.url));

/** A feed on a local server offering `next` (a small hand-made release), optionally with a wrong checksum. */
async function feedServer(t: TestContext, options: { badSha?: boolean } = {}) {
  const server = await startReleaseServer(t);
  const tarball = tarGz(releaseFiles(next));
  server.files.set(`/baihu-${next}.tgz`, { body: tarball });
  server.feed([
    {
      version: checkoutVersion,
      date: '2026-01-01',
      changelog: 'The running one',
      url: 'old.tgz',
      sha256: 'a'.repeat(64),
    },
    {
      version: next,
      date: '2026-09-01',
      changelog: `What ${next} brings`,
      url: `baihu-${next}.tgz`,
      sha256: options.badSha ? 'f'.repeat(64) : sha256(tarball),
    },
  ]);
  return server;
}

/** The panel signed in, run as under the entrypoint (or not), with the feed of the image set to `feed`. */
async function panel(t: TestContext, env: Record<string, string> = {}) {
  return signedIn(t, { env: { BAIHU_SUPERVISED: '1', ...env } });
}

test('update check: Qinglong shape, empty JSON body accepted; no feed, up to date and unreachable feeds said clearly', async (t) => {
  const server = await feedServer(t);
  const { app, token } = await panel(t);

  // No feed: nothing newer to offer, said calmly (Qinglong's clients call checkUpdate whatever the setup).
  const noFeed = await call(app, 'PUT', '/api/system/update-check', { token, payload: {} });
  assert.equal(noFeed.status, 200, JSON.stringify(noFeed.body));
  assert.equal(noFeed.body.code, 200);
  const calm = noFeed.body.data as { hasNewVersion: boolean; lastVersion: string; currentVersion: string };
  assert.equal(calm.hasNewVersion, false);
  assert.equal(calm.lastVersion, calm.currentVersion);

  const saved = await call(app, 'PUT', '/api/system/config/update', {
    token,
    payload: { updateEnabled: true, updateFeedUrl: ` ${server.url}/feed.json ` },
  });
  assert.deepEqual(saved.body.data, { updateEnabled: true, updateFeedUrl: `${server.url}/feed.json` });

  // Qinglong's panel sends the check with a JSON content type and no body at all.
  const empty = await app.inject({
    method: 'PUT',
    url: '/api/system/update-check',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': '0' },
  });
  assert.equal(empty.statusCode, 200, empty.body);
  const check = empty.json<{ code: number; data: UpdateCheck }>().data;
  assert.equal(check.hasNewVersion, true);
  assert.equal(check.lastVersion, next);
  assert.equal(check.currentVersion, checkoutVersion);
  assert.match(check.lastLog, new RegExp(`What ${next.replace(/\./g, '\\.')} brings`));
  assert.doesNotMatch(check.lastLog, /The running one/, 'only the changelogs after the running version');
  assert.equal(check.canDownload, true);
  assert.equal(check.blocked, null);

  server.feed([{ version: checkoutVersion, date: '2026-01-01', changelog: 'x', url: 'a.tgz', sha256: 'a'.repeat(64) }]);
  const upToDate = (await call(app, 'PUT', '/api/system/update-check', { token })).body.data as UpdateCheck;
  assert.deepEqual([upToDate.hasNewVersion, upToDate.lastVersion], [false, checkoutVersion]);

  server.files.delete('/feed.json');
  const gone = await call(app, 'PUT', '/api/system/update-check', { token, lang: 'zh' });
  assert.equal(gone.status, 400);
  assert.equal(gone.body.error, 'updateCheckFailed');
  assert.match(String(gone.body.message), /无法读取发布源/);
});

test('update settings: round-trip, a bad URL refused with nothing changed, turning updates off blocks the download', async (t) => {
  const server = await feedServer(t);
  const { app, token } = await panel(t);
  const defaults = await call(app, 'GET', '/api/system/config/update', { token });
  assert.deepEqual(defaults.body.data, { updateEnabled: true, updateFeedUrl: '' });

  const bad = await call(app, 'PUT', '/api/system/config/update', {
    token,
    payload: { updateEnabled: false, updateFeedUrl: 'ftp://example.com/feed' },
  });
  assert.equal(bad.status, 400);
  assert.match(JSON.stringify(bad.body), /Release feed URL must be an https URL/);
  assert.deepEqual((await call(app, 'GET', '/api/system/config/update', { token })).body.data, defaults.body.data);

  await call(app, 'PUT', '/api/system/config/update', {
    token,
    payload: { updateEnabled: false, updateFeedUrl: `${server.url}/feed.json` },
  });
  const check = (await call(app, 'PUT', '/api/system/update-check', { token })).body.data as UpdateCheck;
  assert.deepEqual([check.hasNewVersion, check.canDownload, check.blocked], [true, false, 'disabled']);
  const refused = await call(app, 'PUT', '/api/system/update', { token });
  assert.equal(refused.body.error, 'updateDisabled');
  const status = (await call(app, 'GET', '/api/system/update/status', { token })).body.data as UpdateStatus;
  assert.equal(status.enabled, false);
});

test('update check: an image managed by a container updater, and a daemon no entrypoint restarts, offer no download', async (t) => {
  const server = await feedServer(t);
  for (const [env, blocked, error] of [
    [{ BAIHU_SELF_UPDATE: 'false' }, 'managedImage', 'updateManagedImage'],
    [{ BAIHU_SUPERVISED: '0' }, 'noSupervisor', 'restartUnsupervised'],
  ] as const) {
    const { app, token } = await panel(t, { ...env, BAIHU_RELEASE_FEED: `${server.url}/feed.json` });
    const check = (await call(app, 'PUT', '/api/system/update-check', { token })).body.data as UpdateCheck;
    assert.deepEqual([check.canDownload, check.blocked], [false, blocked]);
    assert.equal((await call(app, 'PUT', '/api/system/update', { token })).body.error, error);
  }
});

test('update download: a job of the kernel with its run row, log, live topic and progress events', async (t) => {
  const server = await feedServer(t);
  const { app, token, dataDir } = await panel(t, { BAIHU_RELEASE_FEED: `${server.url}/feed.json` });
  const progress: UpdateJob[] = [];
  app.ctx.live.onEvent((name, payload) => name === 'updateProgress' && progress.push(payload as UpdateJob));
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const client = await connect(`${address.replace('http', 'ws')}/api/ws?token=${token}`);
  t.after(() => client.socket.close());

  // Two clicks at once start one download; the other is told one is under way.
  const [started, second] = await Promise.all([
    call(app, 'PUT', '/api/system/update', { token, payload: {} }),
    call(app, 'PUT', '/api/system/update', { token, payload: {} }),
  ]);
  assert.equal(started.body.code, 200, JSON.stringify(started.body));
  assert.equal(second.body.error, 'updateBusy');
  const job = started.body.data as UpdateJob;
  assert.equal(job.topic, `update:${job.runId}`);
  client.send({ type: 'subscribe', topic: job.topic, offset: 0 });
  await client.until((all) => all.some((m) => m.type === 'end'));
  assert.match(bytesOf(client.messages).toString(), new RegExp(`Baihu ${next.replace(/\./g, '\\.')} .*is ready`));

  const status = await waitFor(async () => {
    const data = (await call(app, 'GET', '/api/system/update/status', { token })).body.data as UpdateStatus;
    return data.job?.state === 'success' ? data : undefined;
  });
  assert.equal(status.staged, next);
  assert.ok(progress.some((p) => p.state === 'success' && p.received === p.total));
  const row = await app.ctx.db.selectFrom('job_runs').selectAll().where('id', '=', job.runId).executeTakeFirstOrThrow();
  assert.deepEqual([row.kind, row.status, row.end], ['update', RunStatus.finished, 'success']);
  const log = readFileSync(path.join(dataDir, 'log', row.log_path!), 'utf8');
  assert.match(log, /The checksum matches the release feed/);
  assert.ok(existsSync(path.join(dataDir, 'update', 'versions', next, '.ready')));

  const again = (await call(app, 'PUT', '/api/system/update-check', { token })).body.data as UpdateCheck;
  assert.equal(again.staged, next, 'the check says a restart would start it');
});

test('update download: a wrong checksum fails the job with the message and stages nothing', async (t) => {
  const server = await feedServer(t, { badSha: true });
  const { app, token, dataDir } = await panel(t, { BAIHU_RELEASE_FEED: `${server.url}/feed.json` });
  const job = (await call(app, 'PUT', '/api/system/update', { token })).body.data as UpdateJob;
  const status = await waitFor(async () => {
    const data = (await call(app, 'GET', '/api/system/update/status', { token })).body.data as UpdateStatus;
    return data.job?.state === 'running' ? undefined : data;
  });
  assert.deepEqual([status.job?.state, status.staged], ['failed', null]);
  const row = await app.ctx.db.selectFrom('job_runs').selectAll().where('id', '=', job.runId).executeTakeFirstOrThrow();
  assert.deepEqual([row.status, row.end], [RunStatus.error, 'failed']);
  const log = readFileSync(path.join(dataDir, 'log', row.log_path!), 'utf8');
  assert.match(log, /Update failed, please check network and logs or try again later/);
  assert.equal(existsSync(path.join(dataDir, 'update', 'versions', next)), false);
});

test('update routes: the session only — a run token or no token is refused, nothing is started', async (t) => {
  const { app, token } = await panel(t);
  const runToken = app.ctx.runTokens.issue('probe');
  for (const [method, url] of [
    ['PUT', '/api/system/update-check'],
    ['PUT', '/api/system/update'],
    ['PUT', '/api/system/reload'],
    ['GET', '/api/system/update/status'],
    ['PUT', '/api/system/config/update'],
  ] as const) {
    for (const bearer of [undefined, runToken]) {
      const res = await call(app, method, url, { token: bearer, payload: {} });
      assert.equal(res.status, 401, `${method} ${url}`);
    }
  }
  const status = (await call(app, 'GET', '/api/system/update/status', { token })).body.data as UpdateStatus;
  assert.equal(status.job, null);
});

/** The real shell/ql, started asynchronously (the feed server lives in this process). */
function runQl(env: Record<string, string>, ...args: string[]): Promise<{ code: number | null; out: string }> {
  const child = spawn(ql, args, {
    cwd: os.tmpdir(),
    env: {
      PATH: process.env.PATH,
      HOME: os.tmpdir(),
      BAIHU_PORT: '1',
      ...(env.BAIHU_DATA_DIR ? knownDatabaseEnv(env.BAIHU_DATA_DIR) : {}),
      ...env,
    },
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, out })));
}

test('ql update false stages the same way; ql reload with no daemon leaves the next start to run it on trial', async (t) => {
  const server = await feedServer(t);
  const { app, dataDir } = await panel(t);
  await app.close();
  const env = { BAIHU_DATA_DIR: dataDir, BAIHU_RELEASE_FEED: `${server.url}/feed.json` };

  const staged = await runQl(env, 'update', 'false');
  assert.equal(staged.code, 0, staged.out);
  assert.match(staged.out, new RegExp(`What ${next.replace(/\./g, '\\.')} brings`));
  assert.match(staged.out, /The checksum matches the release feed/);
  assert.match(staged.out, /starts with the next restart/);
  assert.ok(existsSync(path.join(dataDir, 'update', 'versions', next, '.ready')));
  assert.equal(JSON.parse(readFileSync(path.join(dataDir, 'update', 'state.json'), 'utf8')).active, next);

  const reload = await runQl(env, 'reload');
  assert.equal(reload.code, 0, reload.out);
  assert.match(reload.out, new RegExp(`next start runs version ${next.replace(/\./g, '\\.')} \\(on trial\\)`));
  // On PostgreSQL there is no file to copy: the server's dumps are its administrator's (docs/update.md).
  assert.equal(existsSync(path.join(dataDir, 'update', 'rollback.sqlite')), !onPostgres, 'the copy to come back to');

  server.feed([{ version: next, date: '2026-09-01', changelog: 'x', url: 'x.tgz', sha256: 'f'.repeat(64) }]);
  const bad = await runQl({ ...env, BAIHU_RELEASE_FEED: `${server.url}/nothing.json` }, 'update');
  assert.equal(bad.code, 1);
  assert.match(bad.out, /cannot read the release feed/);
  assert.equal((await runQl(env, 'update', 'now')).code, 2, 'usage error');
});

test('ql reload asks a daemon run by the entrypoint to restart (a clean exit, code 0); one run otherwise is left alone', async (t) => {
  const dataDir = userDataDir(t);
  const supervised = await startDaemon(t, dataDir, { BAIHU_SUPERVISED: '1' });
  const exited = new Promise<number | null>((resolve) => supervised.child.once('exit', (code) => resolve(code)));
  const asked = await runQl({ BAIHU_DATA_DIR: dataDir }, 'reload');
  assert.equal(asked.code, 0, asked.out);
  assert.match(asked.out, new RegExp(`Asked the daemon \\(pid ${supervised.child.pid}\\) to restart`));
  assert.equal(await exited, 0, supervised.output());

  const aloneDir = tempDir(t);
  const alone = await startDaemon(t, aloneDir);
  const refused = await runQl({ BAIHU_DATA_DIR: aloneDir }, 'reload');
  assert.equal(refused.code, 1);
  assert.match(refused.out, /not run by the container entrypoint/);
  assert.equal(alone.child.exitCode, null, 'the daemon still runs');
});
