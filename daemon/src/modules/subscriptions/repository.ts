import type { Kysely } from 'kysely';
import type { Database, NewSubscription, SubscriptionRow, SubscriptionUpdate } from '../../db/schema.ts';
import type { Phrases } from '../../db/phrases.ts';

/** The subscriptions table: one query per method (their pulls are job runs, their tasks the tasks area's). */
export class SubscriptionRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly phrases: Phrases,
  ) {}

  list(filter: { search?: string | undefined; ids?: number[] | undefined }): Promise<SubscriptionRow[]> {
    let query = this.db.selectFrom('subscriptions').selectAll();
    const search = filter.search;
    if (search) {
      query = query.where((eb) =>
        eb.or((['name', 'url', 'alias'] as const).map((column) => this.phrases.containsText(eb.ref(column), search))),
      );
    }
    if (filter.ids) query = query.where(this.phrases.inList('id', filter.ids));
    return query.orderBy('id', 'desc').execute();
  }

  all(): Promise<SubscriptionRow[]> {
    return this.db.selectFrom('subscriptions').selectAll().orderBy('id').execute();
  }

  find(id: number): Promise<SubscriptionRow | undefined> {
    return this.db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findMany(ids: number[]): Promise<SubscriptionRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where(this.phrases.inList('id', ids))
      .orderBy('id')
      .execute();
  }

  findByAlias(alias: string): Promise<SubscriptionRow | undefined> {
    return this.db.selectFrom('subscriptions').selectAll().where('alias', '=', alias).executeTakeFirst();
  }

  insert(row: NewSubscription): Promise<SubscriptionRow> {
    return this.db.insertInto('subscriptions').values(row).returningAll().executeTakeFirstOrThrow();
  }

  update(id: number, changes: SubscriptionUpdate): Promise<SubscriptionRow | undefined> {
    return this.db.updateTable('subscriptions').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
  }

  updateMany(ids: number[], changes: SubscriptionUpdate): Promise<SubscriptionRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .updateTable('subscriptions')
      .set(changes)
      .where(this.phrases.inList('id', ids))
      .returningAll()
      .execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('subscriptions').where('id', '=', id).execute();
  }
}
