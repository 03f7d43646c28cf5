import { sql, type Kysely } from 'kysely';

/**
 * Run-history retention (jobs/run-retention.ts) finds the runs that ended before a cut-off without reading the whole
 * table: an index on finished_at, kept to the runs that ended (the ones it may delete).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('job_runs_ended_at')
    .on('job_runs')
    .column('finished_at')
    .where(sql.ref('finished_at'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('job_runs_ended_at').execute();
}
