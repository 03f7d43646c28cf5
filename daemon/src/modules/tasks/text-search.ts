/**
 * The task list with a text search of three or more characters (repository.ts list): the matches from the trigram
 * index, the page the cheapest way (search-pages.ts), what is kept between requests keyed on versions — the tasks'
 * text, and for the orders the tasks' moves (db/sqlite/row-moves.ts) or, without those, the database's change counter.
 */
import type { Kysely } from 'kysely';
import type { RowMoves, TextIndex } from '../../db/port.ts';
import type { CronRow, Database } from '../../db/schema.ts';
import type { Phrases } from '../../db/phrases.ts';
import { SearchPages } from './search-pages.ts';
import type { ListQuery } from './search-query.ts';
import { isIndexedOrder, orderOf, whereOf, type indexedSearchOf, type SortColumn } from './search.ts';

/**
 * Reading the matches by id and sorting them beats walking the order's index when there are fewer matches than one
 * task in `walkRatio` (measured at 100,000 tasks: 1.3 µs a match by id; walking an index checking ids against the
 * matches 0.12 µs a match to gather them plus 0.05 µs an entry), or without such an index, than one in `scanRatio`
 * (every row read and its LIKEs checked, 0.12 µs a row). A quarter of it bounds reading ids of an order (with its
 * check in a whole request, search-pages.ts) against reading the matches by id.
 */
const walkRatio = 30;
const scanRatio = 9;

export class TextSearch {
  private readonly pages: SearchPages;

  /** `version`: the database's change counter, null in a transaction (nothing is kept there). */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly phrases: Phrases,
    private readonly textIndex: TextIndex,
    private readonly version: () => string | null,
    private readonly moves?: RowMoves,
  ) {
    this.pages = new SearchPages(db, phrases, textIndex, {
      moves: moves && ((from, to) => moves.between(from, to)),
      current: () => this.orderVersion(),
    });
  }

  /** What the orders are kept under: changes when a task moves in one (db/sqlite/row-moves.ts), else as `version`. */
  private orderVersion(): string | null {
    return this.version() === null ? null : (this.moves?.version() ?? this.version());
  }

  /**
   * A text search of three or more characters: the trigram index gives the matches without reading a row (their
   * number is the total), then the page is read the cheapest way: few matches by id, then sorted; many in an order an
   * index serves, by reading the order's ids as far as the page and keeping those that match (search-pages.ts);
   * many in another order, by checking every row with the search's LIKEs (the LIKEs and the trigram index agree by
   * construction: test/integration/tasks-text-index.test.ts). Inside a transaction (no version to key what is kept
   * on) the index counts and the page walks the order's index checking ids against the matches in SQL.
   */
  async list(
    query: ListQuery,
    search: NonNullable<ReturnType<typeof indexedSearchOf>>,
    page: { offset: number; limit: number },
    ordered: <T extends { orderBy: (column: SortColumn, direction: 'asc' | 'desc') => T }>(select: T) => T,
    inOrder: (ids: number[]) => Promise<CronRow[]>,
  ): Promise<{ rows: CronRow[]; total: number }> {
    const version = this.orderVersion();
    const matches = version === null ? null : await this.pages.matching(search.columns, search.texts);
    const total = matches
      ? matches.size
      : (await this.textIndex.countTasksContaining(search.columns, search.texts).execute(this.db)).rows[0]!.total;
    if (total === 0 || page.offset >= total) return { rows: [], total };
    const { last } = await this.db
      .selectFrom('crons')
      .select((eb) => eb.fn.max('id').as('last'))
      .executeTakeFirstOrThrow();
    const tasks = Number(last ?? 0);
    const order = orderOf(query);
    const indexedOrder = isIndexedOrder(order);
    if (matches && version !== null && indexedOrder) {
      // Reading a match by id costs ≈1.3 µs, an id of an order read and checked ≈0.1 µs in a whole request (what is
      // kept costs nothing). The walk may spend about half of what by id
      // would (`walkRatio / 4` ids a match): one that finds the matches clustered later than spread ones would be gives
      // up there, so a wrong guess costs 1.5 times the by-id read at most. Read whole, the order reads nothing.
      const budget = Math.floor((total * walkRatio) / 4);
      void this.pages.readWhole(version, order);
      if (this.pages.idsToRead(version, order, matches, page.offset + page.limit, tasks) <= budget) {
        const pageIds = await this.pages.page(version, order, matches, page, tasks, budget);
        if (pageIds) return { rows: await inOrder(pageIds), total };
      }
    }
    const byId = total * (indexedOrder ? walkRatio : scanRatio) < tasks;
    if (byId && matches) {
      // The matches sorted by their ids and the order's columns alone, then the page's rows: sorting whole rows cost
      // twice as much (2,222 matches of 100,000: 2.6 against 1.4 ms).
      const select = this.db
        .selectFrom('crons')
        .select('crons.id')
        .where(this.phrases.inList('crons.id', matches.ids()));
      const ids = await ordered(select).limit(page.limit).offset(page.offset).execute();
      return { rows: await inOrder(ids.map((row) => row.id)), total };
    }
    const select = this.db.selectFrom('crons').selectAll();
    const filtered =
      byId || indexedOrder
        ? select.where(
            // With the matches known, this is the order's walk (by id was answered above): its index leads.
            matches
              ? this.phrases.inList('crons.id', matches.ids(), false)
              : this.textIndex.taskContains(search.columns, search.texts, byId),
          )
        : select.where(whereOf(query, this.phrases));
    const rows = await ordered(filtered).limit(page.limit).offset(page.offset).execute();
    return { rows, total };
  }
}
