import { typed, type Area, type SharedParts } from '../../app/shared.ts';
import { depPathsOf } from './installers.ts';
import { DependencyInstalls } from './installs.ts';
import { LinuxSources } from './linux-sources.ts';
import { DependencyRepository } from './repository.ts';
import { dependencyRoutes } from './routes.ts';
import { DependencyService } from './service.ts';
import { dependencySettingsRoutes } from './settings-routes.ts';

export { runEnvironment } from './installers.ts';
/** The rules other areas check names and mirrors with (the Qinglong import). */
export { isValidPackageName, normalizePython, splitNames, typeNames } from './names.ts';
export { checkUrl } from './mirrors.ts';
export type { DependencyInstalls, DependencyService };

export type DependenciesDeps = Pick<
  SharedParts,
  'db' | 'phrases' | 'jobs' | 'live' | 'paths' | 'settings' | 'clock' | 'log'
> & {
  notifier: Pick<SharedParts['notifier'], 'notifyDependencyFailed'>;
  /** BAIHU_LINUX_PACKAGE_MANAGER, if set. */
  forcedLinuxManager: 'apk' | 'apt' | null;
};

/** The dependencies area: packages for scripts, installed and removed as jobs, one at a time. */
export function createDependencies(deps: DependenciesDeps): Area<DependencyService> & { installs: DependencyInstalls } {
  const repository = new DependencyRepository(deps.db, deps.phrases);
  const linux = new LinuxSources(deps.settings, deps.forcedLinuxManager);
  const installs = new DependencyInstalls({
    repository,
    jobs: deps.jobs,
    live: deps.live,
    paths: deps.paths,
    settings: deps.settings,
    clock: deps.clock,
    linux,
    onInstallFailed: (dependency) => deps.notifier.notifyDependencyFailed(dependency),
  });
  const service = new DependencyService(
    repository,
    installs,
    deps.jobs,
    depPathsOf(deps.paths),
    linux,
    deps.clock,
    deps.log,
  );
  return {
    service,
    installs,
    routes: async (app) => {
      await dependencyRoutes(typed(app), { dependencies: service });
      await dependencySettingsRoutes(typed(app), { settings: deps.settings });
    },
    // Interrupted jobs and packages missing after an image update are queued again, in the background.
    start: async () => {
      void service.recover().catch((error: unknown) => deps.log.error({ err: error }, 'dependency recovery'));
    },
  };
}
