import type { Kysely } from 'kysely';

/**
 * Applications of the open API and their tokens. Secrets and tokens are stored as SHA-256 hashes only; a token row
 * goes with its application (reset and delete revoke at once).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('apps')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('client_id', 'text', (c) => c.notNull().unique())
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('app_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('app_id', 'integer', (c) => c.notNull().references('apps.id').onDelete('cascade'))
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('app_tokens_app').on('app_tokens').columns(['app_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('app_tokens').execute();
  await db.schema.dropTable('apps').execute();
}
