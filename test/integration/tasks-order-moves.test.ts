// @sqlite-only: SQLite's row moves behind the kept orders
/**
 * A task list's order read whole stays exact after tasks move in it (db/sqlite/row-moves.ts,
 * modules/tasks/order-ids.ts, search-pages.ts fromWhole): generated writes of every kind, each followed by pages of
 * searches in every order an index serves, compared with the same query in SQL.
 */
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import Database from 'better-sqlite3';
import type { NewCron } from '../../daemon/src/db/schema.ts';
import { RowMoves } from '../../daemon/src/db/sqlite/row-moves.ts';
import { CronRepository } from '../../daemon/src/modules/tasks/repository.ts';
import { parseListQuery } from '../../daemon/src/modules/tasks/search-query.ts';
import {
  orderColumns,
  indexedSearchOf,
  orderOf,
  whereOf,
  type SortColumn,
} from '../../daemon/src/modules/tasks/search.ts';
import { SearchPages, type Order } from '../../daemon/src/modules/tasks/search-pages.ts';
import { migratedDatabase } from '../helpers/database.ts';

function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/** Few names and times, so that the orders have many ties for the later columns to break. */
function task(next: () => number, n: number): NewCron {
  return {
    name: `${['alpha', 'beta', 'gamma'][Math.floor(next() * 3)]} ${Math.floor(next() * 40)} #${n}`,
    command: next() < 0.5 ? 'echo alpha' : 'echo hi',
    schedule: '@daily',
    is_pinned: next() < 0.2 ? 1 : 0,
    is_disabled: next() < 0.2 ? 1 : 0,
    status: Math.floor(next() * 3),
    last_execution_time: next() < 0.3 ? null : Math.floor(next() * 20),
    created_at: Math.floor(next() * 30),
    updated_at: 1,
  };
}

const sorters = [undefined, 'name', 'createdAt', 'status', 'last_execution_time'].flatMap((field) =>
  field ? ['ascend', 'descend'].map((type) => JSON.stringify({ field, type })) : [undefined],
);
/** Each sorter alone, and status with a view that sorts by command: a command change moves a task among its ties. */
const asked: { sorter?: string; queryString?: string }[] = [
  ...sorters.map((sorter) => ({ sorter })),
  { sorter: sorters[6], queryString: JSON.stringify({ sorts: [{ property: 'command', type: 'ASC' }] }) },
];

/** `count` generated tasks in a database opened as the daemon opens it, and their moves told from then on. */
async function tasksWithMoves(t: TestContext, seed: number, count: number) {
  const handle = await migratedDatabase(t);
  const repository = new CronRepository(handle.db, handle.phrases, { textIndex: handle.accelerators.textIndex });
  const next = random(seed);
  await repository.insertMany(Array.from({ length: count }, (_, i) => task(next, i)));
  const moves = new RowMoves(handle.accelerators.sqlite, 'crons', orderColumns);
  return { handle, repository, next, moves };
}

test('an order read whole stays exact after tasks move in it: inserted, deleted, pinned, run, renamed', async (t) => {
  const { handle, repository, next, moves } = await tasksWithMoves(t, 41, 400);
  const pages = new SearchPages(handle.db, handle.phrases, handle.accelerators.textIndex, {
    smallestRead: 16,
    wholeSlice: 64,
    moves: (from, to) => moves.between(from, to),
    current: () => moves.version(),
  });
  const other = new Database(handle.location);
  t.after(() => other.close());

  const byLike = async (query: ReturnType<typeof parseListQuery>) =>
    (
      await orderOf(query)
        .reduce(
          (select, [column, direction]) => select.orderBy(column, direction),
          handle.db.selectFrom('crons').select('id').where(whereOf(query, handle.phrases)),
        )
        .execute()
    ).map((row) => row.id);

  let fromWhole = 0;
  let read = 0;
  const check = async (step: string) => {
    for (const { sorter, queryString } of asked) {
      const word = ['alpha', 'beta', 'echo'][Math.floor(next() * 3)]!;
      const query = parseListQuery({ searchValue: word, sorter, queryString }, 0);
      const search = indexedSearchOf(query, handle.accelerators.textIndex)!;
      const matches = (await pages.matching(search.columns, search.texts))!;
      const expected = await byLike(query);
      const version = moves.version();
      const order = orderOf(query);
      if (pages.idsToRead(version, order, matches, 400, 400) === 0) fromWhole++;
      else read++;
      for (const [offset, limit] of [
        [0, 10],
        [Math.floor(next() * expected.length), 7],
        [Math.max(0, expected.length - 5), 20],
      ] as const) {
        const ids = await pages.page(version, order, matches, { offset, limit }, 400);
        assert.deepEqual(ids, expected.slice(offset, offset + limit), `${step}: ${word} ${sorter} ${offset}+${limit}`);
      }
      // Read whole as the list does, at this version, unless few tasks moved since the kept one was read.
      await pages.readWhole(version, order);
    }
  };

  await check('read');
  let n = 400;
  for (let step = 0; step < 120; step++) {
    const id = 1 + Math.floor(next() * n);
    const kind = step % 6;
    if (kind === 0) await repository.update(id, { is_pinned: next() < 0.5 ? 1 : 0 });
    else if (kind === 1) await repository.update(id, { status: 0, last_execution_time: Math.floor(next() * 20) });
    else if (kind === 2) await repository.update(id, { name: task(next, 1000 + step).name });
    else if (kind === 3) await repository.insertMany([task(next, n++)]);
    else if (kind === 4) await repository.delete([id]);
    // A command change: it moves a task only in an order whose view sorts by command.
    else await repository.update(id, { command: next() < 0.5 ? 'echo alpha' : 'echo beta' });
    await check(`step ${step} (${kind})`);
  }
  assert.ok(fromWhole > 500, `${fromWhole} searches were answered from an order read earlier, ${read} read it`);

  // Another connection's commit (the `ql` command): what moved is not known, so the orders are read again.
  handle.flush();
  other.prepare('update crons set is_pinned = 1 - is_pinned where id in (3, 5, 8)').run();
  const query = parseListQuery({ searchValue: 'alpha', sorter: sorters[1] }, 0);
  const search = indexedSearchOf(query, handle.accelerators.textIndex)!;
  const matches = (await pages.matching(search.columns, search.texts))!;
  assert.ok(pages.idsToRead(moves.version(), orderOf(query), matches, 400, 400) > 0, 'nothing kept is used');
  await check('after another connection');
});

test('the moves between two versions: told in order, unknown across another commit or past what is remembered', async (t) => {
  const { handle, repository, next, moves } = await tasksWithMoves(t, 5, 10);
  const start = moves.version();
  await repository.update(3, { status: 1 });
  await repository.update(7, { log_name: 'elsewhere' });
  await repository.insertMany([task(next, 10)]);
  await repository.delete([2]);
  assert.deepEqual([...moves.between(start, moves.version())!], [3, 3, 11, 2], 'no move for a column no order holds');
  assert.equal(moves.between(moves.version(), start), null, 'backwards');

  const before = moves.version();
  handle.flush();
  const other = new Database(handle.location);
  t.after(() => other.close());
  other.prepare('update crons set status = 2 where id = 4').run();
  assert.equal(moves.between(before, moves.version()), null, 'another connection committed');

  const recent = moves.version();
  // Two moves an update (the row before and after), nine rows left: 4,500 moves.
  for (let i = 0; i < 2500; i++) await repository.update(1 + (i % 10), { status: i % 3 });
  assert.equal(moves.between(recent, moves.version()), null, 'more moves than the log holds');
  const last = moves.version();
  await repository.update(5, { is_pinned: 1 });
  assert.deepEqual([...moves.between(last, moves.version())!], [5, 5]);
});

test('at most 16 whole orders are kept, the one used longest ago dropped first', async (t) => {
  const { handle, repository, moves } = await tasksWithMoves(t, 9, 50);
  const pages = new SearchPages(handle.db, handle.phrases, handle.accelerators.textIndex, {
    moves: (from, to) => moves.between(from, to),
    current: () => moves.version(),
  });
  const matches = (await pages.matching(['name'], ['alpha']))!;
  const columns = ['name', 'created_at', 'status', 'last_execution_time'] as const;
  // 18 orders: each column first, then the others in either direction.
  const orders = columns
    .flatMap((first) =>
      (['asc', 'desc'] as const).flatMap((direction) =>
        (['asc', 'desc'] as const).map((rest): Order => [
          [first, direction],
          ...columns.filter((c) => c !== first).map((c): [SortColumn, 'asc' | 'desc'] => [c, rest]),
          ['id', 'asc'],
        ]),
      ),
    )
    .concat([
      [
        ['is_pinned', 'desc'],
        ['id', 'asc'],
      ],
      [
        ['is_disabled', 'asc'],
        ['id', 'asc'],
      ],
    ]);
  assert.equal(new Set(orders.map((order) => JSON.stringify(order))).size, 18);
  // Asked after a task moved, so that only whole orders answer (what a version read is kept until it changes).
  let version = moves.version();
  const whole = (order: Order) => pages.idsToRead(version, order, matches, 50, 50) === 0;
  for (const [i, order] of orders.entries()) {
    await pages.readWhole(moves.version(), order);
    // The first one used again halfway: it stays, the second goes in its place.
    if (i === 8) {
      await repository.update(1, { is_pinned: 1 });
      version = moves.version();
      assert.ok(whole(orders[0]!));
    }
  }
  await repository.update(2, { is_pinned: 1 });
  version = moves.version();
  assert.ok(whole(orders[0]!), 'used halfway, so kept');
  assert.ok(!whole(orders[1]!) && !whole(orders[2]!), 'the two used longest ago are dropped');
  assert.ok(orders.slice(3).every(whole));
});
