import type { Kysely } from 'kysely';

/**
 * The overview counts runs and failures by time window, and finds the slowest and most-failing tasks, at millions of
 * rows: one index ordered by when runs ended, carrying what those counts read (how it ended, what it ran, how long),
 * so each answer is a range of this index and never a scan of the table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('job_runs_finished')
    .on('job_runs')
    .columns(['kind', 'finished_at', 'end', 'ref_id', 'duration_ms'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('job_runs_finished').execute();
}
