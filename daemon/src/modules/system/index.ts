import { typed, type Area, type SharedParts } from '../../app/shared.ts';
import type { ReleaseInfo } from '../about/index.ts';
import type { UserService } from '../user/index.ts';
import { commandRoutes } from './command-routes.ts';
import { CommandRuns } from './commands.ts';
import { systemConfigRoutes } from './config-routes.ts';
import { systemRoutes } from './routes.ts';
import { SystemService } from './service.ts';

export type { SystemService };
export { maxConcurrency } from './service.ts';

export type SystemDeps = Pick<SharedParts, 'settings' | 'timetable' | 'taskQueue' | 'jobs' | 'live'> & {
  users: Pick<UserService, 'isInitialized'>;
  version: string;
  startedAt: number;
  /** Whether the start work is done (app/start.ts). */
  ready: () => boolean;
  /** Qinglong's release fields of `GET /api/system` (the about area's). */
  release: () => Promise<ReleaseInfo>;
};

/** Version, health, the system settings (task concurrency, time zone, log language), and commands run by callers. */
export function createSystem(deps: SystemDeps): Area<SystemService> {
  const service = new SystemService(deps);
  const commands = new CommandRuns(deps.jobs, deps.live);
  return {
    service,
    routes: async (app) => {
      await systemRoutes(typed(app), { system: service });
      await systemConfigRoutes(typed(app), { system: service });
      await commandRoutes(typed(app), { commands });
    },
  };
}
