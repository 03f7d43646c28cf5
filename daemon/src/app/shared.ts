/**
 * The parts every area may be handed, built once in app.ts, and the shape of an area. An area declares which of
 * these it needs (its factory's deps) and never receives the whole set.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { SessionStore } from '../auth/sessions.ts';
import type { Clock } from '../time/clock.ts';
import type { Config } from '../config/config.ts';
import type { DatabaseHandle } from '../db/port.ts';
import type { Database } from '../db/schema.ts';
import type { Phrases } from '../db/phrases.ts';
import type { JobRunner } from '../jobs/runner.ts';
import type { LiveHub } from '../live/hub.ts';
import type { Notifier } from '../notifications/notifier.ts';
import type { RunTokens } from '../notifications/run-tokens.ts';
import type { DataPaths } from '../config/paths.ts';
import type { TaskQueuePolicy } from '../scheduler/task-queue.ts';
import type { Timetable } from '../scheduler/timetable.ts';
import type { SettingsStore } from '../settings/store.ts';

export interface SharedParts {
  config: Config;
  paths: DataPaths;
  clock: Clock;
  db: Kysely<Database>;
  /** The SQL phrases of the database's engine, for the repositories' queries. */
  phrases: Phrases;
  /** The connection itself, for what only the database layer can do (its change counter). */
  database: DatabaseHandle;
  log: FastifyBaseLogger;
  settings: SettingsStore;
  /**
   * The panel's time zone (the `timezone` setting), read when needed: every time the daemon writes for people — log
   * names and headers, backup names, notifications, the system log's days — is in it (wall-clock.ts).
   */
  timezone: () => string;
  live: LiveHub;
  /** The job kernel: every process the daemon starts goes through it. */
  jobs: JobRunner;
  /** Task and subscription timers, heartbeat, catch-up. */
  timetable: Timetable;
  /** The task run queue's policy (concurrency, overlap). */
  taskQueue: TaskQueuePolicy;
  notifier: Notifier;
  sessions: SessionStore;
  runTokens: RunTokens;
}

/**
 * One area of the panel (tasks, variables, scripts …), made by `create<Area>(deps)` in modules/<area>/index.ts.
 * `routes` registers the area's routes and nothing else (no services made, no resolvers, no decorations), so it can
 * be registered more than once (the open API mounts the same routes under /open). Other areas use it only through
 * `service`.
 */
export interface Area<S> {
  service: S;
  routes: FastifyPluginAsync;
  /** At start-up, after the job kernel recovered from a crash. */
  start?(): Promise<void>;
  /** At shutdown, before the job kernel stops what still runs. */
  close?(): Promise<void>;
}

/**
 * The area's plugin instance with the schemas' types. An area's `routes` calls its route files on it directly: the
 * area is one encapsulation context, not one per file (each costs memory, and the routes share nothing to isolate).
 */
export const typed = (app: FastifyInstance) => app.withTypeProvider<TypeBoxTypeProvider>();
