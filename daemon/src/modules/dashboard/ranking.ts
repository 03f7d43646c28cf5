/**
 * The overview's top lists from tasks' day counts (run_days rows), ranked in JavaScript: the days that are over come
 * from past-days.ts, the last two are read on every call, and the sums of both are ranked together.
 */
import type { DaySums, TaskTotals } from './repository.ts';

/** Adds day rows to per-task sums (a new map; `base` is left as it is, it may be kept). */
export function addSums(base: ReadonlyMap<number, DaySums>, rows: readonly DaySums[]): Map<number, DaySums> {
  const sums = new Map(base);
  for (const row of rows) {
    const known = sums.get(row.refId);
    sums.set(
      row.refId,
      known
        ? {
            refId: row.refId,
            runs: known.runs + row.runs,
            failed: known.failed + row.failed,
            timed: known.timed + row.timed,
            totalMs: known.totalMs + row.totalMs,
            maxMs: Math.max(known.maxMs, row.maxMs),
          }
        : { ...row },
    );
  }
  return sums;
}

/** A task's average duration over its timed runs, unrounded (what the lists are ordered by). */
const average = (sums: DaySums) => sums.totalMs / Math.max(sums.timed, 1);

/**
 * The `limit` tasks with the highest average duration, and the `limit` with the most failures (failing tasks only);
 * ties go to the lower id.
 */
export function topLists(sums: Iterable<DaySums>, limit: number): { avgMs: TaskTotals[]; failed: TaskTotals[] } {
  const all = [...sums];
  const first = (rank: (sums: DaySums) => number, keep: (sums: DaySums) => boolean) =>
    all
      .filter(keep)
      .sort((a, b) => rank(b) - rank(a) || a.refId - b.refId)
      .slice(0, limit)
      .map((t) => ({ refId: t.refId, runs: t.runs, failed: t.failed, avgMs: Math.round(average(t)), maxMs: t.maxMs }));
  return {
    avgMs: first(average, () => true),
    failed: first(
      (t) => t.failed,
      (t) => t.failed > 0,
    ),
  };
}
