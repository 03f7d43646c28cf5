import { sql, type Kysely } from 'kysely';
import type { Database, EnvRow, EnvUpdate, NewEnv } from '../../db/schema.ts';
import type { Phrases } from '../../db/phrases.ts';
import { EnvStatus } from '../../contract/enums.ts';
import { StatementShapes } from '../../db/shapes.ts';

/** A row's place in the list: pinned first, then by position, then by id (so ties are stable). */
export interface EnvOrder {
  id: number;
  position: number;
  is_pinned: number;
}

/** The envs table: one query per method, no HTTP, no rules. */
export class EnvRepository {
  private readonly shapes: StatementShapes;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly phrases: Phrases,
  ) {
    this.shapes = new StatementShapes(db, phrases);
  }

  /** Every row in list order; with `search`, those whose name, value or remarks contain it. */
  list(search?: string): Promise<EnvRow[]> {
    let query = this.db.selectFrom('envs').selectAll();
    if (search) {
      query = query.where((eb) =>
        eb.or([
          this.phrases.containsText(eb.ref('name'), search),
          this.phrases.containsText(eb.ref('value'), search),
          this.phrases.containsText(eb.ref('remarks'), search),
        ]),
      );
    }
    return query.orderBy('is_pinned', 'desc').orderBy('position').orderBy('id').execute();
  }

  /** Enabled variables by position, for a run's environment. */
  enabled(): Promise<{ id: number; name: string; value: string }[]> {
    return this.db
      .selectFrom('envs')
      .select(['id', 'name', 'value'])
      .where('status', '=', EnvStatus.normal)
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  /** Changes whenever enabled() could answer differently, whoever wrote (migration 0015's triggers). */
  /** Read by every run (db/shapes.ts: built once). */
  async version(): Promise<number> {
    const [row] = await this.shapes.execute<{ version: number }>('envs version', [], () => ({
      compile: () => sql<{ version: number }>`select version from envs_version`.compile(this.db),
    }));
    return row!.version;
  }

  find(id: number): Promise<EnvRow | undefined> {
    return this.db.selectFrom('envs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findMany(ids: number[]): Promise<EnvRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('envs')
      .selectAll()
      .where(this.phrases.inList('id', ids))
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  /** Stored rows with one of these names (for the name + value uniqueness check). */
  withNames(names: string[]): Promise<Pick<EnvRow, 'id' | 'name' | 'value'>[]> {
    if (names.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('envs')
      .select(['id', 'name', 'value'])
      .where(this.phrases.inList('name', names))
      .execute();
  }

  order(): Promise<EnvOrder[]> {
    return this.db
      .selectFrom('envs')
      .select(['id', 'position', 'is_pinned'])
      .orderBy('is_pinned', 'desc')
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  async maxPosition(): Promise<number | null> {
    const row = await this.db
      .selectFrom('envs')
      .select((eb) => eb.fn.max('position').as('max'))
      .executeTakeFirst();
    return row?.max ?? null;
  }

  /** Many rows in one transaction: all or nothing. Returns them in the order given. */
  insertMany(rows: NewEnv[]): Promise<EnvRow[]> {
    return this.db.transaction().execute(async (trx) => {
      const created: EnvRow[] = [];
      for (const row of rows)
        created.push(await trx.insertInto('envs').values(row).returningAll().executeTakeFirstOrThrow());
      return created;
    });
  }

  update(id: number, changes: EnvUpdate): Promise<EnvRow | undefined> {
    return this.db.updateTable('envs').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
  }

  updateMany(ids: number[], changes: EnvUpdate): Promise<EnvRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.updateTable('envs').set(changes).where(this.phrases.inList('id', ids)).returningAll().execute();
  }

  /** New positions for many rows in one transaction. */
  async setPositions(positions: { id: number; position: number }[], now: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const { id, position } of positions) {
        await trx.updateTable('envs').set({ position, updated_at: now }).where('id', '=', id).execute();
      }
    });
  }

  /** Rewrites the labels of several rows in one transaction; `change` gets each row's current labels. */
  async updateLabels(ids: number[], change: (labels: string[]) => string[], now: number): Promise<void> {
    if (ids.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('envs')
        .select(['id', 'labels'])
        .where(this.phrases.inList('id', ids))
        .execute();
      for (const row of rows) {
        const labels = JSON.stringify(change(JSON.parse(row.labels) as string[]));
        if (labels !== row.labels) {
          await trx.updateTable('envs').set({ labels, updated_at: now }).where('id', '=', row.id).execute();
        }
      }
    });
  }

  async delete(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.deleteFrom('envs').where(this.phrases.inList('id', ids)).execute();
  }
}
