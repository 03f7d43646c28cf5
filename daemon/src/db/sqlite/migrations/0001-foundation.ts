import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('avatar', 'text')
    .addColumn('two_factor_secret', 'text')
    .addColumn('two_factor_pending_secret', 'text')
    .addColumn('two_factor_activated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('login_retries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_failed_at', 'integer')
    .addColumn('last_login_at', 'integer')
    .addColumn('last_ip', 'text')
    .addColumn('last_address', 'text')
    .addColumn('last_platform', 'text')
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('login_logs')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('timestamp', 'integer', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_logs_timestamp').on('login_logs').column('timestamp').execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['settings', 'login_logs', 'sessions', 'users']) {
    await db.schema.dropTable(table).execute();
  }
}
