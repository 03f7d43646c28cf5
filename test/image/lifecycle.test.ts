/**
 * The image's container over its life, as a user lives it, driven from outside over 127.0.0.1: stop ends a run's
 * detached processes (the run reaper, built in the image's build stage, runs in its runtime stage); the panel's
 * restart comes back under the entrypoint's loop (same tini, new daemon); an update from a release feed on
 * 127.0.0.1 whose release cannot start rolls back to the image's version; a new container on the same data dir keeps
 * every task, variable, log and setting; with PUID/PGID the daemon and `task` run as that user and the data files are
 * theirs. Tier: image (see scripts.test.ts).
 */
import assert from 'node:assert/strict';
import { lstatSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import semver from 'semver';
import type { Cron } from '../../daemon/src/contract/tasks.ts';
import { RunEnd } from '../../daemon/src/contract/enums.ts';
import type { Env } from '../../daemon/src/contract/envs.ts';
import type { UpdateCheck, UpdateJob, UpdateStatus } from '../../daemon/src/contract/update.ts';
import { userDataDir } from '../helpers/app.ts';
import { killWithArg, processesWithArg, uniqueSleep, waitFor } from '../helpers/tasks.ts';
import { descendants, startContainer, testImage, type Container } from '../helpers/image.ts';
import { runTaskOver } from '../helpers/panel-client.ts';
import { checkoutVersion, startReleaseServer } from '../helpers/releases.ts';
import { releaseWithServer } from '../helpers/update-flow.ts';

/** The daemon's node process inside the container (below tini and the entrypoint). */
function daemonPid(box: Container): number | undefined {
  return descendants(box.init()).find((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('daemon/dist/server.mjs');
    } catch {
      return false;
    }
  });
}

/** Every file and folder below `dir`, the folder included. */
function walk(dir: string): string[] {
  return [
    dir,
    ...readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? walk(full) : [full];
    }),
  ];
}

test('the image: stop, restart, a failed update, a new container on the same data, PUID/PGID', async (t) => {
  const image = testImage();
  const dataDir = userDataDir(t, 'baihu-image-');
  const first = await startContainer(t, image, dataDir);
  const { panel } = first;
  await panel.setUp();
  assert.equal((await panel.api('POST', 'envs', [{ name: 'KEEP_ME', value: 'across containers' }])).code, 200);
  assert.equal((await panel.api('PUT', 'system/config/cron-concurrency', { cronConcurrency: 3 })).code, 200);
  const kept = await runTaskOver(panel, 'echo "a log to keep"');
  assert.equal(kept.cron.last_end, RunEnd.success, kept.log);

  await t.test('stop ends every process of a run, the detached ones too', async (t) => {
    const token = uniqueSleep();
    t.after(() => killWithArg(token));
    writeFileSync(
      path.join(dataDir, 'scripts', 'detach.sh'),
      `setsid sleep ${token} &\n( ( exec env -i sleep ${token} ) & )\nsetsid sh -c "trap '' TERM; exec sleep ${token}" &\necho ready\nsleep 1000\n`,
    );
    const cron = await panel.api<Cron>('POST', 'crons', {
      name: 'detach',
      command: 'task detach.sh',
      schedule: '0 0 1 1 *',
    });
    await panel.api('PUT', 'crons/run', [cron.data.id]);
    await waitFor(() => processesWithArg(token).length === 3, 60_000, 'the three detached sleeps');
    assert.equal((await panel.api('PUT', 'crons/stop', [cron.data.id])).code, 200);
    await waitFor(() => processesWithArg(token).length === 0, 20_000, 'every detached sleep to end');
    const ended = await waitFor(
      async () => {
        const row = (await panel.api<Cron>('GET', `crons/${cron.data.id}`)).data;
        return row.last_end ? row : undefined;
      },
      20_000,
      'the run to end',
    );
    assert.equal(ended.last_end, RunEnd.stopped);
  });

  await t.test("the panel's restart comes back under the entrypoint's loop", async () => {
    const init = first.init();
    const before = daemonPid(first);
    assert.ok(before, 'the daemon runs below tini');
    assert.equal((await panel.api('PUT', 'system/reload', { type: '' })).code, 200);
    const after = await waitFor(
      async () => {
        const pid = daemonPid(first);
        return pid && pid !== before && (await panel.health()) ? pid : undefined;
      },
      60_000,
      'a new daemon to answer',
    );
    assert.notEqual(after, before);
    assert.equal(first.init(), init, 'the same container: its first process did not change');
    assert.match(first.output(), /the daemon exited cleanly without being stopped: restarting it/);
    await panel.signIn();
  });

  await t.test('an update whose release cannot start rolls back to the running version', async (t) => {
    const next = semver.inc(checkoutVersion, 'patch')!;
    const release = await releaseWithServer(t, next, "console.error('this release cannot start');\nprocess.exit(3);\n");
    const server = await startReleaseServer(t);
    server.files.set(`/baihu-${next}.tgz`, { body: readFileSync(release.tarball) });
    server.feed([
      { version: next, date: '2026-08-01', changelog: 'broken', url: `baihu-${next}.tgz`, sha256: release.sha256 },
    ]);
    const feedUrl = `${server.url}/feed.json`;
    assert.equal(
      (await panel.api('PUT', 'system/config/update', { updateEnabled: true, updateFeedUrl: feedUrl })).code,
      200,
    );
    const check = await panel.api<UpdateCheck>('PUT', 'system/update-check');
    assert.equal(check.data.lastVersion, next, JSON.stringify(check));
    assert.equal(check.data.canDownload, true, JSON.stringify(check.data));
    assert.equal((await panel.api<UpdateJob>('PUT', 'system/update')).code, 200);
    const staged = await waitFor(
      async () => {
        const status = (await panel.api<UpdateStatus>('GET', 'system/update/status')).data;
        return status.job && status.job.state !== 'running' ? status : undefined;
      },
      120_000,
      'the download',
    );
    assert.equal(staged.staged, next, JSON.stringify(staged));

    const asked = Date.now();
    assert.equal((await panel.api('PUT', 'system/reload', { type: 'system' })).code, 200);
    await waitFor(
      async () => {
        const health = await panel.health();
        return health && health.version === checkoutVersion && health.uptime * 1000 <= Date.now() - asked + 1000;
      },
      120_000,
      'the image version to answer again',
    );
    await panel.signIn();
    const status = await waitFor(
      async () => {
        const found = (await panel.api<UpdateStatus>('GET', 'system/update/status')).data;
        return found.lastAttempt ? found : undefined;
      },
      30_000,
      'the failed attempt to be reported',
    );
    assert.equal(status.currentVersion, checkoutVersion);
    assert.equal(status.runningFrom, 'image');
    assert.deepEqual(
      [status.lastAttempt?.version, status.lastAttempt?.outcome, status.lastAttempt?.exitCode],
      [next, 'exited', 3],
    );
    assert.match(first.output(), /this release cannot start/);
  });

  assert.equal(await first.stop(), 0, first.output());

  await t.test('a new container on the same data dir keeps every task, variable, log and setting', async (t) => {
    const second = await startContainer(t, image, dataDir);
    await second.panel.signIn();
    const envs = (await second.panel.api<Env[]>('GET', 'envs')).data;
    assert.equal(envs.find((env) => env.name === 'KEEP_ME')?.value, 'across containers');
    const crons = (await second.panel.api<{ data: Cron[] }>('GET', 'crons')).data.data;
    assert.deepEqual(crons.map((cron) => cron.name).sort(), ['detach', 'echo "a log to keep"']);
    assert.match(String((await second.panel.api('GET', `crons/${kept.cron.id}/log`)).data), /^a log to keep$/m);
    const config = (await second.panel.api<{ cronConcurrency: number }>('GET', 'system/config/effective')).data;
    assert.equal(config.cronConcurrency, 3);
    assert.equal(
      (await second.panel.api<{ updateFeedUrl: string }>('GET', 'system/config/update')).data.updateFeedUrl.endsWith(
        '/feed.json',
      ),
      true,
    );
    assert.equal(await second.stop(), 0, second.output());
  });

  await t.test('with PUID/PGID the daemon and task run as that user, and the data files are theirs', async (t) => {
    // Copied into ./data while no container runs, as root on the host: the entrypoint hands it over too.
    writeFileSync(
      path.join(dataDir, 'scripts', 'whoami.sh'),
      'echo "ids $(id -u):$(id -g)"\nmkdir -p "$HOME/.npm" && echo "home $HOME writable"\n',
    );
    const third = await startContainer(t, image, dataDir, { PUID: '1000', PGID: '1001' });
    await third.panel.signIn();
    const ran = await runTaskOver(third.panel, 'task whoami.sh');
    assert.match(ran.log, /^ids 1000:1001$/m, ran.log);
    assert.match(ran.log, /^home \/tmp writable$/m, ran.log);
    // `task` typed as root in the container (docker exec) runs as the data dir's owner too.
    const typed = await third.exec(['task', 'whoami.sh']);
    assert.match(typed.stdout, /^ids 1000:1001$/m, typed.stdout + typed.stderr);
    const foreign = walk(dataDir).filter((file) => {
      const { uid, gid } = lstatSync(file);
      return uid !== 1000 || gid !== 1001;
    });
    assert.deepEqual(foreign, [], 'every file and folder of the data dir is theirs');
    assert.equal(await third.stop(), 0, third.output());
  });
});
