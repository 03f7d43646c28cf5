/**
 * What the retention job deletes, as one object: the job (job.ts, through the sweeps in sweeps.ts) and `ql rmlog`
 * carry it out; nothing else deletes old run logs. Today it says how old a run log may get (Qinglong's
 * log-remove-frequency: every x days, logs older than x days). To add a kind of retention (issue #15: run history by
 * age and by count per task): a field here (null = keep everything), its setting in settings/table.ts read in
 * `RetentionService.policy()`, and a sweep in sweeps.ts.
 */
export interface RetentionPolicy {
  /** `*.log` files under data/log older than this many days go (by the date in the name, else mtime); null = kept. */
  logsOlderThanDays: number | null;
}

/** The policy of the log-remove-frequency setting (0 = off). */
export function policyOfFrequency(days: number): RetentionPolicy {
  return { logsOlderThanDays: days > 0 ? days : null };
}
