/**
 * What the retention job deletes, as one object: the job (job.ts, through the sweeps in sweeps.ts) and `ql rmlog`
 * carry it out; nothing else deletes old run logs or run history. It says how old a run log may get (Qinglong's
 * log-remove-frequency: every x days, logs older than x days) and how much run history is kept (by age, and by
 * count per task). To add a kind of retention: a field here (null = keep everything), its setting in
 * settings/table.ts read in `RetentionService.policy()`, and a sweep in sweeps.ts.
 */
import { runHistoryPolicyOf, type RunHistoryPolicy } from '../../jobs/run-retention.ts';

export interface RetentionPolicy extends RunHistoryPolicy {
  /** `*.log` files under data/log older than this many days go (by the date in the name, else mtime); null = kept. */
  logsOlderThanDays: number | null;
}

/** The policy of the log-remove-frequency setting (0 = off) alone, run history kept (`ql rmlog <days>`). */
export function policyOfFrequency(days: number): RetentionPolicy {
  return { logsOlderThanDays: days > 0 ? days : null, runsOlderThanDays: null, runsPerThing: null };
}

/** The whole policy of the settings: log-remove-frequency, runHistoryDays and runHistoryPerTask (0 = off each). */
export function policyOfSettings(logDays: number, runDays: number, runsPerTask: number): RetentionPolicy {
  return { ...policyOfFrequency(logDays), ...runHistoryPolicyOf(runDays, runsPerTask) };
}
