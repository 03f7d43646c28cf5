import { readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { RunningFrom } from '../../contract/about.ts';
import { databaseFileName, migrationNames } from '../../db/open.ts';
import { fromRoot } from '../../install/root.ts';
import { typed, type Area, type SharedParts } from '../../app/shared.ts';
import type { UpdateHost } from './checker.ts';
import { runtimeOf } from './compat.ts';
import { UpdateLayout } from './layout.ts';
import { restoreAfterFailedUpdate, type RestoreOutcome } from './rollback.ts';
import { updateRoutes } from './routes.ts';
import { UpdateService } from './service.ts';
import { UpdateSettingsService } from './settings.ts';

export type { UpdateService, UpdateHost };
export { UpdateLayout };
// What `ql update` and `ql reload` use (cli/ql-update.ts).
export { checkForUpdate, stagedVersion } from './checker.ts';
export { runtimeOf } from './compat.ts';
export { stageRelease } from './stager.ts';
export { takeRollbackCopy } from './rollback.ts';

export type UpdateDeps = Pick<
  SharedParts,
  'config' | 'paths' | 'jobs' | 'live' | 'settings' | 'log' | 'database' | 'clock'
> & {
  version: string;
  /** Ends the daemon for the entrypoint to start it again (server.ts); without it a restart is only logged. */
  restart: (() => void) | undefined;
};

/** The image's own version: package.json of BAIHU_APP_DIR (the running version when it is the image's). */
export function imageVersionOf(appDir: string, running: string): string {
  try {
    return (
      (JSON.parse(readFileSync(path.join(appDir, 'package.json'), 'utf8')) as { version?: string }).version ?? running
    );
  } catch {
    return running;
  }
}

/** Where the running code comes from: a version staged under data/update, the image, or a checkout of the sources. */
export function runningFromOf(dataDir: string, supervised: boolean): RunningFrom {
  const versions = new UpdateLayout(dataDir).versionsDir;
  const real = (file: string) => {
    try {
      return realpathSync(file);
    } catch {
      return file;
    }
  };
  if (real(fromRoot()).startsWith(real(versions) + path.sep)) return 'staged';
  return supervised ? 'image' : 'checkout';
}

/**
 * Before the database is opened: after a new version failed its first start, the version that came back puts back
 * the database copy it took, when the failed version had migrated the database (docs/update.md).
 */
export function recoverFromFailedUpdate(dbDir: string, dataDir: string, version: string): Promise<RestoreOutcome> {
  return restoreAfterFailedUpdate(
    path.join(dbDir, databaseFileName),
    new UpdateLayout(dataDir),
    version,
    migrationNames(),
  );
}

/** Tells, once the logger exists, that the database was put back after a failed update (recoverFromFailedUpdate). */
export function logRecovery(log: FastifyBaseLogger, restored: RestoreOutcome): void {
  if (!restored.restored) return;
  log.warn(
    { setAside: restored.setAside, migrations: restored.unknown },
    'the update did not start: the database as this version left it is back in place',
  );
}

/** Checking for updates, the download job, the restart into a new version (docs/update.md). */
export function createUpdate(deps: UpdateDeps): Area<UpdateService> {
  const { config, settings, jobs, log } = deps;
  const settingsService = new UpdateSettingsService(settings);
  const imageVersion = imageVersionOf(config.appDir, deps.version);
  const runningFrom = runningFromOf(deps.paths.root, config.supervised);
  const host: UpdateHost = {
    version: deps.version,
    imageVersion,
    layout: new UpdateLayout(deps.paths.root),
    runtime: runtimeOf(config.appDir),
    supervised: config.supervised,
    managedImage: !config.selfUpdate,
    enabled: () => settings.get('updateEnabled'),
    feedUrl: () => settings.get('updateFeedUrl') || config.releaseFeed,
    builtInFeed: config.releaseFeed,
    proxy: async () => (await jobs.executor.configValues(['ProxyUrl'])).ProxyUrl?.trim() || null,
    warn: (text) => log.warn(text),
  };
  const service = new UpdateService({
    host,
    runningFrom,
    jobs,
    live: deps.live,
    database: deps.database,
    log,
    restart: deps.restart ?? (() => log.warn('a restart was asked for, but nothing can restart this daemon')),
    now: () => deps.clock.now(),
  });
  return {
    service,
    routes: async (app) => {
      await updateRoutes(typed(app), { updates: service, settings: settingsService });
    },
  };
}
