import type { Kysely } from 'kysely';

/** Subscriptions (Qinglong's fields) and their pulls; tasks link to them by crons.sub_id. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('branch', 'text')
    .addColumn('schedule_type', 'text', (c) => c.notNull().defaultTo('crontab'))
    .addColumn('schedule', 'text')
    .addColumn('interval_schedule', 'text')
    .addColumn('whitelist', 'text')
    .addColumn('blacklist', 'text')
    .addColumn('dependences', 'text')
    .addColumn('extensions', 'text')
    .addColumn('pull_type', 'text')
    .addColumn('pull_option', 'text')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('pid', 'integer')
    .addColumn('is_disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('log_path', 'text')
    .addColumn('alias', 'text', (c) => c.notNull().unique())
    .addColumn('sub_before', 'text')
    .addColumn('sub_after', 'text')
    .addColumn('proxy', 'text')
    .addColumn('auto_add_cron', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('auto_del_cron', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('last_end', 'text')
    .addColumn('last_pull_at', 'integer')
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .execute();

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
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('subscription_runs').execute();
  await db.schema.dropTable('subscriptions').execute();
}
