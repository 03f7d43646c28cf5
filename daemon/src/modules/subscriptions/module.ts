import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import { RunEndKind, RunStatus, RunTrigger } from '../../contract/enums.ts';
import type { Language } from '../../contract/i18n.ts';
import type { EndInfo } from '../../contract/live.ts';
import type { Database } from '../../db/schema.ts';
import type { LiveHub } from '../../live/hub.ts';
import type { DataPaths } from '../../paths.ts';
import { ConfigShReader } from '../../runner/config-sh.ts';
import type { CronEngineApi } from '../crons/engine-types.ts';
import { SubscriptionPuller } from './pull.ts';
import { SubscriptionRepository } from './repository.ts';
import { SubscriptionService } from './service.ts';
import { SubscriptionTimers } from './timers.ts';

export interface SubscriptionModuleOptions {
  db: Kysely<Database>;
  hub: LiveHub;
  paths: DataPaths;
  clock: Clock;
  log: FastifyBaseLogger;
  engine: CronEngineApi;
  language: () => Language;
  notify: (title: string, content: string) => void;
  /** Cap of a hook's output in the pull log. */
  logLimitBytes?: () => number;
}

export interface SubscriptionModule {
  service: SubscriptionService;
  puller: SubscriptionPuller;
  timers: SubscriptionTimers;
  /** At start-up: recover rows and runs a crash left open, arm the timers. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** Builds the subscriptions area: puller, timers, service and the live-log resolver of `sub:<runId>` topics. */
export function createSubscriptions(o: SubscriptionModuleOptions): SubscriptionModule {
  const repository = new SubscriptionRepository(o.db);
  const puller = new SubscriptionPuller({
    db: o.db,
    repository,
    engine: o.engine,
    hub: o.hub,
    paths: o.paths,
    clock: o.clock,
    log: o.log,
    configSh: new ConfigShReader(path.join(o.paths.config, 'config.sh')),
    language: o.language,
    notify: o.notify,
    logLimitBytes: o.logLimitBytes,
  });
  const timers = new SubscriptionTimers(
    o.clock,
    () => o.engine.timezone(),
    (subId) => {
      void puller.enqueue(subId, RunTrigger.schedule);
    },
  );
  const service = new SubscriptionService({
    db: o.db,
    repository,
    puller,
    timers,
    engine: o.engine,
    paths: o.paths,
    clock: o.clock,
  });
  o.hub.addResolver('sub:', async (topic) => {
    const id = Number(topic.slice('sub:'.length));
    const run = Number.isInteger(id) ? await repository.findRun(id) : undefined;
    if (!run?.log_path) return null;
    const ended: EndInfo | null =
      run.finished_at === null
        ? null
        : { end: run.end ?? RunEndKind.failed, exitCode: null, durationMs: run.duration_ms };
    return { file: path.join(o.paths.log, run.log_path), ended };
  });
  return {
    service,
    puller,
    timers,
    async start() {
      await repository.closeOpenRuns(RunStatus.interrupted, RunEndKind.interrupted, o.clock.now());
      await service.start();
    },
    async close() {
      timers.close();
      await puller.close();
    },
  };
}
