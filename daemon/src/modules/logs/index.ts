import { typed, type Area, type SharedParts } from '../../app/shared.ts';
import { logRoutes } from './routes.ts';
import type { CronService } from '../tasks/index.ts';
import { LogService } from './service.ts';

export type { LogService };

/**
 * data/log: the tree (folders named after their task, each log with how its run ended), the end of a log, a search
 * across logs, downloads and deletes (refused while a job writes the log).
 */
export function createLogs(
  deps: Pick<SharedParts, 'paths' | 'jobs' | 'timezone'> & { crons: Pick<CronService, 'logFolderNames'> },
): Area<LogService> {
  const service = new LogService(
    deps.paths,
    async () => deps.jobs.activeLogs(),
    {
      folderNames: () => deps.crons.logFolderNames(),
      runsOfLogs: (paths) => deps.jobs.runs.byLogPaths(paths),
    },
    deps.timezone,
  );
  return {
    service,
    routes: async (app) => {
      await logRoutes(typed(app), { logs: service });
    },
  };
}
