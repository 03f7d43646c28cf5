import { sql, type Kysely } from 'kysely';
import { RunEnd } from '../../contract/enums.ts';
import type { Database } from '../../db/schema.ts';
import { inList } from '../../db/in-list.ts';

const taskKind = 'task';
const failedEnds = [RunEnd.failed, RunEnd.timeout];
/** 1 for a failed or timed-out run: summed, it counts failures in the same pass as the runs. */
const isFailure = sql<number>`case when "end" in ('failed', 'timeout') then 1 else 0 end`;

export interface SliceCount {
  slice: number;
  runs: number;
  failed: number;
}
export interface TaskTotals {
  refId: number;
  runs: number;
  failed: number;
  avgMs: number;
  maxMs: number;
}

/**
 * The read side of the overview. Every count over runs is a range of the index job_runs_finished (kind, finished_at,
 * end, ref_id, duration_ms; migration 0008), which holds every column these queries read, so at millions of runs
 * SQLite reads the window's part of one index and never the table.
 */
export class DashboardRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Task runs that ended in [from, to), counted per slice of `sliceMs` from `from` (slice 0 is the first). */
  async runsBySlice(from: number, to: number, sliceMs: number): Promise<SliceCount[]> {
    const slice = sql<number>`(finished_at - ${from}) / ${sliceMs}`;
    const rows = await this.db
      .selectFrom('job_runs')
      .select([
        slice.as('slice'),
        (eb) => eb.fn.countAll<number>().as('runs'),
        (eb) => eb.fn.sum<number>(isFailure).as('failed'),
      ])
      .where('kind', '=', taskKind)
      .where('finished_at', '>=', from)
      .where('finished_at', '<', to)
      .groupBy(sql`1`)
      .execute();
    return rows.map((r) => ({ slice: Number(r.slice), runs: Number(r.runs), failed: Number(r.failed ?? 0) }));
  }

  /** How many tasks had a failed or timed-out run that ended since `from`. */
  async tasksFailedSince(from: number): Promise<number> {
    const row = await this.db
      .selectFrom('job_runs')
      .select(sql<number>`count(distinct ref_id)`.as('tasks'))
      .where('kind', '=', taskKind)
      .where('finished_at', '>=', from)
      .where('end', 'in', failedEnds)
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
    const rows = await query.execute();
    return rows.map((r) => ({
      refId: Number(r.ref_id),
      runs: Number(r.runs),
      failed: Number(r.failed ?? 0),
      avgMs: Math.round(Number(r.avgMs ?? 0)),
      maxMs: Number(r.maxMs ?? 0),
    }));
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
    const rows = await this.db.selectFrom('crons').select(['id', 'name']).where(inList('id', ids)).execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  }
}
