/**
 * What one retention run does, as a list of sweeps: each carries out one part of the policy (policy.ts) and reports
 * what it removed. The job (job.ts) runs every sweep whose part of the policy is set, in order, into one log and one
 * run row: old run logs (spec §9), then run history by age and by count per task with the database's freed pages
 * given back to the disk in small steps.
 */
import type { SqliteAccelerators } from '../../db/port.ts';
import { pruneRunHistory } from '../../jobs/run-retention.ts';
import type { JobRunsRepository } from '../../jobs/runs-repository.ts';
import { dateTimeText } from '../../time/wall-clock.ts';
import { cleanLogs, type LogCleanupReport } from './log-cleanup.ts';
import type { RetentionPolicy } from './policy.ts';

/** What a sweep is handed by the job (or by `ql rmlog`). */
export interface SweepContext {
  policy: RetentionPolicy;
  now: number;
  /** The panel's time zone: log names are stamped in it, and the lines say times in it. */
  zone: string;
  logRoot: string;
  /** Logs in use (relative to data/log): runs that have not ended, logs being written, each task's latest log. */
  inUse: () => Promise<Set<string>>;
  /** A line in the run's log. */
  line: (text: string) => void;
  signal?: AbortSignal;
}

export interface SweepReport {
  /** Counts kept on the run row (`detail`), merged over the sweeps; keys are the sweep's own. */
  detail: Record<string, number>;
  /** The line that sums it up. */
  summary: string;
  /** How many things could not be removed (the run then ends as failed). */
  failed: number;
}

export interface Sweep {
  name: string;
  /** Whether the policy asks this sweep for anything (a sweep with nothing to do is not run). */
  applies: (policy: RetentionPolicy) => boolean;
  run: (ctx: SweepContext) => Promise<SweepReport>;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

/** The summary line of a log sweep (the job's log and `ql rmlog` print it). */
export function summaryOf(report: LogCleanupReport): string {
  return (
    `Removed ${report.files} log files (${mb(report.bytes)}) and ${report.folders} empty folders; ` +
    `kept ${report.inUse} old logs that runs use.` +
    (report.failed ? ` ${report.failed} could not be removed: ${report.errors.join('; ')}` : '')
  );
}

/** Run logs older than the policy's days (log-cleanup.ts). */
export const logSweep: Sweep = {
  name: 'logs',
  applies: (policy) => policy.logsOlderThanDays !== null,
  run: async (ctx) => {
    const days = ctx.policy.logsOlderThanDays!;
    ctx.line(
      `Removing run logs older than ${days} days (before ${dateTimeText(ctx.now - days * 86_400_000, ctx.zone)})`,
    );
    const report = await cleanLogs({
      logRoot: ctx.logRoot,
      policy: ctx.policy,
      inUse: await ctx.inUse(),
      now: ctx.now,
      zone: ctx.zone,
      ...(ctx.signal ? { signal: ctx.signal } : {}),
      onDeleted: (relative, bytes) => ctx.line(`  removed ${relative} (${bytes} bytes)`),
    });
    return {
      detail: { files: report.files, bytes: report.bytes, folders: report.folders, inUse: report.inUse },
      summary: summaryOf(report),
      failed: report.failed,
    };
  },
};

/** Run history by age and by count per thing (jobs/run-retention.ts), then the freed pages back to the disk. */
export function runHistorySweep(deps: {
  runs: JobRunsRepository;
  /** SQLite's WAL and free pages (null on another engine: the runs go, the space stays with the engine). */
  accelerators: SqliteAccelerators | null;
  /** Commits the writes the turn holds (DatabaseHandle.flush): the worker's checkpoint must see every batch. */
  commit: () => void;
  activeLogs: () => Iterable<string>;
}): Sweep {
  return {
    name: 'runs',
    applies: (policy) => policy.runsOlderThanDays !== null || policy.runsPerThing !== null,
    run: async (ctx) => {
      const { runsOlderThanDays: days, runsPerThing: perThing } = ctx.policy;
      const fast = deps.accelerators;
      ctx.line(
        `Removing runs that ended more than ${days ?? '∞'} days ago and beyond the newest ${perThing ?? '∞'} of ` +
          'each task, with their logs',
      );
      const report = await pruneRunHistory({
        runs: deps.runs,
        logRoot: ctx.logRoot,
        policy: ctx.policy,
        now: ctx.now,
        inUse: () => new Set(deps.activeLogs()),
        ...(fast ? { wal: { ...fast.wal, commit: deps.commit } } : {}),
        ...(ctx.signal ? { signal: ctx.signal } : {}),
      });
      const pages = fast ? await fast.reclaimFreePages(ctx.signal ? { signal: ctx.signal } : {}) : 0;
      return {
        detail: {
          runs: report.runs,
          runLogs: report.logs,
          runBytes: report.bytes,
          pages,
          longestBatchMs: Math.round(report.longestMs),
        },
        summary:
          `Removed ${report.runs} runs and ${report.logs} of their logs (${mb(report.bytes)}); ` +
          `gave ${mb(pages * 4096)} of the database back to the disk.` +
          (report.failed ? ` ${report.failed} logs could not be removed: ${report.errors.join('; ')}` : ''),
        failed: report.failed,
      };
    },
  };
}

/** The sweeps `ql rmlog` runs (old logs; run history is the daemon's job). */
export const sweeps: readonly Sweep[] = [logSweep];

/** Runs each sweep the policy asks for; the reports merged. */
export async function runSweeps(ctx: SweepContext, list: readonly Sweep[] = sweeps): Promise<SweepReport> {
  const merged: SweepReport = { detail: {}, summary: '', failed: 0 };
  const summaries: string[] = [];
  for (const sweep of list) {
    if (!sweep.applies(ctx.policy)) continue;
    ctx.signal?.throwIfAborted();
    const report = await sweep.run(ctx);
    ctx.line(report.summary);
    summaries.push(report.summary);
    Object.assign(merged.detail, report.detail);
    merged.failed += report.failed;
  }
  merged.summary = summaries.join(' ');
  return merged;
}
