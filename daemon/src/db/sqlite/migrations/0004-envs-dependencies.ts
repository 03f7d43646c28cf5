import type { Kysely } from 'kysely';

/** The environment-variable area and the dependencies area. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('envs')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('remarks', 'text')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('position', 'real', (c) => c.notNull())
    .addColumn('is_pinned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('labels', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('envs_order').on('envs').columns(['is_pinned desc', 'position', 'id']).execute();

  await db.schema
    .createTable('dependencies')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('remark', 'text')
    .addColumn('log', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('log_path', 'text')
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('dependencies_type').on('dependencies').columns(['type', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('dependencies').execute();
  await db.schema.dropTable('envs').execute();
}
