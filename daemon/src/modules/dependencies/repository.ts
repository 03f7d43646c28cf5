import type { Kysely } from 'kysely';
import type { Database, DependencyRow, DependencyUpdate, NewDependency } from '../../db/schema.ts';
import type { Phrases } from '../../db/phrases.ts';

export interface DependencyFilter {
  search?: string | undefined;
  type?: number | undefined;
  statuses?: number[] | undefined;
}

/** The dependencies table: one query per method, no HTTP, no rules. */
export class DependencyRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly phrases: Phrases,
  ) {}

  list(filter: DependencyFilter): Promise<DependencyRow[]> {
    let query = this.db.selectFrom('dependencies').selectAll();
    const search = filter.search;
    if (search) {
      query = query.where((eb) =>
        eb.or([this.phrases.containsText(eb.ref('name'), search), this.phrases.containsText(eb.ref('remark'), search)]),
      );
    }
    if (filter.type !== undefined) query = query.where('type', '=', filter.type);
    if (filter.statuses && filter.statuses.length > 0) query = query.where('status', 'in', filter.statuses);
    return query.orderBy('id', 'desc').execute();
  }

  find(id: number): Promise<DependencyRow | undefined> {
    return this.db.selectFrom('dependencies').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findMany(ids: number[]): Promise<DependencyRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('dependencies').selectAll().where(this.phrases.inList('id', ids)).orderBy('id').execute();
  }

  all(): Promise<DependencyRow[]> {
    return this.db.selectFrom('dependencies').selectAll().orderBy('id').execute();
  }

  /** Many rows in one transaction, returned in the order given. */
  insertMany(rows: NewDependency[]): Promise<DependencyRow[]> {
    return this.db.transaction().execute(async (trx) => {
      const created: DependencyRow[] = [];
      for (const row of rows) {
        created.push(await trx.insertInto('dependencies').values(row).returningAll().executeTakeFirstOrThrow());
      }
      return created;
    });
  }

  update(id: number, changes: DependencyUpdate): Promise<DependencyRow | undefined> {
    return this.db.updateTable('dependencies').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('dependencies').where('id', '=', id).execute();
  }
}
