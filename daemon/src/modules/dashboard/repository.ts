import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Phrases } from '../../db/phrases.ts';

const taskKind = 'task';
/** 1 for a failed or timed-out run: summed, it counts failures in the same pass as the runs. */
const isFailure = sql<number>`case when "end" in ('failed', 'timeout') then 1 else 0 end`;

export interface SliceCount {
  start: number;
  runs: number;
  failed: number;
}

/** A task's counts on some days: summed, they rank the tasks (ranking.ts). */
export interface DaySums {
  refId: number;
  runs: number;
  failed: number;
  timed: number;
  totalMs: number;
  maxMs: number;
}
export interface TaskTotals {
  refId: number;
  runs: number;
  failed: number;
  avgMs: number;
  maxMs: number;
}

type TotalsRow = { ref_id: number | null; runs: unknown; failed: unknown; avgMs: unknown; maxMs: unknown };
const totals = (rows: TotalsRow[]): TaskTotals[] =>
  rows.map((r) => ({
    refId: Number(r.ref_id),
    runs: Number(r.runs),
    failed: Number(r.failed ?? 0),
    avgMs: Math.round(Number(r.avgMs ?? 0)),
    maxMs: Number(r.maxMs ?? 0),
  }));

/**
 * The read side of the overview (migration 0010). Counts over 30 days read the counts triggers keep as runs end
 * (run_slices, run_days): a few thousand rows whatever the number of runs, of which the service keeps those of days
 * that are over (past-days.ts), so each call reads two days of them. Counts over the last day read job_runs
 * through the index job_runs_finished (kind, finished_at, end, ref_id, duration_ms), which holds every column they
 * read: a range of one index, never the table.
 */
export class DashboardRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly phrases: Phrases,
  ) {}

  /** Task runs that ended in [from, to), per 15-minute slice (its start), from the slices the triggers keep. */
  async slices(from: number, to: number): Promise<SliceCount[]> {
    return this.db
      .selectFrom('run_slices')
      .select(['start', 'runs', 'failed'])
      .where('kind', '=', taskKind)
      .where('start', '>=', from)
      .where('start', '<', to)
      .execute();
  }

  /** The tasks with a failed or timed-out run on the UTC days [fromDay, toDay) (run_days). */
  async tasksFailedOnDays(fromDay: number, toDay: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('run_days')
      .select('ref_id')
      .distinct()
      .where('kind', '=', taskKind)
      .where('day', '>=', fromDay)
      .where('day', '<', toDay)
      .where('failed', '>', 0)
      .execute();
    return rows.map((row) => row.ref_id);
  }

  /** Each task's counts on the UTC days [fromDay, toDay), one row per task and day (run_days). */
  async sumsOnDays(fromDay: number, toDay: number): Promise<DaySums[]> {
    return this.db
      .selectFrom('run_days')
      .select(['ref_id as refId', 'runs', 'failed', 'timed', 'total_ms as totalMs', 'max_ms as maxMs'])
      .where('kind', '=', taskKind)
      .where('day', '>=', fromDay)
      .where('day', '<', toDay)
      .where('ref_id', '>', 0)
      .execute();
  }

  /** How many tasks had a failed or timed-out run that ended since `from` (the failures' index, job_runs_failed). */
  async tasksFailedSince(from: number): Promise<number> {
    const row = await this.db
      .selectFrom('job_runs')
      .select(sql<number>`count(distinct ref_id)`.as('tasks'))
      .where('kind', '=', taskKind)
      .where(this.phrases.runFailed)
      .where('finished_at', '>=', from)
      .executeTakeFirstOrThrow();
    return Number(row.tasks);
  }

  /**
   * The `limit` tasks with the highest average duration, number of failures (failing tasks only) or number of runs,
   * over runs that ended since `from`.
   */
  async topSince(from: number, limit: number, by: 'avgMs' | 'failed' | 'runs'): Promise<TaskTotals[]> {
    let query = this.db
      .selectFrom('job_runs')
      .select([
        'ref_id',
        (eb) => eb.fn.countAll<number>().as('runs'),
        (eb) => eb.fn.sum<number>(isFailure).as('failed'),
        (eb) => eb.fn.avg<number>('duration_ms').as('avgMs'),
        (eb) => eb.fn.max('duration_ms').as('maxMs'),
      ])
      .where('kind', '=', taskKind)
      .where('finished_at', '>=', from)
      .where('ref_id', 'is not', null)
      .groupBy('ref_id')
      .orderBy(by, 'desc')
      .orderBy('ref_id')
      .limit(limit);
    if (by === 'failed') query = query.having(sql<boolean>`sum(${isFailure}) > 0`);
    return totals(await query.execute());
  }

  /** Runs of every kind not finished: running (started) and waiting (the partial index job_runs_unfinished). */
  unfinished(limit: number) {
    return this.db
      .selectFrom('job_runs')
      .select(['id', 'kind', 'ref_id', 'queued_at', 'started_at'])
      .where('finished_at', 'is', null)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  async unfinishedCounts(): Promise<{ running: number; queued: number }> {
    const row = await this.db
      .selectFrom('job_runs')
      .select([
        sql<number>`sum(case when started_at is null then 0 else 1 end)`.as('running'),
        sql<number>`sum(case when started_at is null then 1 else 0 end)`.as('queued'),
      ])
      .where('finished_at', 'is', null)
      .executeTakeFirstOrThrow();
    return { running: Number(row.running ?? 0), queued: Number(row.queued ?? 0) };
  }

  /** The tasks table's counts (a few thousand rows at most). */
  async taskCounts(): Promise<{ total: number; enabled: number; lastFailed: number }> {
    const row = await this.db
      .selectFrom('crons')
      .select([
        (eb) => eb.fn.countAll<number>().as('total'),
        sql<number>`sum(case when is_disabled = 0 then 1 else 0 end)`.as('enabled'),
        sql<number>`sum(case when last_end in ('failed', 'timeout') then 1 else 0 end)`.as('lastFailed'),
      ])
      .executeTakeFirstOrThrow();
    return { total: Number(row.total), enabled: Number(row.enabled ?? 0), lastFailed: Number(row.lastFailed ?? 0) };
  }

  /** Names of tasks by id; the overview reads them, it never changes a task. */
  async taskNames(ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('crons')
      .select(['id', 'name'])
      .where(this.phrases.inList('id', ids))
      .execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  }
}
