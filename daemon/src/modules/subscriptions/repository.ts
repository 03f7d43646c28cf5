import { sql, type Kysely } from 'kysely';
import type {
  Database,
  NewSubscription,
  SubscriptionRow,
  SubscriptionRunRow,
  SubscriptionRunUpdate,
  SubscriptionUpdate,
} from '../../db/schema.ts';
import type { ExistingTask } from './sync.ts';
import { inList } from '../../db/in-list.ts';

const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The subscriptions and subscription_runs tables (and the tasks a subscription owns): one query per method. */
export class SubscriptionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  list(filter: { search?: string | undefined; ids?: number[] | undefined }): Promise<SubscriptionRow[]> {
    let query = this.db.selectFrom('subscriptions').selectAll();
    if (filter.search) {
      const like = likeOf(filter.search);
      query = query.where((eb) =>
        eb.or(
          (['name', 'url', 'alias'] as const).map((column) => eb(column, 'like', sql<string>`${like} escape '\\'`)),
        ),
      );
    }
    if (filter.ids) query = query.where(inList('id', filter.ids));
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
    return this.db.selectFrom('subscriptions').selectAll().where(inList('id', ids)).orderBy('id').execute();
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
    return this.db.updateTable('subscriptions').set(changes).where(inList('id', ids)).returningAll().execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('subscriptions').where('id', '=', id).execute();
  }

  /** Tasks that run a script of this alias's folder or belong to the subscription. */
  tasksOf(subId: number, alias: string): Promise<ExistingTask[]> {
    const prefix = `task ${alias}/`.replace(/[\\%_]/g, (c) => `\\${c}`);
    return this.db
      .selectFrom('crons')
      .select(['id', 'command', 'sub_id'])
      .where((eb) => eb.or([eb('sub_id', '=', subId), eb('command', 'like', sql<string>`${`${prefix}%`} escape '\\'`)]))
      .execute();
  }

  async taskIdsOf(subId: number): Promise<number[]> {
    const rows = await this.db.selectFrom('crons').select('id').where('sub_id', '=', subId).execute();
    return rows.map((r) => r.id);
  }

  /** A deleted subscription's tasks stay, unlinked. */
  async unlinkTasks(subId: number): Promise<void> {
    await this.db.updateTable('crons').set({ sub_id: null }).where('sub_id', '=', subId).execute();
  }

  insertRun(row: Omit<SubscriptionRunRow, 'id' | 'added' | 'removed'>): Promise<SubscriptionRunRow> {
    return this.db.insertInto('subscription_runs').values(row).returningAll().executeTakeFirstOrThrow();
  }

  async updateRun(id: number, changes: SubscriptionRunUpdate): Promise<void> {
    await this.db.updateTable('subscription_runs').set(changes).where('id', '=', id).execute();
  }

  findRun(id: number): Promise<SubscriptionRunRow | undefined> {
    return this.db.selectFrom('subscription_runs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  runs(subId: number, limit: number): Promise<SubscriptionRunRow[]> {
    return this.db
      .selectFrom('subscription_runs')
      .selectAll()
      .where('sub_id', '=', subId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  async deleteRuns(subId: number): Promise<void> {
    await this.db.deleteFrom('subscription_runs').where('sub_id', '=', subId).execute();
  }

  /** Runs a crash left open are closed as interrupted (start-up). */
  async closeOpenRuns(status: number, end: string, now: number): Promise<void> {
    await this.db
      .updateTable('subscription_runs')
      .set({ status, end, finished_at: now })
      .where('finished_at', 'is', null)
      .execute();
  }
}
