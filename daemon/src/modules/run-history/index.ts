import { RunTrigger } from '../../contract/enums.ts';
import { typed, type Area, type SharedParts } from '../../shared.ts';
import { runHistoryRoutes } from './routes.ts';
import { RunHistoryService, runHistoryQueue } from './service.ts';

export type { RunHistoryService };

/** A pass every 6 hours, and one 10 minutes after start-up (a daemon restarted often still gets its passes). */
const everyMs = 6 * 3_600_000;
const afterStartMs = 10 * 60_000;

/**
 * Run-history retention (jobs/run-retention.ts) as a job of the kernel on its own timer. When the retention job of
 * branch system-backup (log deletion, `modules/retention`) lands, this becomes one of its sweeps: see README.md.
 */
export function createRunHistory(
  deps: Pick<SharedParts, 'jobs' | 'settings' | 'paths' | 'database' | 'clock' | 'timetable' | 'log'>,
): Area<RunHistoryService> {
  const service = new RunHistoryService(deps);
  deps.jobs.defineQueue(runHistoryQueue, () => 1);
  const due = () =>
    void service
      .run(RunTrigger.schedule)
      .catch((error: unknown) => deps.log.error({ reason: (error as Error).message }, 'run-history retention failed'));
  deps.timetable.onDue('retention', due);
  let cancelFirst: (() => void) | null = null;
  return {
    service,
    routes: async (app) => {
      await runHistoryRoutes(typed(app), { history: service });
    },
    start: async () => {
      deps.timetable.armEvery('retention', 0, everyMs);
      cancelFirst = deps.clock.setTimer(deps.clock.now() + afterStartMs, due);
    },
    close: async () => {
      cancelFirst?.();
      deps.timetable.disarm('retention', 0);
    },
  };
}
