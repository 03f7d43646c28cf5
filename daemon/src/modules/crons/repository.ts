import type { Kysely } from 'kysely';
import type SQLite from 'better-sqlite3';
import type { CronRow, CronRunRow, CronUpdate, Database, NewCron } from '../../db/schema.ts';
import { hasConditions, orderOf, whereOf, type ListQuery, type SortColumn } from './search.ts';
import { inList } from '../../db/in-list.ts';

/** The tasks table for the REST module: one query per method, no HTTP, no rules. */
export class CronRepository {
  private readonly versionQuery: SQLite.Statement<[], { changes: number; data: number }> | null;

  constructor(
    private readonly db: Kysely<Database>,
    sqlite?: SQLite.Database,
  ) {
    // Asked on every list request: one statement prepared once, not a query built and prepared each time.
    this.versionQuery = sqlite
      ? sqlite.prepare('select total_changes() as changes, (select data_version from pragma_data_version) as data')
      : null;
  }

  /**
   * Changes whenever the database does: writes on this connection, or commits by any other connection. Null when
   * this repository was made without the raw handle (inside a transaction), where nothing may be cached.
   */
  version(): string | null {
    const row = this.versionQuery?.get();
    return row ? `${row.changes}:${row.data}` : null;
  }

  /**
   * One page (or every row when no page is given) and the number of matching rows. Without conditions the default
   * order's index serves the page and the count. With conditions the table has to be scanned anyway, so it is
   * scanned once: the ordered ids of every match give the total and the page, whose rows are then read by id.
   */
  async list(
    query: ListQuery,
    page: { offset: number; limit: number } | null,
  ): Promise<{ rows: CronRow[]; total: number }> {
    const where = whereOf(query);
    const ordered = <T extends { orderBy: (column: SortColumn, direction: 'asc' | 'desc') => T }>(select: T): T =>
      orderOf(query).reduce((s, [column, direction]) => s.orderBy(column, direction), select);
    if (!page) {
      const rows = await ordered(this.db.selectFrom('crons').selectAll().where(where)).execute();
      return { rows, total: rows.length };
    }
    if (hasConditions(query)) {
      const ids = (await ordered(this.db.selectFrom('crons').select('id').where(where)).execute()).map((r) => r.id);
      const pageIds = ids.slice(page.offset, page.offset + page.limit);
      const byId = new Map((await this.findMany(pageIds)).map((row) => [row.id, row]));
      return { rows: pageIds.map((id) => byId.get(id)).filter((row) => row !== undefined), total: ids.length };
    }
    const rows = await ordered(this.db.selectFrom('crons').selectAll()).limit(page.limit).offset(page.offset).execute();
    const counted = await this.db
      .selectFrom('crons')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    return { rows, total: Number(counted.total) };
  }

  find(id: number): Promise<CronRow | undefined> {
    return this.db.selectFrom('crons').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findMany(ids: number[]): Promise<CronRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('crons').selectAll().where(inList('id', ids)).orderBy('id').execute();
  }

  findByLogPath(logPath: string): Promise<CronRow | undefined> {
    return this.db
      .selectFrom('crons')
      .selectAll()
      .where('log_path', '=', logPath)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  /** The commands of every task, to skip crontab lines that are already tasks. */
  async commands(): Promise<Set<string>> {
    const rows = await this.db.selectFrom('crons').select('command').execute();
    return new Set(rows.map((r) => r.command));
  }

  insert(cron: NewCron): Promise<CronRow> {
    return this.db.insertInto('crons').values(cron).returningAll().executeTakeFirstOrThrow();
  }

  /** Many tasks in one transaction (imports, benchmarks). */
  async insertMany(crons: NewCron[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (let i = 0; i < crons.length; i += 500) {
        await trx
          .insertInto('crons')
          .values(crons.slice(i, i + 500))
          .execute();
      }
    });
  }

  update(id: number, changes: CronUpdate): Promise<CronRow | undefined> {
    return this.db.updateTable('crons').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
  }

  updateMany(ids: number[], changes: CronUpdate): Promise<CronRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.updateTable('crons').set(changes).where(inList('id', ids)).returningAll().execute();
  }

  /** Rewrites the labels of several tasks in one transaction; `change` gets each task's current labels. */
  async updateLabels(ids: number[], change: (labels: string[]) => string[], now: number): Promise<void> {
    if (ids.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      const rows = await trx.selectFrom('crons').select(['id', 'labels']).where(inList('id', ids)).execute();
      for (const row of rows) {
        const labels = JSON.stringify(change(JSON.parse(row.labels) as string[]));
        if (labels !== row.labels) {
          await trx.updateTable('crons').set({ labels, updated_at: now }).where('id', '=', row.id).execute();
        }
      }
    });
  }

  async delete(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.deleteFrom('crons').where(inList('id', ids)).execute();
  }

  runs(cronId: number, limit: number): Promise<CronRunRow[]> {
    return this.db
      .selectFrom('cron_runs')
      .selectAll()
      .where('cron_id', '=', cronId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }
}
