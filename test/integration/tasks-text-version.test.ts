// @sqlite-only: the text version of SQLite's FTS5 index, written by another connection
/**
 * The task search keeps a search's matches by the tasks' text version (search-pages.ts, migrations 0014 and 0016).
 * Matches read inside a transaction that is then rolled back must not pass for a later change of the text.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { call, signedIn } from '../helpers/app.ts';
import { addCron } from '../helpers/tasks.ts';

test('matches read inside a rolled-back transaction are not taken for a later change of the text', async (t) => {
  const { app, token } = await signedIn(t);
  const [first] = [await addCron(app, { name: 'alpha one', command: 'echo 1' })];
  await addCron(app, { name: 'beta two', command: 'echo 2' });
  const search = async (text: string) => {
    const reply = await call(app, 'GET', `/api/crons?searchValue=${encodeURIComponent(text)}&page=1&size=20`, {
      token,
    });
    return (reply.body.data as { data: { name: string }[] }).data.map((row) => row.name);
  };
  assert.deepEqual(await search('gamma'), []);
  const { sqlite } = app.ctx.database.accelerators!;
  app.ctx.database.flush();
  sqlite.exec('begin');
  sqlite.prepare(`update crons set name = 'gamma one' where id = ?`).run(first!.id);
  assert.deepEqual(await search('gamma'), ['gamma one'], 'inside the transaction');
  sqlite.exec('rollback');
  sqlite.prepare(`update crons set name = 'delta one' where id = ?`).run(first!.id);
  assert.deepEqual(await search('gamma'), [], 'after the rollback and another change');
  assert.deepEqual(await search('delta'), ['delta one']);
});
