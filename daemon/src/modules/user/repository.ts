import type { Kysely } from 'kysely';
import type { Database, LoginLogRow, NewUser, SignInAddressRow, UserRow, UserUpdate } from '../../db/schema.ts';

export const accountId = 1 as const;
/** How many login attempts the log keeps; older ones are dropped as new ones arrive. */
const loginLogLimit = 500;

export class UserRepository {
  constructor(private readonly db: Kysely<Database>) {}

  find(): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', accountId).executeTakeFirst();
  }

  /** Inserts the one account; returns false when it already exists (the primary key is always 1). */
  async insertIfAbsent(user: NewUser): Promise<boolean> {
    const result = await this.db
      .insertInto('users')
      .values(user)
      .onConflict((c) => c.column('id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  async update(changes: UserUpdate): Promise<void> {
    await this.db.updateTable('users').set(changes).where('id', '=', accountId).execute();
  }

  async addLoginLog(entry: Omit<LoginLogRow, 'id'>): Promise<void> {
    await this.db.insertInto('login_logs').values(entry).execute();
    await this.db
      .deleteFrom('login_logs')
      .where('id', 'not in', this.db.selectFrom('login_logs').select('id').orderBy('id', 'desc').limit(loginLogLimit))
      .execute();
  }

  address(address: string): Promise<SignInAddressRow | undefined> {
    return this.db.selectFrom('sign_in_addresses').selectAll().where('address', '=', address).executeTakeFirst();
  }

  /** One more consecutive failure from `address` at `now`. */
  async addressFailed(address: string, now: number): Promise<void> {
    await this.db
      .insertInto('sign_in_addresses')
      .values({ address, failures: 1, last_failed_at: now })
      .onConflict((c) =>
        // The table's own count (PostgreSQL reads a bare name as ambiguous beside `excluded`).
        c.column('address').doUpdateSet((eb) => ({
          failures: eb('sign_in_addresses.failures', '+', 1),
          last_failed_at: now,
        })),
      )
      .execute();
  }

  /** A success from `address`: its failures are forgotten and it is known from now on. */
  async addressSucceeded(address: string, now: number): Promise<void> {
    await this.db
      .insertInto('sign_in_addresses')
      .values({ address, failures: 0, last_failed_at: null, last_success_at: now })
      .onConflict((c) => c.column('address').doUpdateSet({ failures: 0, last_failed_at: null, last_success_at: now }))
      .execute();
  }

  /** Forgets addresses whose last failure is older than `failedBefore` and that are not known since `knownSince`. */
  async pruneAddresses(failedBefore: number, knownSince: number): Promise<void> {
    await this.db
      .deleteFrom('sign_in_addresses')
      .where((eb) =>
        eb.and([
          eb.or([eb('last_failed_at', 'is', null), eb('last_failed_at', '<', failedBefore)]),
          eb.or([eb('last_success_at', 'is', null), eb('last_success_at', '<', knownSince)]),
        ]),
      )
      .execute();
  }

  /** `ql resetlet`: every address's failures are forgotten (the addresses that signed in stay known). */
  async clearAddressFailures(): Promise<void> {
    await this.db.deleteFrom('sign_in_addresses').where('last_success_at', 'is', null).execute();
    await this.db.updateTable('sign_in_addresses').set({ failures: 0, last_failed_at: null }).execute();
  }

  listLoginLogs(): Promise<LoginLogRow[]> {
    return this.db.selectFrom('login_logs').selectAll().orderBy('id', 'desc').execute();
  }
}
