/**
 * The update end to end, as in the container: an "image" (a release of this checkout unpacked into a temp folder,
 * run by its own entrypoint), a local HTTP server serving a feed and a release built from this checkout with a bumped
 * version, and the panel's API driving the flow. Success (the new version answers with its version, a running task's
 * log ends with its stop line), a bad checksum (nothing changes), and a version that never answers (rollback, and
 * what the panel shows). Slow by nature: three daemons start in the first test.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import semver from 'semver';
import type { CronRun } from '../../daemon/src/contract/tasks.ts';
import type { UpdateCheck, UpdateJob, UpdateStatus } from '../../daemon/src/contract/update.ts';
import { buildRelease, checkoutVersion, startReleaseServer, type BuiltRelease } from '../helpers/releases.ts';
import { answersWith, hangingRelease, imageFrom, install, type Installation } from '../helpers/update-flow.ts';

const next = semver.inc(checkoutVersion, 'patch')!;
const later = semver.inc(next, 'patch')!;

function serve(server: Awaited<ReturnType<typeof startReleaseServer>>, release: BuiltRelease, sha = release.sha256) {
  server.files.set(`/baihu-${release.version}.tgz`, { body: readFileSync(release.tarball) });
  server.feed([
    {
      version: release.version,
      date: '2026-08-01',
      changelog: `What ${release.version} brings`,
      url: `baihu-${release.version}.tgz`,
      sha256: sha,
    },
  ]);
}

async function downloaded(panel: Installation): Promise<UpdateStatus> {
  const started = await panel.api<UpdateJob>('PUT', 'system/update');
  assert.equal(started.code, 200, JSON.stringify(started));
  const deadline = Date.now() + 60_000;
  for (;;) {
    const status = await panel.api<UpdateStatus>('GET', 'system/update/status');
    if (status.data.job?.state !== 'running') return status.data;
    if (Date.now() > deadline) throw new Error('the download did not end');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The status once `ready` holds of it (the entrypoint records a trial's outcome a moment after the health answers). */
async function settled(panel: Installation, ready: (status: UpdateStatus) => boolean): Promise<UpdateStatus> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const status = (await panel.api<UpdateStatus>('GET', 'system/update/status')).data;
    if (ready(status) || Date.now() > deadline) return status;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A folder's entries; none when it was never made. */
const listed = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);

async function updateLog(panel: Installation): Promise<string> {
  const dir = path.join(panel.dataDir, 'log', 'update');
  return readdirSync(dir)
    .map((name) => readFileSync(path.join(dir, name), 'utf8'))
    .join('\n');
}

test('update: check, download, verify, restart into the new version; a running task is stopped with its end line', async (t) => {
  const image = await imageFrom(t, buildRelease(t, checkoutVersion));
  const release = buildRelease(t, next);
  const server = await startReleaseServer(t);
  serve(server, release);
  const panel = await install(t, image, { BAIHU_UPDATE_START_TIMEOUT: '60' });

  assert.equal(
    (await panel.api('PUT', 'system/config/update', { updateEnabled: true, updateFeedUrl: `${server.url}/feed.json` }))
      .code,
    200,
  );
  const check = await panel.api<UpdateCheck>('PUT', 'system/update-check');
  assert.equal(check.code, 200);
  assert.equal(check.data.hasNewVersion, true);
  assert.equal(check.data.lastVersion, next);
  assert.match(
    check.data.lastLog,
    new RegExp(`## ${next.replace(/\./g, '\\.')} \\(2026-08-01\\)\\n\\nWhat ${next.replace(/\./g, '\\.')} brings`),
  );
  assert.equal(check.data.canDownload, true, JSON.stringify(check.data));

  // A task that is running when the restart comes.
  const cron = await panel.api<{ id: number }>('POST', 'crons', {
    name: 'long',
    command: 'for i in $(seq 1 600); do echo "tick $i"; sleep 0.1; done',
    schedule: '0 0 1 1 *',
  });
  await panel.api('PUT', 'crons/run', [cron.data.id]);
  const runningRun = async () => (await panel.api<CronRun[]>('GET', `crons/${cron.data.id}/instances`)).data[0];
  for (let i = 0; !(await runningRun())?.started_at && i < 400; i++) await new Promise((r) => setTimeout(r, 25));

  const status = await downloaded(panel);
  assert.equal(status.job?.state, 'success', await updateLog(panel));
  assert.equal(status.staged, next);
  assert.equal(status.runningJobs, 1);
  assert.ok(existsSync(path.join(panel.dataDir, 'update', 'versions', next, '.ready')));
  assert.ok(existsSync(path.join(panel.dataDir, 'log', 'update')));

  const asked = Date.now();
  assert.equal((await panel.api('PUT', 'system/reload', { type: 'system' })).code, 200);
  const answer = await answersWith(panel, next, asked);
  assert.equal(answer.version, next);
  // The session survives (the database is the same); the panel reports how the start went — once the entrypoint,
  // which polls the same health check, has recorded the pass.
  const after = await settled(panel, (status) => status.lastAttempt !== null);
  assert.equal(after.currentVersion, next);
  assert.equal(after.runningFrom, 'staged');
  assert.equal(after.lastAttempt?.outcome, 'ok');
  assert.equal(after.staged, null);
  assert.ok(existsSync(path.join(panel.dataDir, 'update', 'versions', next, '.good')));

  // The run that was going on ended cleanly: its row says stopped, its log ends with the end line.
  const run = (await runningRun())!;
  assert.equal(run.end, 'stopped');
  const log = readFileSync(path.join(panel.dataDir, 'log', run.log_path!), 'utf8');
  assert.match(log, /tick 1\n/);
  // The panel's default language is Chinese: the end line is written in it.
  assert.match(log.trimEnd().split('\n').at(-1)!, /^## 执行结束 .* 已停止/);

  // Up to date now.
  const again = await panel.api<UpdateCheck>('PUT', 'system/update-check');
  assert.equal(again.data.hasNewVersion, false);
  assert.equal(await panel.stop(), 0);
});

test('update: a wrong checksum fails the job with the message and changes nothing', async (t) => {
  const image = await imageFrom(t, buildRelease(t, checkoutVersion));
  const release = buildRelease(t, next);
  const server = await startReleaseServer(t);
  serve(server, release, 'f'.repeat(64));
  const panel = await install(t, image);
  await panel.api('PUT', 'system/config/update', { updateEnabled: true, updateFeedUrl: `${server.url}/feed.json` });

  const status = await downloaded(panel);
  assert.equal(status.job?.state, 'failed');
  assert.equal(status.staged, null);
  const log = await updateLog(panel);
  assert.match(log, /The checksum does not match/);
  assert.match(log, /Update failed, please check network and logs or try again later/);
  assert.deepEqual(listed(path.join(panel.dataDir, 'update', 'versions')), []);
  assert.deepEqual(listed(path.join(panel.dataDir, 'update', 'downloads')), []);
  assert.equal(existsSync(path.join(panel.dataDir, 'update', 'state.json')), false);
  assert.equal((await panel.health())?.version, checkoutVersion, 'the running version is untouched');
  assert.equal(await panel.stop(), 0);
});

test('update: a version that never answers is rolled back to, and the panel says "Service startup timeout"', async (t) => {
  const image = await imageFrom(t, buildRelease(t, checkoutVersion));
  const broken = await hangingRelease(t, later);
  const server = await startReleaseServer(t);
  serve(server, broken);
  const panel = await install(t, image, { BAIHU_UPDATE_START_TIMEOUT: '4' });
  await panel.api('PUT', 'system/config/update', { updateEnabled: true, updateFeedUrl: `${server.url}/feed.json` });
  assert.equal((await downloaded(panel)).job?.state, 'success');

  const asked = Date.now();
  await panel.api('PUT', 'system/reload', { type: 'system' });
  await answersWith(panel, checkoutVersion, asked, 120_000);
  assert.match(panel.run.output(), /did not answer its health check within 4s \(Service startup timeout\)/);
  const status = await panel.api<UpdateStatus>('GET', 'system/update/status');
  assert.equal(status.data.currentVersion, checkoutVersion);
  assert.deepEqual(
    { ...status.data.lastAttempt, at: 0 },
    { version: later, outcome: 'timeout', exitCode: null, at: 0, previous: checkoutVersion },
  );
  assert.equal(status.data.staged, null, 'the broken version is not offered for a restart again');
  assert.ok(existsSync(path.join(panel.dataDir, 'update', 'versions', later, '.bad')));
  // Dismissed, the notice is gone.
  await panel.api('DELETE', 'system/update/attempt');
  assert.equal((await panel.api<UpdateStatus>('GET', 'system/update/status')).data.lastAttempt, null);
  assert.equal(await panel.stop(), 0);
});
