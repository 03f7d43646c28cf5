import type { Clock } from '../../clock.ts';
import {
  topWindowDays,
  type ActiveRun,
  type Overview,
  type RunBucket,
  type TaskFigure,
} from '../../contract/dashboard.ts';
import type { Timetable } from '../../scheduler/timetable.ts';
import { boundaries } from './calendar.ts';
import type { DashboardRepository, TaskTotals } from './repository.ts';
import type { Sizes } from './sizes.ts';

const dayMs = 86_400_000;
/** Every zone's offset is a multiple of 15 minutes: slices this long fold exactly into its hours and days. */
const sliceMs = 15 * 60_000;
const listLimit = 5;
const activeLimit = 20;

/** Adds each slice's counts to the bucket whose start is the last one at or before the slice's start. */
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
    private readonly sizes: () => Sizes,
    private readonly clock: Clock,
  ) {}

  timezone(): string {
    return this.timetable.timezone();
  }

  /** 24 hourly and 30 daily buckets of task runs, from one query of 15-minute slices. */
  async buckets(now = this.clock.now()): Promise<{ hourly: RunBucket[]; daily: RunBucket[] }> {
    const timezone = this.timezone();
    const hours = boundaries('hour', 24, now, timezone);
    const days = boundaries('day', 30, now, timezone);
    const from = days[0]!;
    const slices = await this.repository.runsBySlice(from, now + 1, sliceMs);
    const at = slices.map((s) => ({ at: from + s.slice * sliceMs, runs: s.runs, failed: s.failed }));
    return { hourly: fold(hours, at), daily: fold(days, at) };
  }

  async overview(): Promise<Overview> {
    const now = this.clock.now();
    const { hourly, daily } = await this.buckets(now);
    const topFrom = now - topWindowDays * dayMs;
    const [tasks, dayFailed, monthFailed, { avgMs: slowest, failed: failing }, unfinished, counts] = await Promise.all([
      this.repository.taskCounts(),
      this.repository.tasksFailedSince(hourly[0]!.start),
      this.repository.tasksFailedOnDays(daily[0]!.start),
      this.repository.topOnDays(topFrom, listLimit),
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
      sizes: this.sizes(),
    };
  }

  /** Per-task totals since the start of today, by average duration or by number of runs (Qinglong's top lists). */
  async today(by: 'avgMs' | 'runs'): Promise<TaskFigure[]> {
    const start = boundaries('day', 1, this.clock.now(), this.timezone())[0]!;
    const rows = await this.repository.topSince(start, listLimit, by);
    return rows.flatMap(figureWith(await this.repository.taskNames(rows.map((r) => r.refId))));
  }
}
