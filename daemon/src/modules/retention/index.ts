import { typed, type Area, type SharedParts } from '../../app/shared.ts';
import { RetentionRepository } from './repository.ts';
import { retentionRoutes } from './routes.ts';
import { RetentionService, retentionQueue } from './service.ts';

export { armRetention } from './service.ts';

export type { RetentionService };
export { cleanLogs, type LogCleanupReport } from './log-cleanup.ts';
export { runSweeps, summaryOf, sweeps, type Sweep, type SweepContext, type SweepReport } from './sweeps.ts';
export { policyOfFrequency, type RetentionPolicy } from './policy.ts';
export { RetentionRepository };

/**
 * Retention: deleting what is old (run logs, run history), as one job of the kernel on its own
 * schedule, and `ql rmlog` through the same policy and the same cleaner.
 */
export function createRetention(
  deps: Pick<SharedParts, 'paths' | 'jobs' | 'settings' | 'timetable' | 'clock' | 'log' | 'db' | 'database'>,
): Area<RetentionService> {
  const service = new RetentionService({ ...deps, repository: new RetentionRepository(deps.db) });
  deps.jobs.defineQueue(retentionQueue, () => 1);
  deps.timetable.onDue('retention', () => {
    service
      .due()
      .catch((error: unknown) => deps.log.error({ reason: (error as Error).message }, 'log deletion failed'));
  });
  return {
    service,
    routes: async (app) => {
      await retentionRoutes(typed(app), { retention: service });
    },
    start: async () => {
      service.arm();
      // Catches up at start-up: a run that fell due while the daemon was down happens now.
      await service.due(true);
    },
  };
}
