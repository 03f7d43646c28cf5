import type { Clock } from '../../time/clock.ts';
import {
  topWindowDays,
  type ActiveRun,
  type Overview,
  type RunBucket,
  type TaskFigure,
} from '../../contract/dashboard.ts';
import type { Timetable } from '../../scheduler/timetable.ts';
import { boundaries } from './calendar.ts';
import { PastDays } from './past-days.ts';
import { addSums, topLists } from './ranking.ts';
import type { DashboardRepository, TaskTotals } from './repository.ts';
import type { Sizes } from './sizes.ts';

const dayMs = 86_400_000;
/** No upper bound on a day (a run whose end the clock put ahead still counts, as before). */
const lastDay = Number.MAX_SAFE_INTEGER;
const listLimit = 5;
const activeLimit = 20;

/**
 * Adds each slice's counts to the bucket whose start is the last one at or before the slice's start. Slices are 15
 * minutes (run_slices): every zone's offset is a multiple of that, so they fold exactly into its hours and days.
 */
function fold(starts: number[], slices: { at: number; runs: number; failed: number }[]): RunBucket[] {
  const buckets = starts.map((start) => ({ start, runs: 0, failed: 0 }));
  for (const slice of slices) {
    let i = buckets.length - 1;
    while (i >= 0 && buckets[i]!.start > slice.at) i--;
    if (i < 0) continue;
    buckets[i]!.runs += slice.runs;
    buckets[i]!.failed += slice.failed;
  }
  return buckets;
}

/** A task's totals with its name; a task deleted since its runs is left out. */
const figureWith =
  (names: Map<number, string>) =>
  ({ refId, ...figures }: TaskTotals): TaskFigure[] => {
    const name = names.get(refId);
    return name === undefined ? [] : [{ id: refId, name, ...figures }];
  };

const sum = (buckets: RunBucket[]) =>
  buckets.reduce((t, b) => ({ runs: t.runs + b.runs, failed: t.failed + b.failed }), { runs: 0, failed: 0 });

/** The overview: the kept counts, a few index ranges of the last day's runs, and the timetable's next fire times. */
export class DashboardService {
  constructor(
    private readonly repository: DashboardRepository,
    private readonly timetable: Timetable,
    private readonly sizes: (options: { fresh: boolean }) => Promise<Sizes>,
    private readonly clock: Clock,
    private readonly past = new PastDays(),
  ) {}

  timezone(): string {
    return this.timetable.timezone();
  }

  /**
   * 24 hourly and 30 daily buckets of task runs, from the 15-minute slices: those before yesterday (UTC) kept
   * (past-days.ts), the rest read.
   */
  async buckets(now = this.clock.now()): Promise<{ hourly: RunBucket[]; daily: RunBucket[] }> {
    const timezone = this.timezone();
    const hours = boundaries('hour', 24, now, timezone);
    const days = boundaries('day', 30, now, timezone);
    const from = days[0]!;
    const cutoff = Math.max(from, this.past.cutoff(now));
    const [kept, recent] = await Promise.all([
      from < cutoff ? this.past.get(`slices ${from}`, now, () => this.repository.slices(from, cutoff)) : [],
      this.repository.slices(cutoff, now + 1),
    ]);
    const at = [...kept, ...recent].map((s) => ({ at: s.start, runs: s.runs, failed: s.failed }));
    return { hourly: fold(hours, at), daily: fold(days, at) };
  }

  /** The tasks with a failure on the UTC days from `from`'s on. */
  private async tasksFailedOnDays(from: number, now: number): Promise<number> {
    const { fromDay, cutDay } = this.past.days(from, now);
    const [kept, recent] = await Promise.all([
      this.past.get(
        `failed ${fromDay}`,
        now,
        async () => new Set(await this.repository.tasksFailedOnDays(fromDay, cutDay)),
      ),
      this.repository.tasksFailedOnDays(cutDay, lastDay),
    ]);
    return kept.size + recent.filter((id) => !kept.has(id)).length;
  }

  /** The overview's top lists over the UTC days from `from`'s on. */
  private async topOnDays(from: number, now: number) {
    const { fromDay, cutDay } = this.past.days(from, now);
    const [kept, recent] = await Promise.all([
      this.past.get(`sums ${fromDay}`, now, async () =>
        addSums(new Map(), await this.repository.sumsOnDays(fromDay, cutDay)),
      ),
      this.repository.sumsOnDays(cutDay, lastDay),
    ]);
    return topLists(addSums(kept, recent).values(), listLimit);
  }

  /** `freshSizes`: the overview page is being opened, so the storage figures are measured now (sizes.ts). */
  async overview(options: { freshSizes?: boolean } = {}): Promise<Overview> {
    const now = this.clock.now();
    const { hourly, daily } = await this.buckets(now);
    const topFrom = now - topWindowDays * dayMs;
    const [tasks, dayFailed, monthFailed, { avgMs: slowest, failed: failing }, unfinished, counts] = await Promise.all([
      this.repository.taskCounts(),
      this.repository.tasksFailedSince(hourly[0]!.start),
      this.tasksFailedOnDays(daily[0]!.start, now),
      this.topOnDays(topFrom, now),
      this.repository.unfinished(activeLimit * 2),
      this.repository.unfinishedCounts(),
    ]);
    const upcoming = this.timetable.upcoming('task', listLimit);
    const taskIds = [
      ...slowest.map((t) => t.refId),
      ...failing.map((t) => t.refId),
      ...upcoming.map((n) => n.id),
      ...unfinished.filter((r) => r.kind === 'task' && r.ref_id !== null).map((r) => r.ref_id!),
    ];
    const names = await this.repository.taskNames([...new Set(taskIds)]);
    const figure = figureWith(names);
    const active = unfinished.map((r): ActiveRun => ({
      runId: r.id,
      kind: r.kind,
      refId: r.ref_id,
      name: r.kind === 'task' && r.ref_id !== null ? (names.get(r.ref_id) ?? null) : null,
      queuedAt: r.queued_at,
      startedAt: r.started_at,
    }));
    return {
      now,
      timezone: this.timezone(),
      tasks,
      day: { ...sum(hourly), tasksFailed: dayFailed },
      month: { ...sum(daily), tasksFailed: monthFailed },
      hourly,
      daily,
      running: active.filter((r) => r.startedAt !== null).slice(0, activeLimit),
      queued: active.filter((r) => r.startedAt === null).slice(0, activeLimit),
      runningCount: counts.running,
      queuedCount: counts.queued,
      next: upcoming.flatMap((n) => {
        const name = names.get(n.id);
        return name === undefined ? [] : [{ id: n.id, name, at: n.at }];
      }),
      slowest: slowest.flatMap(figure),
      failing: failing.flatMap(figure),
      sizes: await this.sizes({ fresh: options.freshSizes === true }),
    };
  }

  /** Per-task totals since the start of today, by average duration or by number of runs (Qinglong's top lists). */
  async today(by: 'avgMs' | 'runs'): Promise<TaskFigure[]> {
    const start = boundaries('day', 1, this.clock.now(), this.timezone())[0]!;
    const rows = await this.repository.topSince(start, listLimit, by);
    return rows.flatMap(figureWith(await this.repository.taskNames(rows.map((r) => r.refId))));
  }
}
