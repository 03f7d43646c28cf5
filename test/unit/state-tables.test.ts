/**
 * The tables a copy between engines carries (db/sqlite/state-tables.ts), read from a migrated database's catalog:
 * Kysely's, SQLite's and the text index's own are left out, and each table comes after the tables its foreign keys
 * name and after the tables whose triggers write into it, so the copied rows are the last word.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { openSqliteFile } from '../../daemon/src/db/sqlite/open.ts';
import { stateTables } from '../../daemon/src/db/sqlite/state-tables.ts';

test('the state tables in an order that inserts parents, then causes, then their triggers’ effects', async (t) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'baihu-state-tables-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const handle = openSqliteFile(path.join(dir, 'x.sqlite'));
  try {
    await handle.migrate();
    const tables = stateTables(handle.accelerators.sqlite);
    const names = tables.map((table) => table.name);
    assert.ok(
      !names.some((name) =>
        /^(kysely_|sqlite_)|^crons_text$|^crons_text_(data|idx|config|docsize|content)$/.test(name),
      ),
    );
    const before = (a: string, b: string) => assert.ok(names.indexOf(a) < names.indexOf(b), `${a} before ${b}`);
    before('users', 'sessions');
    before('apps', 'app_tokens');
    before('job_runs', 'run_slices');
    before('job_runs', 'run_days');
    before('crons', 'crons_text_version');
    before('envs', 'envs_version');
    const keyOf = (name: string) => tables.find((table) => table.name === name)?.key;
    assert.deepEqual(keyOf('crons'), ['id']);
    assert.deepEqual(keyOf('run_days'), ['kind', 'day', 'ref_id']);
    assert.deepEqual(keyOf('envs_version'), []);
  } finally {
    await handle.close();
  }
});
