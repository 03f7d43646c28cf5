import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database } from './db/schema.ts';
import type { DataPaths } from './paths.ts';
import type { SessionStore } from './auth/sessions.ts';
import type { UserService } from './modules/user/service.ts';
import type { Notifier } from './notify/notifier.ts';
import type { RunTokens } from './notify/run-tokens.ts';
import type { CronEngineApi } from './modules/crons/engine-types.ts';
import type { LiveHub } from './live/hub.ts';
import type { SettingsStore } from './settings/store.ts';
import type { EnvService } from './modules/envs/service.ts';
import type { DependencyService } from './modules/dependencies/service.ts';
import type { DependencyQueue } from './modules/dependencies/install-queue.ts';
import type { DebugRuns } from './modules/scripts/debug.ts';
import type { TaskRunner } from './runner/types.ts';
import type { SubscriptionService } from './modules/subscriptions/service.ts';
import type { SubscriptionPuller } from './modules/subscriptions/pull.ts';

/** What route modules are handed: configuration, the database and the services. Built once in app.ts. */
export interface AppContext {
  config: Config;
  paths: DataPaths;
  clock: Clock;
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  version: string;
  startedAt: number;
  sessions: SessionStore;
  users: UserService;
  /** Panel notifications (fire-and-forget `send`, task notices via `notifyTaskRun`). */
  notifier: Notifier;
  /** Per-run tokens for script notifications: `runTokens.envFor(runId)` → BAIHU_NOTIFY_URL/TOKEN; `revoke(runId)`. */
  runTokens: RunTokens;
  settings: SettingsStore;
  live: LiveHub;
  cronEngine: CronEngineApi;
  /** Panel environment variables (what runs see: `envs.variables()`). */
  envs: EnvService;
  dependencies: DependencyService;
  /** The serial install queue (`idle()` waits until nothing runs or waits). */
  dependencyQueue: DependencyQueue;
  /** The one runner of processes (task runs, debug runs). */
  runner: TaskRunner;
  /** Debug runs of scripts (`start`, `stop`, `activeLogs`). */
  debugRuns: DebugRuns;
  subscriptions: SubscriptionService;
  /** Subscription pulls (`enqueue`, `stop`, `idle()` waits until none runs). */
  subscriptionPuller: SubscriptionPuller;
}
