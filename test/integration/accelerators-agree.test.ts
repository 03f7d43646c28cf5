// @sqlite-only: compares SQLite's accelerators with its plain path
/**
 * Each accelerator kept (docs/architecture.md, bench/accelerators.ts) answers what the plain path beside it answers:
 * the process starter and Node's own spawn (launchDirect) run generated commands to the same output and exit; the
 * fair driver and Kysely's own driver answer the same queries asked at once, in the order asked; group commit and a
 * commit per statement leave the same rows. (The text index against LIKE: tasks-text-index.test.ts; kept orders
 * against the order read again: tasks-order-moves.test.ts; the list's reply cache: tasks-api.test.ts.)
 */
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { Kysely, SqliteDialect } from 'kysely';
import { openSqlite } from '../../daemon/src/db/sqlite/open.ts';
import { FairDriver } from '../../daemon/src/db/sqlite/fair-driver.ts';
import { GroupCommit } from '../../daemon/src/db/sqlite/group-commit.ts';
import type { Database as Schema } from '../../daemon/src/db/schema.ts';
import { launchDirect, type Launched, type LaunchSpec } from '../../daemon/src/jobs/executor/launch.ts';
import { Spawner, spawnerPath } from '../../daemon/src/jobs/executor/spawner.ts';
import { dataPaths, ensureDataDirs } from '../../daemon/src/config/paths.ts';
import { tempDir } from '../helpers/app.ts';

async function run(
  launch: (spec: LaunchSpec) => Launched | Promise<Launched>,
  argv: string[],
  env: Record<string, string>,
) {
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  const launched = await launch({
    argv,
    reaper: null,
    cwd: '/',
    env,
    stdout: (chunk) => out.push(chunk),
    stderr: (chunk) => err.push(chunk),
    failed: () => {},
  });
  const exit = await launched.exited;
  await launched.drain();
  return { exit, out: Buffer.concat(out).toString(), err: Buffer.concat(err).toString() };
}

test('the process starter and node’s spawn: the same output, error output and exit for generated commands', async () => {
  const spawner = new Spawner(spawnerPath);
  for (let i = 0; i < 12; i++) {
    const env = { PATH: '/usr/bin:/bin', VALUE: `v${i} ${'x'.repeat(i * 97)}` };
    const argv = ['/bin/sh', '-c', `echo "$VALUE"; echo err ${i} >&2; seq 1 ${i * 300} | tail -n 1; exit ${i % 5}`];
    const plain = await run(launchDirect, argv, env);
    const started = await run((spec) => spawner.launch(spec), argv, env);
    assert.deepEqual(started, plain, `command ${i}`);
    assert.equal(plain.exit.code, i % 5);
  }
  assert.ok(spawner.usable, 'every command went through the starter');
});

async function migrated(t: TestContext) {
  const paths = dataPaths(tempDir(t));
  await ensureDataDirs(paths);
  const handle = openSqlite(paths.db);
  await handle.migrate();
  t.after(() => handle.close());
  return handle;
}

test('the fair driver and Kysely’s own: the same answers to queries asked at once, each in the order asked', async (t) => {
  const handle = await migrated(t);
  const insert = handle.accelerators.sqlite.prepare(`insert into settings (key, value) values (?, ?)`);
  for (let i = 1; i <= 300; i++) insert.run(`k${i}`, String(i));
  class Fair extends SqliteDialect {
    override createDriver() {
      return new FairDriver(super.createDriver());
    }
  }
  const plain = new Kysely<Schema>({ dialect: new SqliteDialect({ database: handle.accelerators.sqlite }) });
  const fair = new Kysely<Schema>({ dialect: new Fair({ database: handle.accelerators.sqlite }) });
  const burst = async (db: Kysely<Schema>) => {
    const order: number[] = [];
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        db
          .selectFrom('settings')
          .select(['key', 'value'])
          .where('key', '=', `k${i + 1}`)
          .executeTakeFirst()
          .then((row) => (order.push(i), row)),
      ),
    );
    return { answers, order };
  };
  const a = await burst(plain);
  const b = await burst(fair);
  assert.deepEqual(b.answers, a.answers);
  assert.deepEqual(
    b.order,
    Array.from({ length: 300 }, (_, i) => i),
    'first come, first served',
  );
});

test('group commit and a commit per statement leave the same rows after the same generated writes', async (t) => {
  const tables: unknown[] = [];
  for (const grouped of [false, true]) {
    const handle = await migrated(t);
    const group = grouped ? new GroupCommit(handle.accelerators.sqlite) : null;
    const upsert = handle.accelerators.sqlite.prepare(
      `insert into settings (key, value) values (?, ?) on conflict (key) do update set value = excluded.value`,
    );
    const remove = handle.accelerators.sqlite.prepare(`delete from settings where key = ?`);
    for (let turn = 0; turn < 20; turn++) {
      for (let i = 0; i < 50; i++) {
        group?.beforeWrite();
        const key = `g${(turn * 31 + i * 7) % 97}`;
        if ((turn + i) % 9 === 0) remove.run(key);
        else upsert.run(key, `${turn}:${i}`);
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    group?.flush();
    assert.equal(handle.accelerators.sqlite.inTransaction, false);
    tables.push(
      handle.accelerators.sqlite.prepare(`select key, value from settings where key like 'g%' order by key`).all(),
    );
  }
  assert.deepEqual(tables[1], tables[0]);
});
