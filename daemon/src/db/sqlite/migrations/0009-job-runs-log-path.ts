import type { Kysely } from 'kysely';

/** The logs page asks how the run behind each listed log ended: find a run by its log. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('job_runs_log_path').on('job_runs').column('log_path').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('job_runs_log_path').execute();
}
