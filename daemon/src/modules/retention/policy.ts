/**
 * What the retention job deletes, as one object: the job (job.ts) and `ql rmlog` carry it out, nothing else deletes
 * old run logs. Today it says how old a run log may get (Qinglong's log-remove-frequency: every x days, logs older
 * than x days); issue #15 adds how much run history is kept (by age and by count), as further fields here.
 */
export interface RetentionPolicy {
  /** `*.log` files under data/log older than this many days go (by the date in the name, else mtime); null = kept. */
  logsOlderThanDays: number | null;
}

/** The policy of the log-remove-frequency setting (0 = off). */
export function policyOfFrequency(days: number): RetentionPolicy {
  return { logsOlderThanDays: days > 0 ? days : null };
}

/** Whether the policy deletes anything at all (an empty policy schedules no job). */
export const deletesAnything = (policy: RetentionPolicy) => policy.logsOlderThanDays !== null;
