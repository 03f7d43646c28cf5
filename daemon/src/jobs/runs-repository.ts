import type { Kysely } from 'kysely';
import { RunStatus, type RunEnd } from '../contract/enums.ts';
import { StatementShapes } from '../db/shapes.ts';
import type { Database, JobRunRow, JobRunUpdate, NewJobRun } from '../db/schema.ts';
import type { Phrases } from '../db/phrases.ts';

/**
 * Rows a statement inserts at most: runs due together are queued with a statement per this many (1,000 tasks due on
 * the same second were 1,000 inserts, each through the query builder), and SQLite's limit of parameters (7 a row
 * here) stays far away.
 */
const insertChunk = 100;

/** The job_runs table: one query per method. */
export class JobRunsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly phrases: Phrases,
    /** Commits the writes the database holds for the end of this turn (DatabaseHandle.flush; db/sqlite/group-commit.ts). */
    private readonly commitPending: () => void = () => {},
  ) {
    this.shapes = new StatementShapes(db, phrases);
  }

  private readonly shapes: StatementShapes;

  /** A run row was inserted since the last saveNow: it may still wait for its turn's commit. */
  private unsaved = false;

  /**
   * Before a run's processes start its row must be on disk: commits what the turn holds when a row was inserted
   * since the last call (else it was committed with its own turn long before, and the batch is left alone).
   */
  saveNow(): void {
    if (!this.unsaved) return;
    this.unsaved = false;
    this.commitPending();
  }

  /**
   * Inserts the rows, `insertChunk` to a statement, and answers their ids in the rows' order. A statement's rows are
   * inserted in the order of its values and AUTOINCREMENT hands out ids that only grow, so the ids sorted are in
   * that order (RETURNING itself promises no order).
   */
  async insertMany(runs: readonly NewJobRun[]): Promise<number[]> {
    const ids: number[] = [];
    for (let from = 0; from < runs.length; from += insertChunk) {
      const chunk = runs.slice(from, from + insertChunk);
      const rows = await this.db.insertInto('job_runs').values(chunk).returning('id').execute();
      ids.push(...rows.map((row) => row.id).sort((a, b) => a - b));
    }
    if (runs.length > 0) this.unsaved = true;
    return ids;
  }

  /** A run's start and end (built once per set of columns: db/shapes.ts). */
  update(id: number, changes: JobRunUpdate): Promise<void> {
    return this.shapes.updateById('job_runs', id, changes);
  }

  find(id: number): Promise<JobRunRow | undefined> {
    return this.db.selectFrom('job_runs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The runs of one thing, newest first (the index job_runs_ref serves it). */
  runsOf(kind: string, refId: number, limit: number): Promise<JobRunRow[]> {
    return this.db
      .selectFrom('job_runs')
      .selectAll()
      .where('kind', '=', kind)
      .where('ref_id', '=', refId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** How the run of the same thing before `beforeId` ended, null if none ended. */
  async previousEnd(kind: string, refId: number, beforeId: number): Promise<RunEnd | null> {
    const row = await this.db
      .selectFrom('job_runs')
      .select('end')
      .where('kind', '=', kind)
      .where('ref_id', '=', refId)
      .where('id', '<', beforeId)
      .where('end', 'is not', null)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.end ?? null;
  }

  /** The newest run that wrote each of these logs (paths relative to data/log; the index job_runs_log_path, which carries these columns). */
  async byLogPaths(
    paths: readonly string[],
  ): Promise<Map<string, Pick<JobRunRow, 'end' | 'exit_code' | 'kind' | 'ref_id'>>> {
    if (paths.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('job_runs')
      .select(['log_path', 'end', 'exit_code', 'kind', 'ref_id'])
      .where(this.phrases.inList('log_path', paths))
      .orderBy('id')
      .execute();
    return new Map(rows.map(({ log_path, ...run }) => [log_path!, run]));
  }

  /** Runs a crash left behind: not finished (the partial index job_runs_unfinished serves it). */
  unfinished(): Promise<JobRunRow[]> {
    return this.db.selectFrom('job_runs').selectAll().where('finished_at', 'is', null).orderBy('id').execute();
  }

  /** The lowest and highest id (the ends of the rowid), undefined when there is no run. */
  async idBounds(): Promise<{ min: number; max: number } | undefined> {
    // Each bound in its own subquery: SQLite finds a lone min() or max() of the rowid at one end of the table, but
    // both in one select scan every row (2.8 s at 5,000,000 runs with a cold cache, on the event loop).
    const row = await this.db
      .selectNoFrom((eb) => [
        eb
          .selectFrom('job_runs')
          .select((runs) => runs.fn.min('id').as('id'))
          .as('min'),
        eb
          .selectFrom('job_runs')
          .select((runs) => runs.fn.max('id').as('id'))
          .as('max'),
      ])
      .executeTakeFirst();
    return row?.min == null || row.max == null ? undefined : { min: row.min, max: row.max };
  }

  /** The runs with `from <= id < to`: a range of the table itself, read in the order it is stored. */
  inIdRange(from: number, to: number): Promise<RangeRun[]> {
    return this.db
      .selectFrom('job_runs')
      .select(['id', 'kind', 'ref_id', 'finished_at', 'log_path'])
      .where('id', '>=', from)
      .where('id', '<', to)
      .orderBy('id')
      .execute();
  }

  /** The first kind after `after` in index order: a seek in job_runs_ref, not a scan. */
  async kindAfter(after: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('job_runs')
      .select('kind')
      .where('kind', '>', after)
      .orderBy('kind')
      .limit(1)
      .executeTakeFirst();
    return row?.kind;
  }

  /** The first thing of `kind` after `after` (null: the kind's runs without one, which sort first). */
  async refAfter(kind: string, after: number | undefined): Promise<number | null | undefined> {
    let query = this.db.selectFrom('job_runs').select('ref_id').where('kind', '=', kind);
    query = after === undefined ? query : query.where('ref_id', '>', after).where('ref_id', 'is not', null);
    const row = await query.orderBy('ref_id').limit(1).executeTakeFirst();
    return row?.ref_id;
  }

  /** The id of the thing's run `skip` places below its newest (0 = the newest), undefined when it has fewer. */
  async idBelowNewest(kind: string, refId: number | null, skip: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('job_runs')
      .select('id')
      .where('kind', '=', kind)
      .where('ref_id', 'is', refId)
      .orderBy('id', 'desc')
      .limit(1)
      .offset(skip)
      .executeTakeFirst();
    return row?.id;
  }

  async deleteIds(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.deleteFrom('job_runs').where(this.phrases.inList('id', ids)).execute();
  }

  async deleteRunsOf(kind: string, refIds: number[]): Promise<void> {
    if (refIds.length === 0) return;
    await this.db
      .deleteFrom('job_runs')
      .where('kind', '=', kind)
      .where(this.phrases.inList('ref_id', refIds))
      .execute();
  }
}

/** What retention reads of a run to decide whether it goes. */
export type RangeRun = Pick<JobRunRow, 'id' | 'kind' | 'ref_id' | 'finished_at' | 'log_path'>;

/** A run's status on the wire follows how it ended. */
export const statusOfEnd: Record<RunEnd, RunStatus> = {
  success: RunStatus.finished,
  failed: RunStatus.error,
  timeout: RunStatus.error,
  stopped: RunStatus.stopped,
  interrupted: RunStatus.interrupted,
};
