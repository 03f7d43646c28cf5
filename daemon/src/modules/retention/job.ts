/**
 * The retention job: carries out the policy (policy.ts) and writes what it removed into its own log, one line per
 * file and a summary (files, bytes, empty folders, old logs kept because a run uses them); the summary is also kept
 * on the run row (`detail`) for the settings page.
 */
import { RunEnd } from '../../contract/enums.ts';
import type { JobControl, StepsEnd } from '../../jobs/types.ts';
import { cleanLogs, type LogCleanupReport } from './log-cleanup.ts';
import type { RetentionPolicy } from './policy.ts';

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

export interface RetentionJobDeps {
  logRoot: string;
  policy: RetentionPolicy;
  /** Logs in use when the job starts (relative to data/log). */
  inUse: () => Promise<Set<string>>;
  now: () => number;
}

/** The lines a report makes (the job's and `ql rmlog`'s). */
export function summaryOf(report: LogCleanupReport): string {
  return (
    `Removed ${report.files} log files (${mb(report.bytes)}) and ${report.folders} empty folders; ` +
    `kept ${report.inUse} old logs that runs use.` +
    (report.failed ? ` ${report.failed} could not be removed: ${report.errors.join('; ')}` : '')
  );
}

export function retentionSteps(deps: RetentionJobDeps) {
  return async (job: JobControl): Promise<StepsEnd> => {
    const days = deps.policy.logsOlderThanDays;
    const now = deps.now();
    if (days === null) {
      job.line('Log deletion is off; nothing to do.');
      return { end: RunEnd.success, exitCode: 0 };
    }
    job.line(`Removing run logs older than ${days} days (before ${new Date(now - days * 86_400_000).toISOString()})`);
    const report = await cleanLogs({
      logRoot: deps.logRoot,
      policy: deps.policy,
      inUse: await deps.inUse(),
      now,
      signal: job.signal,
      onDeleted: (relative, bytes) => job.line(`  removed ${relative} (${bytes} bytes)`),
    });
    job.line(summaryOf(report));
    return {
      end: report.failed ? RunEnd.failed : RunEnd.success,
      exitCode: report.failed ? 1 : 0,
      detail: { files: report.files, bytes: report.bytes, folders: report.folders, inUse: report.inUse },
    };
  };
}
