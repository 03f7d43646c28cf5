import assert from 'node:assert/strict';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import Database from 'better-sqlite3';
import { warmNewestRows } from '../../daemon/src/db/warm-newest.ts';
import { tempDir } from '../helpers/app.ts';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** A file with `rows` runs-like rows, every third deleted (retention leaves gaps in the rowids). */
function runsFile(t: TestContext, rows: number): Database.Database {
  const db = new Database(path.join(tempDir(t), 'warm.sqlite'));
  t.after(() => db.open && db.close());
  db.exec('create table runs (id integer primary key, log_path text)');
  const insert = db.prepare('insert into runs (log_path) values (?)');
  db.transaction(() => {
    for (let i = 0; i < rows; i++) insert.run(`task_${i % 97}/2026-11-29-10-00-${i}.log`);
  })();
  db.exec('delete from runs where id % 3 = 0');
  return db;
}

test('the newest rows are read: those whose rowid is within the span asked, gaps included', async (t) => {
  const db = runsFile(t, 30_000);
  for (const span of [1, 4096, 4097, 10_000, 29_999, 30_000, 1_000_000]) {
    const expected = db
      .prepare('select count(*) from runs where id > (select max(id) from runs) - ?')
      .pluck()
      .get(span);
    assert.equal(await warmNewestRows(db, 'runs', span), expected, `span ${span}`);
  }
  assert.equal(await warmNewestRows(db, 'runs', 0), 0);
  db.exec('delete from runs');
  assert.equal(await warmNewestRows(db, 'runs', 100), 0, 'an empty table');
});

test('the reading yields a turn between slices, so requests pass while it goes on', async (t) => {
  const db = runsFile(t, 30_000);
  let done = false;
  const reading = warmNewestRows(db, 'runs', 30_000).then((read) => ((done = true), read));
  let turns = 0;
  while (!done) {
    // A request's statement on the same connection, between two slices.
    assert.ok((db.prepare('select count(*) from runs where id = 5').pluck().get() as number) >= 0);
    turns++;
    await nextTurn();
  }
  assert.ok(turns >= 7, `30,000 rowids in slices of 4,096 take 8 turns; requests passed ${turns} times`);
  assert.equal(await reading, 20_000);
});

test('a connection closed while reading ends the reading quietly', async (t) => {
  const db = runsFile(t, 30_000);
  const reading = warmNewestRows(db, 'runs', 30_000);
  await nextTurn();
  db.close();
  const read = await reading;
  assert.ok(read > 0 && read < 20_000, `stopped after the slices before the close (${read} rows)`);
});
