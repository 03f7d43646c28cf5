// @sqlite-only: SQLite's FTS5 trigram index of the tasks' text
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Migrator } from 'kysely';
import { openSqlite } from '../../daemon/src/db/sqlite/open.ts';
import { migrations } from '../../daemon/src/db/sqlite/migrations/index.ts';
import type { NewCron } from '../../daemon/src/db/schema.ts';
import { CronRepository } from '../../daemon/src/modules/tasks/repository.ts';
import { parseListQuery } from '../../daemon/src/modules/tasks/search-query.ts';
import { indexedSearchOf, isIndexedOrder, orderOf, whereOf } from '../../daemon/src/modules/tasks/search.ts';
import { SearchPages } from '../../daemon/src/modules/tasks/search-pages.ts';
import Database from 'better-sqlite3';
import { dataPaths, ensureDataDirs } from '../../daemon/src/config/paths.ts';
import { tempDir } from '../helpers/app.ts';
import { migratedDatabase } from '../helpers/database.ts';

/** A small deterministic generator (the same tasks and words on every run). */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

// Pieces of text the search must treat the same way LIKE does: ASCII case, non-ASCII letters with a case (compared
// as they are), CJK, LIKE's wildcards and escape character, FTS5's quote and operators, spaces, URI-encoded text.
const pieces = [
  'Sign',
  'sign',
  'SIGN',
  'farm',
  'Bank',
  '签到',
  '任务',
  '京东',
  'Éclair',
  'éclair',
  'ÅSA',
  'straße',
  'STRASSE',
  '100%',
  '50_off',
  'a_b',
  'a%b',
  'back\\slash',
  '"quoted"',
  "it's",
  'x AND y',
  'NOT',
  'OR',
  '(*)',
  '{col}',
  ':',
  '🚀',
  'task%20a.js',
  'task a.js',
  '.py',
  '.JS',
  '  ',
  '-',
  'ab',
  'AB',
  'x',
];

function task(next: () => number, i: number): NewCron {
  const pick = () => pieces[Math.floor(next() * pieces.length)]!;
  const text = (n: number) => Array.from({ length: 1 + Math.floor(next() * n) }, pick).join(next() < 0.5 ? ' ' : '');
  const labels = Array.from({ length: Math.floor(next() * 3) }, pick);
  return {
    name: text(3),
    command: next() < 0.3 ? `task ${text(2)}` : text(3),
    schedule: next() < 0.5 ? `${i % 60} * * * *` : '@daily',
    labels: JSON.stringify(labels),
    is_pinned: next() < 0.1 ? 1 : 0,
    is_disabled: next() < 0.2 ? 1 : 0,
    status: next() < 0.3 ? 0 : 1,
    last_execution_time: next() < 0.5 ? Math.floor(next() * 1000) : null,
    created_at: 1_000 + Math.floor(next() * 50),
    updated_at: 1_000,
  };
}

/** Words to search for: fixed ones, and slices of the pieces in several cases, 1 to 6 characters long. */
function words(next: () => number): string[] {
  const fixed = ['%', '_', '\\', '"', '%_', 'a_b', 'a%b', '100%', '签到', '任务京', 'É', 'é', 'ß', 'sig', 'SIG', '🚀'];
  const sliced = Array.from({ length: 80 }, () => {
    const piece = pieces[Math.floor(next() * pieces.length)]!.repeat(2);
    const chars = [...piece];
    const from = Math.floor(next() * chars.length);
    const word = chars.slice(from, from + 1 + Math.floor(next() * 6)).join('');
    return next() < 0.3 ? word.toUpperCase() : next() < 0.3 ? word.toLowerCase() : word;
  });
  const words = [...fixed, ...sliced].filter((w) => w.trim() !== '');
  const prefixed = words.slice(0, 30).map((w, i) => `${['name', 'command', 'label', 'schedule'][i % 4]}:${w}`);
  return [...words, ...prefixed, 'name: sign', 'x AND y', 'NOT sign'];
}

const sorts = [
  undefined,
  { field: 'name', type: 'ascend' },
  { field: 'name', type: 'descend' },
  { field: 'createdAt', type: 'ascend' },
  { field: 'createdAt', type: 'descend' },
  { field: 'status', type: 'descend' },
  { field: 'status', type: 'ascend' },
  { field: 'last_execution_time', type: 'ascend' },
  { field: 'last_execution_time', type: 'descend' },
  { field: 'command', type: 'ascend' },
  { field: 'labels', type: 'descend' },
];

test('the task search through the trigram index returns exactly what LIKE returns, in the same order', async (t) => {
  const paths = dataPaths(tempDir(t));
  await ensureDataDirs(paths);
  const handle = openSqlite(paths.db);
  t.after(() => handle.close());
  const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
  assert.equal((await migrator.migrateTo('0011-run-retention')).error, undefined);
  const next = random(15);
  const repository = new CronRepository(handle.db, handle.phrases, { textIndex: handle.accelerators.textIndex });
  // With the change counter, as the daemon makes it: matches and orders' ids are kept until the database changes.
  const keeping = new CronRepository(handle.db, handle.phrases, {
    changeCounter: handle.changeCounter,
    textIndex: handle.accelerators.textIndex,
  });
  // Half the tasks exist before migration 0012 (it fills the index), half are added after (the triggers).
  await repository.insertMany(Array.from({ length: 300 }, (_, i) => task(next, i)));
  assert.equal((await migrator.migrateToLatest()).error, undefined);
  await repository.insertMany(Array.from({ length: 300 }, (_, i) => task(next, 300 + i)));

  /** The plain LIKE semantics: the search's WHERE (LIKE '%…%' with wildcards escaped) over every row, in order. */
  const byLike = async (query: ReturnType<typeof parseListQuery>) => {
    const ordered = orderOf(query).reduce(
      (select, [column, direction]) => select.orderBy(column, direction),
      handle.db.selectFrom('crons').select('id').where(whereOf(query, handle.phrases)),
    );
    return (await ordered.execute()).map((r) => r.id);
  };
  /** The same, in JavaScript: contains, with ASCII letters compared without case. */
  const asciiLower = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());

  const compare = async (round: string) => {
    let indexed = 0;
    let walked = 0;
    const budgets = { met: 0, exceeded: 0 };
    // The index's matches.
    const pages = new SearchPages(handle.db, handle.phrases, handle.accelerators.textIndex);
    for (const [w, word] of words(random(7)).entries()) {
      const sorter = sorts[w % sorts.length];
      const query = parseListQuery({ searchValue: word, sorter: sorter && JSON.stringify(sorter) }, 0);
      if (indexedSearchOf(query, handle.accelerators.textIndex)) indexed++;
      const expected = await byLike(query);
      if (!word.includes(':')) {
        const rows = await repository.list(query, null);
        const oracle = rows.rows.filter((row) =>
          [row.name, row.command, row.schedule, row.labels].some((v) =>
            [word, encodeURI(word)].some((x) => asciiLower(v).includes(asciiLower(x))),
          ),
        );
        assert.deepEqual(
          oracle.map((r) => r.id),
          expected,
          `${round}: LIKE itself for ${JSON.stringify(word)}`,
        );
      }
      const search = indexedSearchOf(query, handle.accelerators.textIndex);
      const matches = search && (await pages.matching(search.columns, search.texts));
      if (search) {
        const ascending = [...expected].sort((a, b) => a - b);
        assert.deepEqual([...matches!.ids()], ascending, `${round}: matches of ${JSON.stringify(word)}`);
      }
      for (const [offset, limit] of [
        [0, 20],
        [0, 1000],
        [7, 3],
        [40, 25],
        [150, 30],
      ] as const) {
        for (const [name, list] of [
          ['counted in SQL', repository],
          ['kept', keeping],
        ] as const) {
          const page = await list.list(query, { offset, limit });
          assert.equal(page.total, expected.length, `${round}, ${name}: total for ${JSON.stringify(word)}`);
          assert.deepEqual(
            page.rows.map((r) => r.id),
            expected.slice(offset, offset + limit),
            `${round}, ${name}: page ${offset}+${limit} for ${JSON.stringify(word)} sorted ${JSON.stringify(sorter)}`,
          );
        }
        // The page walk itself, for every search the index answers and every order an index serves (the list
        // takes it only for many matches).
        if (matches && isIndexedOrder(orderOf(query))) {
          walked++;
          const ids = await pages.page(handle.changeCounter(), orderOf(query), matches, { offset, limit }, 600);
          assert.deepEqual(ids, expected.slice(offset, offset + limit), `${round}: walk for ${JSON.stringify(word)}`);
          // With a budget of ids to read (a fresh SearchPages keeps nothing, reads 16 ids at least): the page, or
          // null past the budget. A budget computed with a fraction still reads whole ids (SQLite refuses a LIMIT
          // with one).
          const bounded = await new SearchPages(handle.db, handle.phrases, handle.accelerators.textIndex, {
            smallestRead: 16,
          }).page(handle.changeCounter(), orderOf(query), matches, { offset, limit }, 600, 100.5);
          if (bounded) assert.deepEqual(bounded, expected.slice(offset, offset + limit), `${round}: bounded walk`);
          // Reading 16 ids at least, told there is one task (the first read as short as the page) or 600: the walk
          // reads on in steps, as far as the matches seen so far say the page ends, until it has the page.
          for (const tasks of [1, 600]) {
            const stepwise = await new SearchPages(handle.db, handle.phrases, handle.accelerators.textIndex, {
              smallestRead: 16,
            }).page(handle.changeCounter(), orderOf(query), matches, { offset, limit }, tasks);
            assert.deepEqual(stepwise, expected.slice(offset, offset + limit), `${round}: stepwise walk, ${tasks}`);
          }
          budgets[bounded ? 'met' : 'exceeded']++;
        }
      }
    }
    // Most of the words go through the index (the others are shorter than three characters).
    assert.ok(indexed > 40, `${indexed} searches used the index`);
    assert.ok(walked > 100, `${walked} pages were walked`);
    assert.ok(budgets.met > 20 && budgets.exceeded > 20, JSON.stringify(budgets));
  };

  await compare('filled and inserted');
  // Changed, renamed and deleted tasks: the triggers keep the index.
  for (let id = 1; id <= 600; id += 7) {
    await repository.update(id, { name: task(next, id).name, labels: JSON.stringify(['签到', 'NEW_label']) });
  }
  for (let id = 3; id <= 600; id += 11) await repository.update(id, { status: 2, last_execution_time: 5 });
  await repository.delete(Array.from({ length: 40 }, (_, i) => 2 + i * 13));
  await compare('after updates and deletes');

  // What the list keeps (matches, orders' ids) answers until the database changes and never after: the same
  // searches asked again after each kind of change, by this connection and by another process (the `ql` command).
  const other = new Database(handle.location);
  t.after(() => other.close());
  const again = async (round: string) => {
    for (const word of ['sign', 'Task', '签到', 'ask']) {
      for (const sorter of [undefined, { field: 'name', type: 'descend' }, { field: 'createdAt', type: 'ascend' }]) {
        const query = parseListQuery({ searchValue: word, sorter: sorter && JSON.stringify(sorter) }, 0);
        const expected = await byLike(query);
        for (const [offset, limit] of [
          [0, 20],
          [60, 25],
        ] as const) {
          const page = await keeping.list(query, { offset, limit });
          const where = `${round}: ${JSON.stringify(word)} sorted ${JSON.stringify(sorter)} from ${offset}`;
          assert.equal(page.total, expected.length, `${where}: total`);
          assert.deepEqual(
            page.rows.map((r) => r.id),
            expected.slice(offset, offset + limit),
            where,
          );
        }
      }
    }
  };
  // Migration 0014: the text's version moves with the text (any writer), not with status, pins or runs.
  const textVersion = () =>
    (other.prepare('select version from crons_text_version').get() as { version: number }).version;
  await again('kept');
  let before = textVersion();
  await repository.update(10, { name: 'sign task 签到' });
  assert.notEqual(textVersion(), before, 'a rename moves the text version');
  await again('after a rename');
  before = textVersion();
  await repository.update(11, { is_pinned: 1, status: 0 });
  await repository.updateMany([15, 16], { status: 1, last_execution_time: 99, last_running_time: 3 });
  assert.equal(textVersion(), before, 'a pin and a run leave the text version');
  await again('after a pin and a run (the order changes, not the matches)');
  before = textVersion();
  other.prepare(`update crons set name = 'Sign 签到 ' || id where id % 5 = 0`).run();
  assert.notEqual(textVersion(), before, 'another connection’s rename moves the text version');
  await again('after another connection renamed');
  other.prepare(`delete from crons where id % 9 = 0`).run();
  await again('after another connection deleted');
  other
    .prepare(
      `insert into crons (name, command, schedule, labels, created_at, updated_at)
       select 'sign ' || name, command, schedule, labels, created_at + 1, 2000 from crons where id % 4 = 1`,
    )
    .run();
  await again('after another connection inserted');
  before = textVersion();
  await repository.delete([12, 13, 14]);
  assert.notEqual(textVersion(), before, 'a delete moves the text version');
  await again('after a delete');
  before = textVersion();
  await repository.insertMany(Array.from({ length: 200 }, (_, i) => task(next, 700 + i)));
  assert.notEqual(textVersion(), before, 'an import moves the text version');
  await again('after an import');
  // Labels are text too: an edit of labels alone.
  before = textVersion();
  await repository.updateLabels([20, 21], (labels) => [...labels, 'sign-new'], 3000);
  assert.notEqual(textVersion(), before, 'labels move the text version');
  await again('after labels changed');
  await compare('after every change');
  // 0014 down and up again: the index's triggers work without the version, and with it again.
  assert.equal((await migrator.migrateTo('0013-run-retention-by-rowid')).error, undefined);
  await repository.update(30, { name: 'sign without a version' });
  assert.equal((await migrator.migrateToLatest()).error, undefined);
  before = textVersion();
  await repository.update(31, { command: 'task sign_again.js' });
  assert.notEqual(textVersion(), before, 'the version moves again after 0014 is applied again');
  await again('after 0014 down and up');
});

test('a page whose matches cluster past the first read: the walk reads on as far as the matches seen say, then to the end', async (t) => {
  const handle = await migratedDatabase(t);
  const repository = new CronRepository(handle.db, handle.phrases, { textIndex: handle.accelerators.textIndex });
  // 2,000 tasks in creation order; `alpha` in the first 10 and the last 1,000.
  await repository.insertMany(
    Array.from({ length: 2000 }, (_, i) => ({
      name: `${i < 10 || i >= 1000 ? 'alpha' : 'beta'} ${i + 1}`,
      command: 'echo hi',
      schedule: '@daily',
      created_at: i + 1,
      updated_at: 1,
    })),
  );
  const query = parseListQuery(
    { searchValue: 'alph', sorter: JSON.stringify({ field: 'createdAt', type: 'ascend' }) },
    0,
  );
  const search = indexedSearchOf(query, handle.accelerators.textIndex)!;
  const pages = new SearchPages(handle.db, handle.phrases, handle.accelerators.textIndex, { smallestRead: 16 });
  const matches = (await pages.matching(search.columns, search.texts))!;
  assert.equal(matches.size, 1010);
  // The first read (≈160 ids) finds 10 of the 40 matches the page needs: the next reads to ≈770 (where 40 would be
  // if the rest were as dense as those 10), then, still 10, to the end.
  const version = handle.changeCounter();
  const page = await pages.page(version, orderOf(query), matches, { offset: 30, limit: 10 }, 2000);
  assert.deepEqual(
    page,
    Array.from({ length: 10 }, (_, i) => 1021 + i),
  );
  assert.equal(pages.idsToRead(version, orderOf(query), matches, 40, 2000), 0, 'the order is kept to its end');
});

test('an order asked for is read whole in the background, a slice a turn, and given up when the database changes', async (t) => {
  const handle = await migratedDatabase(t);
  const repository = new CronRepository(handle.db, handle.phrases, { textIndex: handle.accelerators.textIndex });
  await repository.insertMany(
    Array.from({ length: 1000 }, (_, i) => ({
      name: `${i % 10 === 0 ? 'alpha' : 'beta'} ${String(i).padStart(4, '0')}`,
      command: 'echo hi',
      schedule: '@daily',
      created_at: 1000 - i,
      updated_at: 1,
    })),
  );
  const query = parseListQuery({ searchValue: 'alph', sorter: JSON.stringify({ field: 'name', type: 'descend' }) }, 0);
  const order = orderOf(query);
  const byLike = async () =>
    (
      await order
        .reduce(
          (select, [column, direction]) => select.orderBy(column, direction),
          handle.db.selectFrom('crons').select('id').where(whereOf(query, handle.phrases)),
        )
        .execute()
    ).map((r) => r.id);
  const search = indexedSearchOf(query, handle.accelerators.textIndex)!;
  // 16 ids at least a statement, 100 a background slice: the order takes eleven turns.
  let asked = 0;
  const pages = new SearchPages(handle.db, handle.phrases, handle.accelerators.textIndex, {
    smallestRead: 16,
    wholeSlice: 100,
    current: () => (asked++, handle.changeCounter()),
  });
  const matches = (await pages.matching(search.columns, search.texts))!;
  assert.equal(matches.size, 100);

  const version = handle.changeCounter();
  await pages.readWhole(version, order);
  assert.equal(asked, 22, 'eleven slices (ten of 100 ids, one that finds the end), the version asked before and after');
  assert.equal(pages.idsToRead(version, order, matches, 100, 1000), 0, 'the order is kept to its end');
  assert.deepEqual(
    await pages.page(version, order, matches, { offset: 90, limit: 10 }, 1000, 0),
    (await byLike()).slice(90),
  );
  assert.equal(await pages.readWhole(version, order), undefined, 'read once');

  // A task renamed while the second slice is read (as a write queued before it would be): that slice is not kept,
  // the read stops, and the new version's pages are read afresh.
  let slices = 0;
  const changed = new SearchPages(handle.db, handle.phrases, handle.accelerators.textIndex, {
    smallestRead: 16,
    wholeSlice: 100,
    current: () => {
      if (++slices === 4) handle.accelerators.sqlite.prepare(`update crons set name = 'alpha 9999' where id = 1`).run();
      return handle.changeCounter();
    },
  });
  const before = handle.changeCounter();
  await changed.readWhole(before, order);
  assert.equal(slices, 4, 'asked before and after the first read, before the second and after it');
  const after = handle.changeCounter();
  assert.notEqual(after, before);
  assert.equal(changed.idsToRead(before, order, matches, 150, 1000), 1000 - 100, 'only the first slice is kept');
  const now = (await changed.matching(search.columns, search.texts))!;
  const expected = await byLike();
  assert.equal(expected[0], 1, 'the renamed task leads the order now');
  assert.deepEqual(await changed.page(after, order, now, { offset: 0, limit: 5 }, 1000), expected.slice(0, 5));
  await changed.readWhole(after, order);
  assert.deepEqual(await changed.page(after, order, now, { offset: 95, limit: 10 }, 1000, 0), expected.slice(95));
});

test('the URI-encoded form of a search is looked for only in columns whose text holds a %', async (t) => {
  const handle = await migratedDatabase(t);
  const repository = new CronRepository(handle.db, handle.phrases, {
    changeCounter: handle.changeCounter,
    textIndex: handle.accelerators.textIndex,
  });
  await repository.insertMany(
    ['shop task 1', 'shop task 2', 'bank task 1'].map((name, i) => ({
      name,
      command: 'echo hi',
      schedule: '@daily',
      created_at: i + 1,
      updated_at: 1,
    })),
  );
  const names = async (search: string) => {
    const { rows, total } = await repository.list(parseListQuery({ searchValue: search }, 0), { offset: 0, limit: 10 });
    assert.equal(total, rows.length);
    return rows.map((row) => row.name).sort();
  };
  assert.deepEqual(await names('shop task'), ['shop task 1', 'shop task 2']);
  // A command stored encoded, as Qinglong stores some: now a column holds a %, and the encoded form matches it.
  await repository.insertMany([
    { name: 'other', command: 'task shop%20task.js', schedule: '@daily', created_at: 9, updated_at: 1 },
  ]);
  assert.deepEqual(await names('shop task'), ['other', 'shop task 1', 'shop task 2']);
  assert.deepEqual(await names('name:shop task'), ['shop task 1', 'shop task 2']);
  assert.deepEqual(await names('command:shop task'), ['other']);
});
