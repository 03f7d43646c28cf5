/**
 * What the retention job reads of the runs table: the logs in use (runs that have not ended, each task's latest
 * run, whose log is the task's current one, and the log a task row names — a last run the Qinglong import carried
 * has no run row here; Qinglong's rmlog keeps a task's log_path too) and its own latest run. Reads only; the kernel
 * writes job_runs.
 */
import type { Kysely } from 'kysely';
import type { Database, JobRunRow } from '../../db/schema.ts';

export class RetentionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async logsInUse(): Promise<Set<string>> {
    const unfinished = await this.db
      .selectFrom('job_runs')
      .select('log_path')
      .where('finished_at', 'is', null)
      .where('log_path', 'is not', null)
      .execute();
    const latestOfTasks = await this.db
      .selectFrom('job_runs')
      .select('log_path')
      .where('id', 'in', (qb) =>
        qb
          .selectFrom('job_runs')
          .select((eb) => eb.fn.max('id').as('id'))
          .where('kind', '=', 'task')
          .groupBy('ref_id'),
      )
      .where('log_path', 'is not', null)
      .execute();
    const named = await this.db.selectFrom('crons').select('log_path').where('log_path', 'is not', null).execute();
    return new Set([...unfinished, ...latestOfTasks, ...named].map((row) => row.log_path!));
  }

  latestRun(kind: string): Promise<JobRunRow | undefined> {
    return this.db
      .selectFrom('job_runs')
      .selectAll()
      .where('kind', '=', kind)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** When the job last ended well (a failed run is retried at the next check). */
  async lastSuccessAt(kind: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('job_runs')
      .select('finished_at')
      .where('kind', '=', kind)
      .where('end', '=', 'success')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.finished_at ?? null;
  }
}
