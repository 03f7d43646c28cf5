import { typed, type Area, type SharedParts } from '../../shared.ts';
import { logRoutes } from './routes.ts';
import { LogService } from './service.ts';

export type { LogService };

/** data/log: the tree, the end of a log, downloads and deletes (refused while a job writes the log). */
export function createLogs(deps: Pick<SharedParts, 'paths' | 'jobs'>): Area<LogService> {
  const service = new LogService(deps.paths, async () => deps.jobs.activeLogs());
  return {
    service,
    routes: async (app) => {
      await logRoutes(typed(app), { logs: service });
    },
  };
}
