import { sql, type Kysely } from 'kysely';
import type { AppRow, Database } from '../../db/schema.ts';
import type { Phrases } from '../../db/phrases.ts';

/** An application with its live-token count, as the list shows it. */
export type AppListRow = AppRow & { tokens: number };

/** The apps and app_tokens tables: one query per method, no HTTP, no rules. */
export class AppRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly phrases: Phrases,
  ) {}

  /** Every app, oldest first, with how many of its tokens are live at `now`. */
  list(now: number): Promise<AppListRow[]> {
    return this.db
      .selectFrom('apps')
      .selectAll('apps')
      .select((eb) =>
        eb
          .selectFrom('app_tokens')
          .select(sql<number>`count(*)`.as('n'))
          .whereRef('app_tokens.app_id', '=', 'apps.id')
          .where('app_tokens.expires_at', '>', now)
          .as('tokens'),
      )
      .orderBy('apps.id')
      .execute() as Promise<AppListRow[]>;
  }

  find(id: number): Promise<AppRow | undefined> {
    return this.db.selectFrom('apps').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByClientId(clientId: string): Promise<AppRow | undefined> {
    return this.db.selectFrom('apps').selectAll().where('client_id', '=', clientId).executeTakeFirst();
  }

  /** Another app's id with this name (case and blanks aside), if there is one. */
  async nameTaken(name: string, exceptId?: number): Promise<boolean> {
    let query = this.db
      .selectFrom('apps')
      .select('id')
      .where(sql<boolean>`lower(trim(name)) = lower(trim(${name}))`);
    if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  async insert(values: Omit<AppRow, 'id'>): Promise<number> {
    const row = await this.db.insertInto('apps').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, values: Partial<Omit<AppRow, 'id'>>): Promise<void> {
    await this.db.updateTable('apps').set(values).where('id', '=', id).execute();
  }

  /** Removes the apps; their tokens go with them (foreign key, on delete cascade). */
  async remove(ids: number[]): Promise<void> {
    await this.db.deleteFrom('apps').where(this.phrases.inList('id', ids)).execute();
  }

  async dropTokens(appId: number): Promise<void> {
    await this.db.deleteFrom('app_tokens').where('app_id', '=', appId).execute();
  }

  /**
   * Adds a token and keeps only the app's `keep` newest live ones (Qinglong keeps at most five): expired tokens and
   * the oldest beyond the limit are dropped in the same transaction.
   */
  async addToken(token: { hash: string; appId: number; now: number; expiresAt: number }, keep: number): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx
        .deleteFrom('app_tokens')
        .where('app_id', '=', token.appId)
        .where('expires_at', '<=', token.now)
        .execute();
      await tx
        .insertInto('app_tokens')
        .values({ token_hash: token.hash, app_id: token.appId, created_at: token.now, expires_at: token.expiresAt })
        .execute();
      const newest = tx
        .selectFrom('app_tokens')
        .select('token_hash')
        .where('app_id', '=', token.appId)
        .orderBy('created_at', 'desc')
        .orderBy(this.phrases.insertionOrder, 'desc')
        .limit(keep);
      await tx
        .deleteFrom('app_tokens')
        .where('app_id', '=', token.appId)
        .where('token_hash', 'not in', newest)
        .execute();
    });
  }

  /** The app a live token belongs to, with its current scopes (so a change of scopes applies at once). */
  tokenOwner(hash: string, now: number): Promise<{ id: number; scopes: string } | undefined> {
    return this.db
      .selectFrom('app_tokens')
      .innerJoin('apps', 'apps.id', 'app_tokens.app_id')
      .select(['apps.id', 'apps.scopes'])
      .where('app_tokens.token_hash', '=', hash)
      .where('app_tokens.expires_at', '>', now)
      .executeTakeFirst();
  }
}
