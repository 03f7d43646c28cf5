import type { RunTrigger } from '../../contract/enums.ts';
import type { CronRow } from '../../db/schema.ts';

/**
 * What the crons routes need from the scheduling side. Implemented by CronEngine (engine.ts): it owns the timers,
 * the concurrency queue, the overlap policies, run rows and live logs.
 */
export interface CronEngineApi {
  /** After a task is created, updated, enabled or disabled: re-arm (or disarm) its timers from the saved row. */
  sync(cron: CronRow): void;
  /** Before a task is deleted: disarm its timers, drop queued runs and stop running ones. */
  forget(cronId: number): Promise<void>;
  /** Start runs by hand (PUT /api/crons/run). Follows each task's overlap policy and the concurrency limit. */
  run(cronIds: number[], trigger?: RunTrigger): Promise<void>;
  /** Stop every running run and drop every queued run of these tasks. Returns how many runs were affected. */
  stop(cronIds: number[]): Promise<number>;
  /** Stop one run (instance). Returns false when it is not running or queued. */
  stopRun(cronId: number, runId: number): Promise<boolean>;
  /** Next fire time (ms) over the main and extra schedules, in the scheduler's timezone; null when none. */
  nextRunTime(cron: CronRow): number | null;
  /** The IANA timezone schedules are read in. */
  timezone(): string;
  /** After the timezone or the concurrency setting changed: re-arm every timer, start what the new limit allows. */
  settingsChanged(): void;
}
