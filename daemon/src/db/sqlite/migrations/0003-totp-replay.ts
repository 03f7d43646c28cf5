import type { Kysely } from 'kysely';

/** The time step of the last accepted two-factor code, so one code cannot be used twice. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('two_factor_last_step', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('two_factor_last_step').execute();
}
