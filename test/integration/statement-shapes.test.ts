// @sqlite-only: SQLite's prepared statement shapes and row moves
/**
 * db/shapes.ts: a statement built once per shape and run with new values must do exactly what the builder's own
 * statement does with those values. Checked on a real database for every column of the tables the runs write, in
 * generated subsets and orders, against a fresh read of the row.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'kysely';
import { RowMoves } from '../../daemon/src/db/sqlite/row-moves.ts';
import { StatementShapes } from '../../daemon/src/db/shapes.ts';
import { orderColumns } from '../../daemon/src/modules/tasks/search.ts';
import { migratedDatabase } from '../helpers/database.ts';
import { seededRandom } from '../helpers/random.ts';

const open = migratedDatabase;

test('updateById and findById: every column of crons and job_runs, any subset in any order, as the builder would', async (t) => {
  const {
    db,
    phrases,
    accelerators: { sqlite },
  } = await open(t);
  const now = Date.now();
  const cron = await db
    .insertInto('crons')
    .values({ name: 'n', command: 'echo', schedule: '* * * * *', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const run = await db
    .insertInto('job_runs')
    .values({ kind: 'task', ref_id: cron.id, trigger: 'manual', status: 0, queued_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  // As in the daemon: the tasks' row-move triggers fire on these updates, inside group commit's transaction.
  new RowMoves(sqlite, 'crons', orderColumns);
  const shapes = new StatementShapes(db, phrases);
  for (const [table, id] of [
    ['crons', cron.id],
    ['job_runs', run.id],
  ] as const) {
    const columns = (sqlite.prepare(`pragma table_info(${table})`).all() as { name: string; type: string }[]).filter(
      (c) => c.name !== 'id',
    );
    const next = seededRandom(table.length);
    let refused = 0;
    for (let step = 0; step < 60; step++) {
      const picked = columns.filter(() => next() < 0.3).sort(() => next() - 0.5);
      if (picked.length === 0) continue;
      const changes: Record<string, unknown> = {};
      for (const column of picked) {
        // Integers for integer columns, text otherwise; a null now and then where the column takes one.
        const value = /int/i.test(column.type) ? Math.floor(next() * 1e9) : `v${step}-${column.name}`;
        changes[column.name] = next() < 0.15 ? null : value;
      }
      const before = (await shapes.findById<Record<string, unknown>>(table, id))!;
      try {
        await shapes.updateById(table, id, { ...changes, ignored: undefined });
      } catch (error) {
        refused++;
        // A value the table refuses (a NOT NULL or CHECK) must fail as the builder's statement fails: nothing changes.
        await assert.rejects(db.updateTable(table).set(changes).where('id', '=', id).execute());
        assert.deepEqual(await shapes.findById(table, id), before, String(error));
        continue;
      }
      const after = (await shapes.findById<Record<string, unknown>>(table, id))!;
      const expected = { ...before, ...changes };
      assert.deepEqual(after, expected, `${table} step ${step}: ${picked.map((c) => c.name).join()}`);
      const fresh = await db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      assert.deepEqual(fresh, after);
    }
    // Single-row updates are `update or fail` (sqlitePhrases.oneRowUpdate): a refused one must still change nothing.
    assert.ok(refused > 0, `${table}: some generated updates set a NOT NULL column to null`);
  }
  assert.equal(await shapes.findById('crons', 123456), undefined);
});

test('a shape is built once; a builder that drops or repeats a value is refused before anything runs', async (t) => {
  const { db, phrases } = await open(t);
  const shapes = new StatementShapes(db, phrases);
  let builds = 0;
  const insert = (key: string, value: string) =>
    shapes.execute('insert setting', [key, value], ([k, v]) => {
      builds++;
      return db.insertInto('settings').values({ key: k as string, value: v as string });
    });
  for (let i = 0; i < 20; i++) await insert(`shape-${i}`, `${i}`);
  assert.equal(builds, 1);
  const rows = await db.selectFrom('settings').selectAll().where('key', 'like', 'shape-%').orderBy('key').execute();
  assert.equal(rows.length, 20);
  assert.ok(rows.every((row) => row.value === row.key.slice('shape-'.length)));

  await assert.rejects(
    shapes.execute('drops one', ['a', 'b'], ([k]) =>
      db.insertInto('settings').values({ key: k as string, value: 'x' }),
    ),
    /must bind each of its 2 values once, not \[0\]/,
  );
  await assert.rejects(
    shapes.execute('repeats one', ['a', 'b'], ([k]) =>
      db.insertInto('settings').values({ key: k as string, value: sql`${k}` as never }),
    ),
    /must bind each of its 2 values once, not \[0,0\]/,
  );
  assert.equal(
    (await db.selectFrom('settings').select('key').where('key', '=', 'a').execute()).length,
    0,
    'a refused shape ran nothing',
  );
});
