import type { Kysely } from 'kysely';
import type { CronRow, CronUpdate, Database, NewCron } from '../../db/schema.ts';
import type { Phrases } from '../../db/phrases.ts';
import type { ListQuery } from './search-query.ts';
import { hasConditions, indexedSearchOf, orderOf, whereOf, type SortColumn } from './search.ts';
import { StatementShapes } from '../../db/shapes.ts';
import type { RowMoves, TextIndex } from '../../db/port.ts';
import { TextSearch } from './text-search.ts';

/** The columns that arm a task's timers. */
export type ArmableCron = Pick<
  CronRow,
  'id' | 'is_disabled' | 'schedule' | 'extra_schedules' | 'catch_up_minutes' | 'last_due_at'
>;

/** The tasks table for the REST module: one query per method, no HTTP, no rules. */
export class CronRepository {
  private readonly textSearch: TextSearch | null;
  private readonly shapes: StatementShapes;
  private readonly changeCounter: (() => string | null) | null;
  private readonly textIndex: TextIndex | null;

  /**
   * `textIndex`: the trigram index of the tasks' text, when the engine has one (a search of three or more
   * characters is answered by it; else by the phrases' LIKE). `moves`: the tasks that moved (db/sqlite/row-moves.ts):
   * the list's orders stay usable after runs changed tasks.
   */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly phrases: Phrases,
    accelerated: {
      changeCounter?: (() => string | null) | null;
      textIndex?: TextIndex | null;
      moves?: RowMoves | null;
    } = {},
  ) {
    this.changeCounter = accelerated.changeCounter ?? null;
    this.textIndex = accelerated.textIndex ?? null;
    this.textSearch = this.textIndex
      ? new TextSearch(db, phrases, this.textIndex, () => this.version(), accelerated.moves ?? undefined)
      : null;
    this.shapes = new StatementShapes(db, phrases);
  }

  /** Changes whenever the database does (DatabaseHandle.changeCounter); null in a transaction, where nothing may be kept. */
  version(): string | null {
    return this.changeCounter?.() ?? null;
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
    const where = whereOf(query, this.phrases);
    const ordered = <T extends { orderBy: (column: SortColumn, direction: 'asc' | 'desc') => T }>(select: T): T =>
      orderOf(query).reduce((s, [column, direction]) => s.orderBy(column, direction), select);
    if (!page) {
      const rows = await ordered(this.db.selectFrom('crons').selectAll().where(where)).execute();
      return { rows, total: rows.length };
    }
    const indexed = this.textIndex && indexedSearchOf(query, this.textIndex);
    if (indexed && this.textSearch)
      return this.textSearch.list(query, indexed, page, ordered, (ids) => this.inOrder(ids));
    if (hasConditions(query)) {
      const ids = (await ordered(this.db.selectFrom('crons').select('id').where(where)).execute()).map((r) => r.id);
      return { rows: await this.inOrder(ids.slice(page.offset, page.offset + page.limit)), total: ids.length };
    }
    const rows = await ordered(this.db.selectFrom('crons').selectAll()).limit(page.limit).offset(page.offset).execute();
    const counted = await this.db
      .selectFrom('crons')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    return { rows, total: Number(counted.total) };
  }

  /** The rows of these ids in the ids' order (ids that are gone are left out). */
  private async inOrder(ids: number[]): Promise<CronRow[]> {
    const byId = new Map((await this.findMany(ids)).map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id)).filter((row) => row !== undefined);
  }

  /** A task by id (each run reads its task when its turn comes: built once, db/shapes.ts). */
  find(id: number): Promise<CronRow | undefined> {
    return this.shapes.findById<CronRow>('crons', id);
  }

  findMany(ids: number[]): Promise<CronRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('crons').selectAll().where(this.phrases.inList('id', ids)).orderBy('id').execute();
  }

  findByLogPath(logPath: string): Promise<CronRow | undefined> {
    return this.db
      .selectFrom('crons')
      .selectAll()
      .where('log_path', '=', logPath)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  /** Tasks whose command mentions `fragment` (narrowed in code: the caller compares the parsed script). */
  withCommandLike(fragment: string): Promise<CronRow[]> {
    return this.db
      .selectFrom('crons')
      .selectAll()
      .where((eb) => this.phrases.containsText(eb.ref('command'), fragment))
      .orderBy('id')
      .execute();
  }

  /** What names the log folders of these tasks (log-folders.ts makes a task's first one before it is due). */
  logFolderRowsOf(ids: number[]): Promise<Pick<CronRow, 'id' | 'command' | 'log_name' | 'log_path'>[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('crons')
      .select(['id', 'command', 'log_name', 'log_path'])
      .where(this.phrases.inList('id', ids))
      .orderBy('id')
      .execute();
  }

  logFolderRows(): Promise<Pick<CronRow, 'id' | 'name' | 'command' | 'log_name' | 'log_path'>[]> {
    return this.db.selectFrom('crons').select(['id', 'name', 'command', 'log_name', 'log_path']).execute();
  }

  /** The commands of every task, to skip crontab lines that are already tasks. */
  async commands(): Promise<Set<string>> {
    const rows = await this.db.selectFrom('crons').select('command').execute();
    return new Set(rows.map((r) => r.command));
  }

  identities(): Promise<{ id: number; name: string; command: string; schedule: string }[]> {
    return this.db.selectFrom('crons').select(['id', 'name', 'command', 'schedule']).orderBy('id').execute();
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

  /** update without reading the row back: a run's status changes (two a run) need nothing of it. */
  set(id: number, changes: CronUpdate): Promise<void> {
    return this.shapes.updateById('crons', id, changes);
  }

  /** set for several tasks: one statement (runs due together are queued together). */
  async setMany(ids: readonly number[], changes: CronUpdate): Promise<void> {
    if (ids.length === 1) return this.set(ids[0]!, changes);
    if (ids.length > 0) await this.db.updateTable('crons').set(changes).where(this.phrases.inList('id', ids)).execute();
  }

  updateMany(ids: number[], changes: CronUpdate): Promise<CronRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.updateTable('crons').set(changes).where(this.phrases.inList('id', ids)).returningAll().execute();
  }

  /** Rewrites the labels of several tasks in one transaction; `change` gets each task's current labels. */
  async updateLabels(ids: number[], change: (labels: string[]) => string[], now: number): Promise<void> {
    if (ids.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('crons')
        .select(['id', 'labels'])
        .where(this.phrases.inList('id', ids))
        .execute();
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
    await this.db.deleteFrom('crons').where(this.phrases.inList('id', ids)).execute();
  }

  /** The same queries inside a transaction. */
  transaction<T>(work: (repository: CronRepository) => Promise<T>): Promise<T> {
    return this.db
      .transaction()
      .execute((trx) => work(new CronRepository(trx, this.phrases, { textIndex: this.textIndex })));
  }

  /**
   * What arming needs of the enabled tasks after `afterId`, by id: start-up reads them a page at a time and only these
   * columns (100,000 whole rows at once were ≈100 MB and a third of the start-up).
   */
  listEnabled(afterId: number, limit: number): Promise<ArmableCron[]> {
    return this.db
      .selectFrom('crons')
      .select(['id', 'is_disabled', 'schedule', 'extra_schedules', 'catch_up_minutes', 'last_due_at'])
      .where('is_disabled', '=', 0)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** After a crash no task can still be running or queued. */
  async resetStatuses(idle: number): Promise<void> {
    await this.db.updateTable('crons').set({ status: idle, pid: null }).where('status', '!=', idle).execute();
  }

  /** Tasks that run a script of a subscription's folder (`task <alias>/…`) or belong to the subscription. */
  ofSubscription(subId: number, alias: string): Promise<{ id: number; command: string; sub_id: number | null }[]> {
    return this.db
      .selectFrom('crons')
      .select(['id', 'command', 'sub_id'])
      .where((eb) =>
        eb.or([eb('sub_id', '=', subId), this.phrases.startsWithText(eb.ref('command'), `task ${alias}/`)]),
      )
      .execute();
  }

  async idsOfSubscription(subId: number): Promise<number[]> {
    const rows = await this.db.selectFrom('crons').select('id').where('sub_id', '=', subId).execute();
    return rows.map((r) => r.id);
  }

  /** A deleted subscription's tasks stay, unlinked. */
  async unlinkSubscription(subId: number): Promise<void> {
    await this.db.updateTable('crons').set({ sub_id: null }).where('sub_id', '=', subId).execute();
  }
}
