// @sqlite-only: SQLite's group commit of one turn's writes
import assert from 'node:assert/strict';
import { readdirSync, readlinkSync } from 'node:fs';
import { test, type TestContext } from 'node:test';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { openSqlite } from '../../daemon/src/db/sqlite/open.ts';
import { dataPaths, ensureDataDirs } from '../../daemon/src/config/paths.ts';
import { tempDir } from '../helpers/app.ts';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function open(t: TestContext, minIntervalMs?: number) {
  const paths = dataPaths(tempDir(t));
  await ensureDataDirs(paths);
  const errors: unknown[] = [];
  const handle = openSqlite(paths.db, { groupCommit: { onError: (error) => errors.push(error), minIntervalMs } });
  await handle.migrate();
  handle.flush();
  // Another process's view of the file (the `ql` command, a test reading the database).
  const other = new Database(handle.location, { readonly: true });
  t.after(async () => {
    other.close();
    await handle.close();
  });
  const settingsSeen = () =>
    (other.prepare(`select count(*) as n from settings where key like 'gc-%'`).get() as { n: number }).n;
  return { handle, other, errors, settingsSeen };
}

const put = (db: ReturnType<typeof openSqlite>['db'], key: string) =>
  db.insertInto('settings').values({ key, value: '1' }).execute();

test('group commit: the writes of one turn are seen at once on the connection, by others once the turn ends, in one commit', async (t) => {
  const { handle, errors, settingsSeen, other } = await open(t);
  const version = () => (other.prepare('pragma data_version').get() as { data_version: number }).data_version;
  const before = version();
  await put(handle.db, 'gc-1');
  await put(handle.db, 'gc-2');
  await handle.db.updateTable('settings').set({ value: '2' }).where('key', '=', 'gc-1').execute();
  const own = await handle.db.selectFrom('settings').select('value').where('key', '=', 'gc-1').executeTakeFirst();
  assert.equal(own?.value, '2', 'the connection reads its own writes');
  assert.equal(settingsSeen(), 0, 'not committed before the turn ends');
  await nextTurn();
  assert.equal(settingsSeen(), 2);
  assert.equal(version() - before, 1, 'one commit for the three writes');
  assert.deepEqual(errors, []);
});

test('group commit: flush commits at once; an explicit transaction after writes of the same turn commits them first', async (t) => {
  const { handle, errors, settingsSeen } = await open(t);
  await put(handle.db, 'gc-a');
  handle.flush();
  assert.equal(settingsSeen(), 1);
  await put(handle.db, 'gc-b');
  await handle.db.transaction().execute(async (trx) => {
    await trx.insertInto('settings').values({ key: 'gc-c', value: '1' }).execute();
  });
  assert.equal(settingsSeen(), 3, 'gc-b before the transaction, gc-c by its own commit');
  // A transaction that fails rolls back its own writes only.
  await put(handle.db, 'gc-d');
  await assert.rejects(
    handle.db.transaction().execute(async (trx) => {
      await trx.insertInto('settings').values({ key: 'gc-e', value: '1' }).execute();
      throw new Error('no');
    }),
  );
  await nextTurn();
  assert.equal(settingsSeen(), 4);
  assert.deepEqual(errors, []);
});

test('group commit: a failing statement fails alone; the turn keeps its other writes', async (t) => {
  const { handle, errors, settingsSeen } = await open(t);
  await put(handle.db, 'gc-x');
  await assert.rejects(put(handle.db, 'gc-x'), /UNIQUE/);
  await put(handle.db, 'gc-y');
  await nextTurn();
  assert.equal(settingsSeen(), 2);
  assert.deepEqual(errors, []);
  // A direct better-sqlite3 transaction inside the turn's one nests as a savepoint.
  await put(handle.db, 'gc-z');
  handle.accelerators.sqlite.transaction(() =>
    handle.accelerators.sqlite.prepare(`insert into settings (key, value) values ('gc-w', '1')`).run(),
  )();
  await sql`select 1`.execute(handle.db);
  await handle.close();
  assert.equal(settingsSeen(), 4, 'close commits what is pending');
});

/** The temporary files SQLite has open in this process (statement journals spilled to disk, sorters, temp tables). */
const sqliteTempFiles = () =>
  readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`).includes('etilqs');
    } catch {
      return false;
    }
  }).length;

test('group commit: a statement inside the turn that changes many pages keeps its journal in memory, not in a temp file', async (t) => {
  const { handle, errors, settingsSeen, other } = await open(t);
  const keys = Array.from({ length: 3000 }, (_, i) => `gc-many-${String(i).padStart(5, '0')}`);
  await handle.db
    .insertInto('settings')
    .values(keys.map((key) => ({ key, value: 'v'.repeat(40) })))
    .execute();
  handle.flush();
  assert.equal(settingsSeen(), keys.length);
  // Inside the turn's transaction a statement that may fail midway gets a statement journal of every page it
  // changes (here ≈40, beyond the 64 KiB SQLite keeps in memory by default): in a file it was a file created,
  // written and deleted in /var/tmp per commit, most of what a run wrote (bench/scale.ts burst_written_kb_per_run).
  await put(handle.db, 'gc-first');
  await handle.db
    .updateTable('settings')
    .set({ value: sql`value || 'x'` })
    .where('key', 'like', 'gc-many-%')
    .execute();
  assert.equal(sqliteTempFiles(), 0, 'no temp file for the statement journal');
  await nextTurn();
  const changed = other
    .prepare(`select count(*) as n from settings where key like 'gc-many-%' and value like '%x'`)
    .get() as { n: number };
  assert.equal(changed.n, keys.length, 'committed whole');
  assert.deepEqual(errors, []);
});

test('group commit with an interval (as the daemon opens it): a write soon after a commit waits for it, a lone one does not, flush never', async (t) => {
  // Long enough that a loaded machine does not pass it between two lines of this test.
  const interval = 300;
  const { handle, errors, settingsSeen, other } = await open(t, interval);
  const version = () => (other.prepare('pragma data_version').get() as { data_version: number }).data_version;
  // open() committed the migration just now.
  await put(handle.db, 'gc-i1');
  await nextTurn();
  await put(handle.db, 'gc-i2');
  await nextTurn();
  assert.equal(settingsSeen(), 0, 'held: the last commit is more recent than the interval');
  const before = version();
  await sleep(interval + 100);
  assert.equal(settingsSeen(), 2, 'committed once the interval passed');
  assert.equal(version() - before, 1, 'both turns in one commit');
  await sleep(interval + 100);
  await put(handle.db, 'gc-i3');
  await nextTurn();
  assert.equal(settingsSeen(), 3, 'long after the last commit, a write commits when its turn ends');
  await put(handle.db, 'gc-i4');
  await nextTurn();
  assert.equal(settingsSeen(), 3, 'held again');
  handle.flush();
  assert.equal(settingsSeen(), 4, 'flush commits at once (a reply, a run about to start)');
  await sleep(interval + 100);
  assert.equal(version() - before, 3, 'three commits: the two held turns, the lone write, the flushed one');
  assert.deepEqual(errors, []);
});
