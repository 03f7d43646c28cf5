// @sqlite-only: another writer through SQLite's own connection, and its change counter
/**
 * The panel's variables are kept between runs until the envs table changes (envs/service.ts variables, migration
 * 0015). Whatever another writer changes — a row added or deleted, or any column of any row, generated from the
 * table's own columns — the next answer is what a fresh read of the table gives.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import SQLite from 'better-sqlite3';
import { EnvStatus } from '../../daemon/src/contract/enums.ts';
import { signedIn } from '../helpers/app.ts';

test('what runs are given follows every write to the envs table, by any writer, column by column', async (t) => {
  const { app } = await signedIn(t);
  const envs = app.ctx.envs;
  await envs.create([
    { name: 'JD_COOKIE', value: 'a' },
    { name: 'JD_COOKIE', value: 'b' },
    { name: 'PUSH_KEY', value: 'k' },
  ]);
  // Another connection to the same file: what `ql` or any other process writes.
  const other = new SQLite(app.ctx.database.location);
  t.after(() => other.close());
  const fresh = () =>
    other.prepare('select id, name, value from envs where status = ? order by position, id').all(EnvStatus.normal) as {
      id: number;
      name: string;
      value: string;
    }[];
  const columns = other.prepare('select name, type from pragma_table_info(?)').all('envs') as {
    name: string;
    type: string;
  }[];
  assert.ok(columns.length >= 10, 'the columns are read from the table');

  const check = async (what: string, write: () => void) => {
    // Asked before the write, so what is kept is what the table held then.
    assert.deepEqual([...(await envs.variables())], fresh(), `before: ${what}`);
    write();
    assert.deepEqual([...(await envs.variables())], fresh(), `after: ${what}`);
  };
  for (const { name, type } of columns) {
    const [row] = fresh();
    const id = row!.id;
    // A change every type can take: numbers flip between 0 and 1 or move far (status, pins, order, ids), text grows.
    const change = /int|real/i.test(type)
      ? `"${name}" = case "${name}" when 0 then 1 when 1 then 0 else "${name}" + 1000 end`
      : `"${name}" = "${name}" || 'X'`;
    await check(`update of ${name}`, () => other.prepare(`update envs set ${change} where id = ?`).run(id));
  }
  await check('insert', () =>
    other
      .prepare(`insert into envs (name, value, status, position, created_at, updated_at) values (?, ?, 0, -5, 0, 0)`)
      .run('NEW_ONE', 'n'),
  );
  await check('delete', () => other.prepare('delete from envs where id = ?').run(fresh()[0]!.id));
  await check('enable every row', () => other.prepare('update envs set status = 0').run());
});

test('a list read inside a transaction that is rolled back is not taken for a later change', async (t) => {
  const { app } = await signedIn(t);
  const envs = app.ctx.envs;
  await envs.create([{ name: 'TOKEN', value: 'first' }]);
  const { sqlite } = app.ctx.database.accelerators!;
  app.ctx.database.flush();
  sqlite.exec('begin');
  sqlite.prepare(`update envs set value = 'undone'`).run();
  assert.deepEqual(
    (await envs.variables()).map((v) => v.value),
    ['undone'],
  );
  sqlite.exec('rollback');
  sqlite.prepare(`update envs set value = 'second'`).run();
  assert.deepEqual(
    (await envs.variables()).map((v) => v.value),
    ['second'],
  );
});
