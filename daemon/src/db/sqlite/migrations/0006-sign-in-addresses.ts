import type { Kysely } from 'kysely';

/**
 * Failed sign-ins per client address (the lockout that used to hold the one account for everyone), and when each
 * address last signed in successfully. The account's own counter stays in users.login_retries.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sign_in_addresses')
    .addColumn('address', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_failed_at', 'integer')
    .addColumn('last_success_at', 'integer')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sign_in_addresses').execute();
}
