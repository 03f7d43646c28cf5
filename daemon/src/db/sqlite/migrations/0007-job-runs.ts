import { sql, type Kysely } from 'kysely';

/**
 * One table of job runs (task runs, debug runs, dependency installs, subscription pulls, and the kinds to come)
 * instead of one per area; task runs keep their ids, pulls follow them. Indexed for "the runs of X, newest first"
 * and for "the runs a crash left unfinished".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_runs')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'integer')
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('end', 'text')
    .addColumn('exit_code', 'integer')
    .addColumn('pid', 'integer')
    .addColumn('marker', 'text')
    .addColumn('log_path', 'text')
    .addColumn('message', 'text')
    .addColumn('detail', 'text')
    .addColumn('due_at', 'integer')
    .addColumn('queued_at', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'integer')
    .addColumn('finished_at', 'integer')
    .addColumn('duration_ms', 'integer')
    .execute();
  await db.schema.createIndex('job_runs_ref').on('job_runs').columns(['kind', 'ref_id', 'id desc']).execute();
  await db.schema
    .createIndex('job_runs_unfinished')
    .on('job_runs')
    .column('id')
    .where(sql.ref('finished_at'), 'is', null)
    .execute();

  await sql`insert into job_runs (id, kind, ref_id, trigger, status, "end", exit_code, pid, marker, log_path, due_at,
      queued_at, started_at, finished_at, duration_ms)
    select id, 'task', cron_id, trigger, status, "end", exit_code, pid, marker, log_path, due_at, queued_at,
      started_at, finished_at, duration_ms from cron_runs order by id`.execute(db);
  await sql`insert into job_runs (kind, ref_id, trigger, status, "end", log_path, message, detail, queued_at,
      started_at, finished_at, duration_ms)
    select 'pull', sub_id, trigger, status, "end", log_path, message,
      '{"added":' || added || ',"removed":' || removed || '}', coalesce(started_at, 0), started_at, finished_at,
      duration_ms from subscription_runs order by id`.execute(db);
  await db.schema.dropTable('cron_runs').execute();
  await db.schema.dropTable('subscription_runs').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cron_runs')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('cron_id', 'integer', (c) => c.notNull().references('crons.id').onDelete('cascade'))
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('end', 'text')
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('pid', 'integer')
    .addColumn('marker', 'text')
    .addColumn('log_path', 'text')
    .addColumn('due_at', 'integer')
    .addColumn('queued_at', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'integer')
    .addColumn('finished_at', 'integer')
    .addColumn('exit_code', 'integer')
    .addColumn('duration_ms', 'integer')
    .execute();
  await db.schema.createIndex('cron_runs_cron').on('cron_runs').columns(['cron_id', 'id desc']).execute();
  await db.schema.createIndex('cron_runs_status').on('cron_runs').column('status').execute();
  await db.schema
    .createTable('subscription_runs')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('sub_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('end', 'text')
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('log_path', 'text')
    .addColumn('message', 'text')
    .addColumn('added', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('removed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('started_at', 'integer')
    .addColumn('finished_at', 'integer')
    .addColumn('duration_ms', 'integer')
    .execute();
  await db.schema.createIndex('subscription_runs_sub').on('subscription_runs').columns(['sub_id', 'id']).execute();
  await sql`insert into cron_runs (id, cron_id, status, "end", trigger, pid, marker, log_path, due_at, queued_at,
      started_at, finished_at, exit_code, duration_ms)
    select id, ref_id, status, "end", trigger, pid, marker, log_path, due_at, queued_at, started_at, finished_at,
      exit_code, duration_ms from job_runs where kind = 'task' and ref_id in (select id from crons)`.execute(db);
  await sql`insert into subscription_runs (sub_id, status, "end", trigger, log_path, message, started_at,
      finished_at, duration_ms)
    select ref_id, status, "end", trigger, log_path, message, started_at, finished_at, duration_ms
    from job_runs where kind = 'pull'`.execute(db);
  await db.schema.dropTable('job_runs').execute();
}
