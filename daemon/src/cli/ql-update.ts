/**
 * `ql update [false]` and `ql reload` (docs/update.md, docs/cli.md): the panel's update flow from a shell, which works
 * also when the daemon does not start — the repair steps of a failed update send the user here.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config/config.ts';
import type { DatabaseHandle } from '../db/port.ts';
import { dataDirLockFree, lockHolder } from '../db/lock.ts';
import { ConfigShReader } from '../jobs/executor/config-sh.ts';
import { inheritedEnvironment } from '../jobs/executor/environment.ts';
import {
  checkForUpdate,
  imageVersionOf,
  runtimeOf,
  stageRelease,
  stagedVersion,
  takeRollbackCopy,
  UpdateLayout,
  type UpdateHost,
} from '../modules/update/index.ts';
import { dataPaths } from '../config/paths.ts';
import { SettingsStore } from '../settings/store.ts';
import { askDaemonToRestart } from '../app/restart.ts';
import { version } from '../install/version.ts';

export class QlUpdateError extends Error {}

const blockedText = {
  disabled: 'downloading updates is turned off (System Settings → Check for Updates)',
  managedImage: 'this container is updated with its image (BAIHU_SELF_UPDATE=false): pull the newer image',
  noSupervisor: 'the daemon is not run by the container entrypoint',
  incompatible: 'this version needs a newer container image',
};

/**
 * The version the daemon runs (or will, at its next start): `ql` itself is always the image's, so the running one is
 * the staged version the entrypoint starts when it passed its trial, else the image's.
 */
function runningVersion(layout: UpdateLayout, imageVersion: string): { version: string; staged: boolean } {
  const { active } = layout.state();
  if (active && layout.isReady(active) && existsSync(path.join(layout.versionDir(active), '.good'))) {
    return { version: active, staged: true };
  }
  return { version: imageVersion, staged: false };
}

/** The updater's view of this installation, with the settings read from the database. */
async function hostOf(config: Config, database: DatabaseHandle): Promise<UpdateHost & { staged: boolean }> {
  const settings = await SettingsStore.load(database.db, { systemTimezone: 'UTC' });
  const paths = dataPaths(config.dataDir);
  const configSh = new ConfigShReader(path.join(paths.config, 'config.sh'), inheritedEnvironment(process.env));
  const holder = lockHolder(config.dataDir);
  const layout = new UpdateLayout(config.dataDir);
  const imageVersion = imageVersionOf(config.appDir, version);
  const running = runningVersion(layout, imageVersion);
  return {
    version: running.version,
    staged: running.staged,
    imageVersion,
    layout,
    runtime: runtimeOf(config.appDir),
    // A daemon that runs says whether the entrypoint runs it; with none running, the next start is the container's.
    supervised: holder?.supervised ?? true,
    managedImage: !config.selfUpdate,
    enabled: () => settings.get('updateEnabled'),
    feedUrl: () => settings.get('updateFeedUrl') || config.releaseFeed,
    builtInFeed: config.releaseFeed,
    proxy: async () => (await configSh.values(['ProxyUrl'])).ProxyUrl?.trim() || null,
    warn: (text) => console.error(`warning: ${text}`),
  };
}

/** `ql update [false]`: check, download, verify and stage; then (unless `false`) restart into it. */
export async function qlUpdate(config: Config, database: DatabaseHandle, args: string[]): Promise<void> {
  const restartAfter = args[0] !== 'false';
  const host = await hostOf(config, database);
  console.log(`Running version ${host.version} (the image has ${host.imageVersion}).`);
  const { check, release } = await checkForUpdate(host, AbortSignal.timeout(60_000)).catch((error: Error) => {
    throw new QlUpdateError(`cannot read the release feed: ${error.message}`);
  });
  if (!check.hasNewVersion || !release) {
    console.log(`Baihu ${host.version} is the latest version.`);
    return;
  }
  console.log(`Version ${release.version}${release.date ? ` (${release.date})` : ''} is available:\n`);
  console.log(`${check.lastLog}\n`);
  if (check.blocked && check.blocked !== 'noSupervisor') {
    throw new QlUpdateError(`${blockedText[check.blocked]}${check.needs.length ? `: ${check.needs.join('; ')}` : ''}`);
  }
  await stageRelease(release, {
    layout: host.layout,
    runtime: host.runtime,
    proxy: await host.proxy(),
    running: { version: host.version, staged: host.staged },
    signal: AbortSignal.timeout(60 * 60_000),
    line: (text) => console.log(text),
  }).catch((error: Error) => {
    console.error(error.message);
    throw new QlUpdateError('Update failed, please check network and logs or try again later');
  });
  if (restartAfter) await qlReload(config, database);
  else console.log(`Version ${release.version} starts with the next restart (ql reload).`);
}

/**
 * `ql reload`: restarts the daemon through its entrypoint (restart.ts's signal: the daemon stops its runs and exits with code 0,
 * the entrypoint starts it again — a downloaded version on trial). Without a daemon running, the next start picks
 * the downloaded version, and the database copy for its trial is taken here.
 */
export async function qlReload(config: Config, database: DatabaseHandle): Promise<void> {
  const layout = new UpdateLayout(config.dataDir);
  const host = await hostOf(config, database);
  const next = stagedVersion(host);
  if (dataDirLockFree(config.dataDir)) {
    if (next) {
      await takeRollbackCopy(database, layout, {
        from: host.version,
        to: next,
        at: Date.now(),
      });
      console.log(`No daemon runs on ${config.dataDir}: its next start runs version ${next} (on trial).`);
    } else {
      console.log(`No daemon runs on ${config.dataDir}: nothing to restart.`);
    }
    return;
  }
  if (lockHolder(config.dataDir)?.supervised === false) {
    throw new QlUpdateError(
      'the daemon is not run by the container entrypoint, so it would stop, not restart: restart it yourself',
    );
  }
  const asked = askDaemonToRestart(config.dataDir);
  if (!asked.asked) throw new QlUpdateError(`cannot ask the daemon to restart: ${asked.reason}`);
  console.log(`Asked the daemon (pid ${asked.pid}) to restart${next ? ` into version ${next}` : ''}.`);
}
