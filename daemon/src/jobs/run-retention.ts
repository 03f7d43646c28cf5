/**
 * Retention of run history: the rows of job_runs (and each deleted run's log file) that are older than the policy's
 * age, or beyond the newest N runs of the same thing (a task, a subscription, a dependency). Only runs that ended are
 * ever deleted, so a running run's row and log are never touched; each thing's newest run always stays (its task
 * points at its log), and so does a log in use.
 *
 * Millions of rows go while the panel keeps answering, so the pass is shaped by where a delete's time goes:
 *  - One walk over the table in rowid order, both limits at once: the table and its time-ordered indexes are then
 *    changed page after page, not one row per page (deleting each task's runs in turn touched a table page per row).
 *    What each thing keeps is read first, by seeking in `job_runs_ref` (its newest run, and its N-th newest).
 *  - Batches sized by time, not by count: each batch's SQLite work takes about `sliceMs`, then the event loop turns.
 *  - Log files go first, off the main thread (retention-worker.ts), then their rows: a pass the daemon stops midway
 *    leaves at worst rows whose log is already gone, which the next pass deletes; never a log without its row.
 *  - The WAL is checkpointed by the worker, not inside the main thread's commits, every `checkpointEveryRows`.
 */
import path from 'node:path';
import type { WalControl } from '../db/port.ts';
import { RetentionWorker } from './retention-worker.ts';
import type { JobRunsRepository, RangeRun } from './runs-repository.ts';

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
  /** The longest synchronous stretch of a batch (ms): what a request could have waited for the pass. */
  longestMs: number;
}

export interface RunPruneOptions {
  runs: JobRunsRepository;
  /** data/log: a run's log_path is relative to it. */
  logRoot: string;
  policy: RunHistoryPolicy;
  now: number;
  /** Logs in use (relative to data/log), asked before each batch's files go. */
  inUse: () => ReadonlySet<string>;
  /** The synchronous SQLite work a batch may take (ms) before the event loop gets a turn; the width follows it. */
  sliceMs?: number;
  /** Rowids per batch to begin with, and the most a batch may span. */
  width?: { start: number; max: number };
  /** The database, so its WAL is checkpointed by the worker during the pass (without it: SQLite's own). */
  wal?: WalControl & {
    /**
     * Commits the batches the turn's transaction still holds (db/sqlite/group-commit.ts). A checkpoint by another
     * connection copies only committed frames; with the last batch uncommitted the WAL is never wholly copied, so the
     * next write cannot start it over and it grows by every batch (11.8 GB in the longevity bench before this).
     */
    commit?: () => void;
  };
  /** Rows deleted between two checkpoints (each row changes two or three pages of the WAL). */
  checkpointEveryRows?: number;
  /** Awaited after each batch so requests are served in between (default: one turn of the event loop). */
  pause?: () => Promise<void>;
  signal?: AbortSignal;
}

/** What a thing keeps: its newest run, and (by count) every run after `goneUpTo`. */
interface Keep {
  newest: number;
  goneUpTo: number;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
const thingKey = (kind: string, ref: number | null) => `${kind}\u0000${ref ?? ''}`;

/** Each thing's newest run and, by count, the newest run that goes: two seeks per thing in job_runs_ref. */
async function keptOfThings(o: RunPruneOptions, pause: () => Promise<void>): Promise<Map<string, Keep>> {
  const keep = o.policy.runsPerThing === null ? null : Math.max(1, o.policy.runsPerThing);
  const things = new Map<string, Keep>();
  for (let kind = await o.runs.kindAfter(''); kind !== undefined; kind = await o.runs.kindAfter(kind)) {
    for (let ref = await o.runs.refAfter(kind, undefined); ref !== undefined;) {
      o.signal?.throwIfAborted();
      const newest = await o.runs.idBelowNewest(kind, ref, 0);
      const gone = keep === null ? undefined : await o.runs.idBelowNewest(kind, ref, keep);
      if (newest !== undefined) things.set(thingKey(kind, ref), { newest, goneUpTo: gone ?? 0 });
      if (things.size % 200 === 0) await pause();
      ref = await o.runs.refAfter(kind, ref ?? Number.MIN_SAFE_INTEGER);
    }
  }
  return things;
}

export async function pruneRunHistory(o: RunPruneOptions): Promise<RunPruneReport> {
  const report: RunPruneReport = { runs: 0, logs: 0, bytes: 0, failed: 0, errors: [], longestMs: 0 };
  if (o.policy.runsOlderThanDays === null && o.policy.runsPerThing === null) return report;
  const pause = o.pause ?? nextTurn;
  const sliceMs = o.sliceMs ?? 2;
  const { start, max } = o.width ?? { start: 256, max: 4096 };
  const before = o.policy.runsOlderThanDays === null ? -Infinity : o.now - o.policy.runsOlderThanDays * dayMs;
  const root = path.resolve(o.logRoot);
  const worker = new RetentionWorker(o.wal?.workerConnection() ?? null);
  const checkpointEvery = o.checkpointEveryRows ?? 2000;
  const resumeAutoCheckpoint = o.wal?.holdAutoCheckpoint();
  let sinceCheckpoint = 0;
  // Should the worker fail to checkpoint (its connection cannot open), the main connection does it: slower, never lost.
  const checkpoint = () => {
    o.wal?.commit?.();
    return worker.checkpoint().catch(() => o.wal?.checkpoint());
  };
  try {
    const bounds = await o.runs.idBounds();
    if (!bounds) return report;
    const things = await keptOfThings(o, pause);
    const goes = (run: RangeRun) => {
      if (run.finished_at === null) return false;
      const kept = things.get(thingKey(run.kind, run.ref_id));
      // A thing that appeared during the pass keeps everything this time.
      if (!kept || run.id >= kept.newest) return false;
      return run.finished_at < before || run.id <= kept.goneUpTo;
    };
    let width = start;
    for (let from = bounds.min; from <= bounds.max;) {
      if (o.signal?.aborted) return report;
      const to = Math.min(from + width, bounds.max + 1);
      let spent = performance.now();
      const doomed = (await o.runs.inIdRange(from, to)).filter(goes);
      spent = performance.now() - spent;
      if (doomed.length > 0) {
        await removeLogs(root, doomed, o.inUse(), worker, report);
        const started = performance.now();
        await o.runs.deleteIds(doomed.map((run) => run.id));
        // Each batch commits at once, not with the daemon's next interval (db/sqlite/group-commit.ts): a request's
        // reply commits what is pending, and several batches in one commit made it wait (API p99 during the pass
        // 28 → 50 ms).
        o.wal?.commit?.();
        spent += performance.now() - started;
        report.runs += doomed.length;
        sinceCheckpoint += doomed.length;
      }
      report.longestMs = Math.max(report.longestMs, spent);
      from = to;
      // The next batch spans what fits in the slice at this one's pace (halving or doubling at most).
      width = Math.round(
        Math.min(max, Math.max(16, width * Math.min(2, Math.max(0.5, sliceMs / Math.max(spent, 0.1))))),
      );
      if (o.wal && sinceCheckpoint >= checkpointEvery) {
        sinceCheckpoint = 0;
        await checkpoint();
      } else {
        await pause();
      }
    }
    if (o.wal && sinceCheckpoint > 0) await checkpoint();
  } finally {
    resumeAutoCheckpoint?.();
    await worker.close();
  }
  return report;
}

/** Deletes the runs' log files: regular files inside data/log only, never one in use; a missing one is no error. */
async function removeLogs(
  root: string,
  runs: RangeRun[],
  inUse: ReadonlySet<string>,
  worker: RetentionWorker,
  report: RunPruneReport,
): Promise<void> {
  const files: string[] = [];
  for (const { log_path: relative } of runs) {
    if (!relative || inUse.has(relative)) continue;
    const file = path.resolve(root, relative);
    if (file.startsWith(root + path.sep)) files.push(file);
  }
  const removed = await worker.removeLogs(files);
  report.logs += removed.files;
  report.bytes += removed.bytes;
  report.failed += removed.failed;
  for (const error of removed.errors) {
    if (report.errors.length < 5)
      report.errors.push(error.startsWith(root + path.sep) ? error.slice(root.length + 1) : error);
  }
}

/** The policy of the runHistoryDays / runHistoryPerTask settings (0 = no limit). */
export const runHistoryPolicyOf = (days: number, perTask: number): RunHistoryPolicy => ({
  runsOlderThanDays: days > 0 ? days : null,
  runsPerThing: perTask > 0 ? perTask : null,
});
