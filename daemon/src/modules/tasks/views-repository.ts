import type { Kysely } from 'kysely';
import type { CronViewRow, CronViewsTable, Database } from '../../db/schema.ts';
import type { Phrases } from '../../db/phrases.ts';
import type { Insertable, Updateable } from 'kysely';

/** The task views table (the list's tabs). Ordered by position, smallest first. */
export class CronViewRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly phrases: Phrases,
  ) {}

  list(): Promise<CronViewRow[]> {
    return this.db.selectFrom('cron_views').selectAll().orderBy('position').orderBy('id').execute();
  }

  find(id: number): Promise<CronViewRow | undefined> {
    return this.db.selectFrom('cron_views').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByName(name: string): Promise<CronViewRow | undefined> {
    return this.db.selectFrom('cron_views').selectAll().where('name', '=', name).executeTakeFirst();
  }

  findMany(ids: number[]): Promise<CronViewRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('cron_views').selectAll().where(this.phrases.inList('id', ids)).execute();
  }

  async maxPosition(): Promise<number> {
    const row = await this.db
      .selectFrom('cron_views')
      .select((eb) => eb.fn.max('position').as('max'))
      .executeTakeFirst();
    return Number(row?.max ?? 0);
  }

  insert(view: Insertable<CronViewsTable>): Promise<CronViewRow> {
    return this.db.insertInto('cron_views').values(view).returningAll().executeTakeFirstOrThrow();
  }

  update(id: number, changes: Updateable<CronViewsTable>): Promise<CronViewRow | undefined> {
    return this.db.updateTable('cron_views').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
  }

  async setDisabled(ids: number[], disabled: 0 | 1, now: number): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('cron_views')
      .set({ is_disabled: disabled, updated_at: now })
      .where(this.phrases.inList('id', ids))
      .execute();
  }

  async delete(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.deleteFrom('cron_views').where(this.phrases.inList('id', ids)).execute();
  }

  /** Gives the views positions 0, 1, 2… in the order given, in one transaction. */
  async rewritePositions(orderedIds: number[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const [position, id] of orderedIds.entries()) {
        await trx.updateTable('cron_views').set({ position }).where('id', '=', id).execute();
      }
    });
  }
}
