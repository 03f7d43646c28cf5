import { typed, type Area, type SharedParts } from '../../shared.ts';
import { DashboardRepository } from './repository.ts';
import { dashboardRoutes } from './routes.ts';
import { DashboardService } from './service.ts';
import { FolderSizes } from './sizes.ts';

export type { DashboardService };

/**
 * The overview: counts of runs and failures by hour and by day, what runs now and next, the slowest and most-failing
 * tasks, and the sizes of the log and data folders (measured in the background). It only reads.
 */
export function createDashboard(
  deps: Pick<SharedParts, 'db' | 'paths' | 'clock' | 'timetable'>,
): Area<DashboardService> {
  const sizes = new FolderSizes(deps.paths, deps.clock);
  const service = new DashboardService(new DashboardRepository(deps.db), deps.timetable, sizes, deps.clock);
  return {
    service,
    routes: async (app) => {
      await dashboardRoutes(typed(app), { dashboard: service });
    },
    start: async () => {
      void sizes.measure();
    },
    close: () => sizes.close(),
  };
}
