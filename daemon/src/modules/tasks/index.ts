import { typed, type Area, type SharedParts } from '../../app/shared.ts';
import { CronRepository } from './repository.ts';
import { orderColumns } from './search.ts';
import { cronLocalRoutes } from './local-routes.ts';
import { cronRoutes } from './routes.ts';
import { noticeRunEnd } from './run-notices.ts';
import { TaskRuns } from './runs.ts';
import { CronService } from './service.ts';
import { CronViewRepository } from './views-repository.ts';
import { cronViewRoutes } from './views-routes.ts';
import { CronViewService } from './views-service.ts';

export type { CronService, CronViewService, TaskRuns };

/** The rules a task and a view are checked with (the Qinglong import checks its rows with them). */
export { cleanLabels, containsTaskCommand, isValidLogName, isValidWorkDir } from './validate.ts';
export { checkView } from './search-query.ts';

export type CronsDeps = Pick<
  SharedParts,
  'db' | 'phrases' | 'database' | 'paths' | 'clock' | 'live' | 'jobs' | 'timetable' | 'taskQueue' | 'notifier' | 'log'
>;

/**
 * The tasks area: tasks and their views. Tasks describe what runs; their runs are jobs, their timers the
 * timetable's, the queue's policy the scheduler's.
 */
export function createCrons(deps: CronsDeps): Area<CronService> & { runs: TaskRuns; views: CronViewService } {
  // The tasks that move in the list's orders, told by this connection's triggers (db/sqlite/row-moves.ts): a search's
  // order read whole stays usable after runs changed tasks.
  const fast = deps.database.accelerators;
  const repository = new CronRepository(deps.db, deps.phrases, {
    changeCounter: deps.database.changeCounter,
    textIndex: fast?.textIndex ?? null,
    moves: fast?.rowMoves('crons', orderColumns) ?? null,
  });
  const runs = new TaskRuns({
    crons: repository,
    jobs: deps.jobs,
    policy: deps.taskQueue,
    timetable: deps.timetable,
    live: deps.live,
    paths: deps.paths,
    clock: deps.clock,
    log: deps.log,
    onRunEnd: (end) => noticeRunEnd(deps.notifier, end),
  });
  const service = new CronService(repository, runs, deps.jobs.runs, deps.paths, deps.clock);
  const views = new CronViewService(new CronViewRepository(deps.db, deps.phrases), deps.clock);
  return {
    service,
    runs,
    views,
    routes: async (app) => {
      await cronRoutes(typed(app), { crons: service });
      await cronViewRoutes(typed(app), { views });
      await cronLocalRoutes(typed(app), { runs, jobs: deps.jobs, paths: deps.paths });
    },
    start: async () => {
      await runs.start();
    },
  };
}
