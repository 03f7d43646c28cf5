import type { Kysely } from 'kysely';
import type { Database, LoginLogRow, NewUser, UserRow, UserUpdate } from '../../db/schema.ts';

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

  listLoginLogs(): Promise<LoginLogRow[]> {
    return this.db.selectFrom('login_logs').selectAll().orderBy('id', 'desc').execute();
  }
}
