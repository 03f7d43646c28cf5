import { typed, type Area, type SharedParts } from '../../app/shared.ts';
import { DashboardRepository } from './repository.ts';
import { dashboardRoutes } from './routes.ts';
import { DashboardService } from './service.ts';
import type { DataSizesReply } from '../../contract/about.ts';
import { sizesFrom } from './sizes.ts';

export type { DashboardService };

/**
 * The overview: counts of runs and failures by hour and by day, what runs now and next, the slowest and most-failing
 * tasks, and the sizes of the log and data folders (the About area's background measurement). It only reads.
 */
export function createDashboard(
  deps: Pick<SharedParts, 'db' | 'phrases' | 'paths' | 'clock' | 'timetable'> & {
    dataSizes: (options: { fresh: boolean }) => Promise<DataSizesReply>;
  },
): Area<DashboardService> {
  const sizes = sizesFrom(deps.dataSizes, deps.paths.root, deps.paths.log);
  const service = new DashboardService(
    new DashboardRepository(deps.db, deps.phrases),
    deps.timetable,
    sizes,
    deps.clock,
  );
  return {
    service,
    routes: async (app) => {
      await dashboardRoutes(typed(app), { dashboard: service });
    },
  };
}
