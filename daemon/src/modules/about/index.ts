import type { RunningFrom } from '../../contract/about.ts';
import { typed, type Area, type SharedParts } from '../../app/shared.ts';
import type { BuildInfo } from '../../install/version.ts';
import { aboutRoutes } from './routes.ts';
import { AboutService, type ReleaseInfo } from './service.ts';

export type { AboutService, ReleaseInfo };

export type AboutDeps = Pick<SharedParts, 'paths' | 'jobs' | 'live' | 'clock' | 'config'> & {
  version: string;
  build: BuildInfo;
  imageVersion: string;
  runningFrom: RunningFrom;
  startedAt: number;
};

/** The About page: version and build, runtimes, the data folder's sizes, the shipped guides, the changelog. */
export function createAbout(deps: AboutDeps): Area<AboutService> {
  const service = new AboutService({
    version: deps.version,
    build: deps.build,
    imageVersion: deps.imageVersion,
    runningFrom: deps.runningFrom,
    dataDir: deps.paths.root,
    startedAt: deps.startedAt,
    projectUrl: deps.config.projectUrl,
    executor: deps.jobs.executor,
    live: deps.live,
    now: () => Date.now(),
  });
  return {
    service,
    routes: async (app) => {
      await aboutRoutes(typed(app), { about: service });
    },
  };
}
