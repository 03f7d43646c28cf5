import { sql, type Kysely } from 'kysely';

/**
 * Run-history retention walks the table in rowid order (jobs/run-retention.ts) instead of reading runs through an
 * index on finished_at: that index (0011) has no reader left, and every index is one more tree each insert, each
 * run's end and each of retention's millions of deletes has to change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('job_runs_ended_at').ifExists().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('job_runs_ended_at')
    .on('job_runs')
    .column('finished_at')
    .where(sql.ref('finished_at'), 'is not', null)
    .execute();
}
