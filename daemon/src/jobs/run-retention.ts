/**
 * Retention of run history: the rows of job_runs (and each deleted run's log file) that are older than the policy's
 * age, or beyond the newest N runs of the same thing (a task, a subscription, a dependency). Only runs that ended are
 * ever deleted, so a running run's row and log are never touched; each thing's newest run always stays (its task
 * points at its log). Works in small batches, each one short synchronous SQLite work, with a pause in between, so
 * the panel keeps answering while millions of rows go. The retention job calls it beside the log cleanup.
 */
import type { Stats } from 'node:fs';
import { lstat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { JobRunsRepository, PrunableRun } from './runs-repository.ts';

const dayMs = 86_400_000;

export interface RunHistoryPolicy {
  /** Runs that ended more than this many days ago go; null = kept however old. */
  runsOlderThanDays: number | null;
  /** At most this many runs of each thing stay, the newest (at least 1); null = no limit. */
  runsPerThing: number | null;
}

export interface RunPruneReport {
  runs: number;
  logs: number;
  bytes: number;
  /** Logs that could not be deleted (with the first few reasons). */
  failed: number;
  errors: string[];
}

export interface RunPruneOptions {
  runs: JobRunsRepository;
  /** data/log: a run's log_path is relative to it. */
  logRoot: string;
  policy: RunHistoryPolicy;
  now: number;
  /** Logs in use (relative to data/log), asked before each batch's files go. */
  inUse: () => ReadonlySet<string>;
  /** Rows per batch (one transaction-sized delete). */
  batch?: number;
  /** Awaited after each batch so requests are served in between (default: one turn of the event loop). */
  pause?: () => Promise<void>;
  signal?: AbortSignal;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function pruneRunHistory(o: RunPruneOptions): Promise<RunPruneReport> {
  const report: RunPruneReport = { runs: 0, logs: 0, bytes: 0, failed: 0, errors: [] };
  const batch = o.batch ?? 200;
  const pause = o.pause ?? nextTurn;
  const removeBatch = async (rows: PrunableRun[]) => {
    await o.runs.deleteIds(rows.map((row) => row.id));
    report.runs += rows.length;
    await removeLogs(o.logRoot, rows, o.inUse(), report);
    await pause();
  };

  const days = o.policy.runsOlderThanDays;
  if (days !== null) {
    const before = o.now - days * dayMs;
    let cursor = { finishedAt: Number.MIN_SAFE_INTEGER, id: 0 };
    for (;;) {
      if (o.signal?.aborted) return report;
      const rows = await o.runs.endedBefore(before, cursor, batch);
      if (rows.length === 0) break;
      const last = rows[rows.length - 1]!;
      cursor = { finishedAt: last.finished_at, id: last.id };
      await removeBatch(rows);
    }
  }

  const keep = o.policy.runsPerThing;
  if (keep !== null) {
    // Walk every (kind, thing) by seeking in the job_runs_ref index: never a scan of the whole table.
    for (let kind = await o.runs.kindAfter(''); kind !== undefined; kind = await o.runs.kindAfter(kind)) {
      let ref = await o.runs.refAfter(kind, undefined);
      let things = 0;
      while (ref !== undefined) {
        if (o.signal?.aborted) return report;
        const newestGone = await o.runs.idBelowNewest(kind, ref, Math.max(1, keep));
        while (newestGone !== undefined) {
          const rows = await o.runs.endedUpTo(kind, ref, newestGone, batch);
          if (rows.length === 0) break;
          await removeBatch(rows);
          if (rows.length < batch) break;
        }
        if (++things % 100 === 0) await pause();
        ref = await o.runs.refAfter(kind, ref ?? Number.MIN_SAFE_INTEGER);
      }
    }
  }
  return report;
}

/** Deletes the runs' log files: regular files inside data/log only, never one in use; a missing one is no error. */
async function removeLogs(
  logRoot: string,
  rows: PrunableRun[],
  inUse: ReadonlySet<string>,
  report: RunPruneReport,
): Promise<void> {
  const root = path.resolve(logRoot);
  for (const { log_path: relative } of rows) {
    if (!relative || inUse.has(relative)) continue;
    const file = path.resolve(root, relative);
    if (!file.startsWith(root + path.sep)) continue;
    let stats: Stats;
    try {
      stats = await lstat(file);
      if (!stats.isFile()) continue;
      await unlink(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      report.failed++;
      if (report.errors.length < 5) report.errors.push(`${relative}: ${(error as Error).message}`);
      continue;
    }
    report.logs++;
    report.bytes += stats.size;
  }
}

/** The policy of the runHistoryDays / runHistoryPerTask settings (0 = no limit). */
export const runHistoryPolicyOf = (days: number, perTask: number): RunHistoryPolicy => ({
  runsOlderThanDays: days > 0 ? days : null,
  runsPerThing: perTask > 0 ? perTask : null,
});
