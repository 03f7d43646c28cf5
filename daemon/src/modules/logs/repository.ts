import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The one query the logs area needs: which task runs are writing their logs now. */
export class LogRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Runs that started and have not finished, with their log (relative to data/log). */
  runningLogs(): Promise<{ id: number; log_path: string | null }[]> {
    return this.db
      .selectFrom('cron_runs')
      .select(['id', 'log_path'])
      .where('finished_at', 'is', null)
      .where('log_path', 'is not', null)
      .execute();
  }
}
