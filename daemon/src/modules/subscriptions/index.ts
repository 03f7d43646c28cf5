import { writtenLanguage } from '../../settings/language.ts';
import { RunTrigger } from '../../contract/enums.ts';
import { typed, type Area, type SharedParts } from '../../app/shared.ts';
import type { CronService } from '../tasks/index.ts';
import { SubscriptionPulls } from './pulls.ts';
import { SubscriptionRepository } from './repository.ts';
import { subscriptionLocalRoutes } from './local-routes.ts';
import { subscriptionRoutes } from './routes.ts';
import { SubscriptionService } from './service.ts';
import { TaskSync } from './task-sync.ts';
import { SubscriptionTimers } from './timers.ts';

export type { SubscriptionPulls, SubscriptionService };
/** The rules a subscription is checked with (the Qinglong import checks its rows with them). */
export { checkSubscription, mergeSubscription } from './validate.ts';

export type SubscriptionsDeps = Pick<
  SharedParts,
  'db' | 'phrases' | 'jobs' | 'live' | 'paths' | 'clock' | 'timetable' | 'settings' | 'timezone'
> & {
  notifier: Pick<SharedParts['notifier'], 'send'>;
  /** Tasks are created and removed through the tasks area. */
  crons: CronService;
};

/** The subscriptions area: repositories and files pulled as jobs, synced into scripts and tasks, on their timers. */
export function createSubscriptions(deps: SubscriptionsDeps): Area<SubscriptionService> & { pulls: SubscriptionPulls } {
  const repository = new SubscriptionRepository(deps.db, deps.phrases);
  const sync = new TaskSync({
    paths: deps.paths,
    crons: deps.crons,
    language: () => writtenLanguage(deps.settings),
    notify: (title, content) => deps.notifier.send(title, content),
  });
  const pulls = new SubscriptionPulls({
    repository,
    jobs: deps.jobs,
    live: deps.live,
    paths: deps.paths,
    clock: deps.clock,
    sync,
    configValues: (names) => deps.jobs.executor.configValues(names),
  });
  const timers = new SubscriptionTimers(deps.timetable);
  deps.timetable.onDue('subscription', (subId) => void pulls.enqueue(subId, RunTrigger.schedule));
  const service = new SubscriptionService({
    repository,
    puller: pulls,
    timers,
    crons: deps.crons,
    history: deps.jobs.runs,
    paths: deps.paths,
    clock: deps.clock,
    timezone: deps.timezone,
  });
  return {
    service,
    pulls,
    routes: async (app) => {
      await subscriptionRoutes(typed(app), { subscriptions: service });
      await subscriptionLocalRoutes(typed(app), { subscriptions: service });
    },
    // Rows a crash left running are idle again (the kernel closed their runs), timers are armed.
    start: () => service.start(),
  };
}
