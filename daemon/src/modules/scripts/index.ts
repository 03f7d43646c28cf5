import { typed, type Area, type SharedParts } from '../../app/shared.ts';
import { DebugRuns } from './debug.ts';
import { scriptRoutes } from './routes.ts';
import { ScriptService } from './service.ts';

export type { ScriptService };

/** data/scripts: the tree, the editor's reads and saves, and debug runs (jobs). */
export function createScripts(deps: Pick<SharedParts, 'paths' | 'clock' | 'jobs' | 'timezone'>): Area<ScriptService> {
  const service = new ScriptService(deps.paths, deps.clock, deps.timezone);
  const debug = new DebugRuns(deps.jobs, deps.paths);
  return {
    service,
    routes: async (app) => {
      await scriptRoutes(typed(app), { scripts: service, debug });
    },
  };
}
