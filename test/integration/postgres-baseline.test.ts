// @sqlite-only: runs both engines itself, on a cluster of its own
/**
 * PostgreSQL's baseline migration (db/postgres/migrations/0016-baseline.ts) against SQLite's schema after its own
 * migrations, read from both catalogs rather than listed by hand: the same tables, columns, nullability, types,
 * defaults and indexes, the same seed rows, and the triggers' effects compared write by write on both.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql, type Kysely } from 'kysely';
import type { Database, NewJobRun } from '../../daemon/src/db/schema.ts';
import { postgresColumns, postgresIndexes, postgresTables, sqliteColumns, sqliteTables } from '../helpers/catalogs.ts';
import { bothDialects, type BothDialects } from '../helpers/dialects.ts';
import { startOwnCluster } from '../helpers/postgres.ts';

const cluster = startOwnCluster();
let dbs: BothDialects;
before(async () => {
  dbs = await bothDialects('postgres-baseline');
});
after(async () => {
  await dbs?.close();
  cluster.stop();
});

/** SQLite's declared type as the baseline writes it. */
const pgType: Record<string, string> = { INTEGER: 'bigint', TEXT: 'text', REAL: 'double precision' };

/** A default as both catalogs spell it: `'[]'` and `0` in SQLite, `'[]'::text` and `0` in PostgreSQL. */
const normalDefault = (value: string | null) => value?.replace(/::[a-z ]+$/, '') ?? null;

test('every table of SQLite, and no other, is in PostgreSQL with the same columns, types, nullability and defaults', async () => {
  const tables = sqliteTables(dbs.raw);
  assert.ok(tables.includes('crons') && tables.includes('envs_version'), 'the tables are read from SQLite');
  assert.ok(!tables.includes('crons_text'), 'the FTS tables are left out');
  assert.deepEqual(await postgresTables(dbs.postgres), tables);
  for (const table of tables) {
    const expected = sqliteColumns(dbs.raw, table).map((c) => ({
      name: c.name,
      type: pgType[c.type.toUpperCase()] ?? `unmapped ${c.type}`,
      // A primary key is NOT NULL in PostgreSQL; in SQLite only the integer one is (a text key takes NULL there).
      nullable: c.notnull === 0 && c.pk === 0,
      default: normalDefault(c.dflt_value),
    }));
    const actual = (await postgresColumns(dbs.postgres, table)).map((c) => ({
      name: c.column_name,
      type: c.data_type,
      nullable: c.is_nullable === 'YES',
      default: normalDefault(c.column_default),
    }));
    assert.deepEqual(actual, expected, `columns of ${table}`);
    for (const column of await postgresColumns(dbs.postgres, table)) {
      if (column.data_type === 'text') assert.equal(column.collation_name, 'C', `${table}.${column.column_name}`);
    }
  }
});

test("every index of SQLite has PostgreSQL's index on the same columns, directions, uniqueness and condition", async () => {
  const unmatched: string[] = [];
  let compared = 0;
  for (const table of sqliteTables(dbs.raw)) {
    const pgIndexes = await postgresIndexes(dbs.postgres, table);
    const used = new Set<string>();
    const list = dbs.raw.prepare('select name, "unique", origin, partial from pragma_index_list(?)').all(table) as {
      name: string;
      unique: number;
      origin: string;
      partial: number;
    }[];
    for (const index of list) {
      const keys = dbs.raw
        .prepare('select name, "desc" from pragma_index_xinfo(?) where key = 1 order by seqno')
        .all(index.name) as { name: string; desc: number }[];
      const predicate = index.partial
        ? (dbs.raw.prepare('select sql from sqlite_schema where name = ?').get(index.name) as { sql: string }).sql
            .split(/ where /i)[1]!
            .toLowerCase()
        : null;
      const match = pgIndexes.find(
        (p) =>
          p.unique === (index.unique === 1) &&
          (p.predicate === null) === (predicate === null) &&
          JSON.stringify(p.columns) === JSON.stringify(keys.map((k) => k.name)) &&
          JSON.stringify(p.descending) === JSON.stringify(keys.map((k) => k.desc === 1)),
      );
      assert.ok(match, `${table}: SQLite's ${index.name} (${keys.map((k) => k.name).join(', ')}) has no match`);
      used.add(match.name);
      compared++;
      // The indexes the migrations name carry SQLite's NULL placement, so SQLite's order reads them in order.
      if (index.origin === 'c') {
        assert.deepEqual(
          match.nulls_first,
          match.descending.map((d) => !d),
          `${match.name}: NULLs as in SQLite`,
        );
      }
      // Every name and literal of SQLite's condition (not its keywords) is in PostgreSQL's.
      for (const word of predicate?.match(/[a-z_]+/g) ?? []) {
        if (!['in', 'is', 'not', 'null'].includes(word)) assert.ok(match.predicate!.includes(word), `${word}`);
      }
    }
    // Only SQLite's rowid keys (an integer primary key needs no index there) and the text search's GIN indexes.
    for (const p of pgIndexes) if (!used.has(p.name)) unmatched.push(p.name);
  }
  assert.ok(compared >= 29, `${compared} indexes compared`);
  // A table's one INTEGER PRIMARY KEY is its rowid in SQLite, which has no index of its own.
  const rowidTables = sqliteTables(dbs.raw).filter((table) => {
    const keys = sqliteColumns(dbs.raw, table).filter((c) => c.pk > 0);
    return keys.length === 1 && keys[0]!.type.toUpperCase() === 'INTEGER';
  });
  const expected = [
    ...rowidTables.map((t) => `${t}_pkey`),
    ...['name', 'command', 'schedule', 'labels'].map((c) => `crons_text_${c}`),
  ];
  assert.deepEqual(unmatched.sort(), expected.sort());
  const gin = await sql<{
    def: string;
  }>`select indexdef as def from pg_indexes where indexname like 'crons_text_%'`.execute(dbs.postgres);
  for (const { def } of gin.rows) assert.match(def, /USING gin \(lower\(\w+\) gin_trgm_ops\)/);
  // The planner takes them for a search of the lower-cased text (on a table this small, only when told to).
  const plan = await dbs.postgres.connection().execute(async (db) => {
    await sql`set enable_seqscan = off`.execute(db);
    const { rows } = await sql<{ 'QUERY PLAN': string }>`explain select id from crons
      where lower(name) like '%sign%' or lower(command) like '%sign%'`.execute(db);
    await sql`reset enable_seqscan`.execute(db);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
  assert.match(plan, /Bitmap Index Scan on crons_text_name[\s\S]*Bitmap Index Scan on crons_text_command/);
});

test('the rows the migrations insert are the same: the first task view and one version row each', async () => {
  const views = (db: Kysely<Database>) =>
    db
      .selectFrom('cron_views')
      .select(['id', 'name', 'position', 'is_disabled', 'filters', 'sorts', 'filter_relation', 'type'])
      .execute();
  assert.deepEqual(await views(dbs.postgres), await views(dbs.sqlite));
  assert.equal((await views(dbs.postgres)).length, 1);
  for (const table of ['crons_text_version', 'envs_version']) {
    const count = (db: Kysely<Database>) =>
      sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db);
    assert.equal(Number((await count(dbs.postgres)).rows[0]!.n), 1, table);
    assert.equal(Number((await count(dbs.sqlite)).rows[0]!.n), 1, table);
  }
});

/** Whether each write moves the version, asked of both databases after the same write. */
async function versionMoves(
  table: 'crons_text_version' | 'envs_version',
  steps: [string, (db: Kysely<Database>) => Promise<unknown>][],
) {
  const read = async (db: Kysely<Database>) =>
    (await sql<{ version: number }>`select version from ${sql.table(table)}`.execute(db)).rows[0]!.version;
  const moves: Record<string, [sqlite: boolean, postgres: boolean]> = {};
  for (const [what, write] of steps) {
    const answer: boolean[] = [];
    for (const db of [dbs.sqlite, dbs.postgres]) {
      const before = await read(db);
      await write(db);
      answer.push((await read(db)) !== before);
    }
    moves[what] = answer as [boolean, boolean];
  }
  return moves;
}

test("the tasks' text version moves on the same writes as in SQLite", async () => {
  const task = { name: 'Sign in', command: 'task sign.js', schedule: '0 8 * * *', created_at: 1, updated_at: 1 };
  const one = (db: Kysely<Database>) => db.updateTable('crons').where('name', 'like', 'Sign in%');
  const moves = await versionMoves('crons_text_version', [
    ['insert', (db) => db.insertInto('crons').values(task).execute()],
    ['status', (db) => one(db).set({ status: 0 }).execute()],
    ['a run', (db) => one(db).set({ last_execution_time: 5, pid: 7, last_end: 'success' }).execute()],
    ['name', (db) => one(db).set({ name: 'Sign in 2' }).execute()],
    ['labels', (db) => one(db).set({ labels: '["daily"]' }).execute()],
    ['command', (db) => one(db).set({ command: 'task other.js' }).execute()],
    ['no row', (db) => db.deleteFrom('crons').where('id', '=', -1).execute()],
    ['delete', (db) => db.deleteFrom('crons').where('name', '=', 'Sign in 2').execute()],
  ]);
  for (const [what, [sqlite, postgres]] of Object.entries(moves)) assert.equal(postgres, sqlite, what);
  assert.deepEqual(
    Object.entries(moves)
      .filter(([, [s]]) => s)
      .map(([w]) => w),
    ['insert', 'name', 'labels', 'command', 'delete'],
  );
});

test("the variables' version moves on the same writes as in SQLite", async () => {
  const env = { name: 'JD_COOKIE', value: 'a', position: 1, created_at: 1, updated_at: 1 };
  const one = (db: Kysely<Database>) => db.updateTable('envs').where('name', '=', 'JD_COOKIE');
  const moves = await versionMoves('envs_version', [
    ['insert', (db) => db.insertInto('envs').values(env).execute()],
    ['remarks', (db) => one(db).set({ remarks: 'note' }).execute()],
    ['pinned', (db) => one(db).set({ is_pinned: 1, labels: '["x"]' }).execute()],
    ['value', (db) => one(db).set({ value: 'b' }).execute()],
    ['status', (db) => one(db).set({ status: 1 }).execute()],
    ['position', (db) => one(db).set({ position: 2.5 }).execute()],
    ['delete', (db) => db.deleteFrom('envs').where('name', '=', 'JD_COOKIE').execute()],
  ]);
  for (const [what, [sqlite, postgres]] of Object.entries(moves)) assert.equal(postgres, sqlite, what);
  assert.deepEqual(
    Object.entries(moves)
      .filter(([, [s]]) => s)
      .map(([w]) => w),
    ['insert', 'value', 'status', 'position', 'delete'],
  );
});

test('the run counters count the same runs the same way', async () => {
  const day = 86_400_000 * 20_000;
  const run = (over: Partial<NewJobRun> & { kind: string }): NewJobRun => ({
    trigger: 'schedule',
    status: 0,
    queued_at: day,
    ref_id: 3,
    ...over,
  });
  for (const db of [dbs.sqlite, dbs.postgres]) {
    await db
      .insertInto('job_runs')
      .values([
        run({ kind: 'task', id: 1 }),
        run({ kind: 'task', id: 2, finished_at: day + 1_000, end: 'failed', duration_ms: 800 }),
        run({ kind: 'task', id: 3, finished_at: day + 2_000, end: 'success', ref_id: null }),
        run({ kind: 'pull', id: 4, finished_at: day + 901_000, end: 'timeout', duration_ms: 50 }),
        run({ kind: 'task', id: 5 }),
      ])
      .execute();
    await db
      .updateTable('job_runs')
      .set({ finished_at: day + 3_000, end: 'success', duration_ms: 1_500 })
      .where('id', '=', 1)
      .execute();
    // An end already counted is not counted again, nor is a run that has not ended.
    await db
      .updateTable('job_runs')
      .set({ finished_at: day + 4_000 })
      .where('id', '=', 2)
      .execute();
    await db.updateTable('job_runs').set({ status: 1, pid: 9 }).where('id', '=', 5).execute();
  }
  const read = async (db: Kysely<Database>) => ({
    slices: await db.selectFrom('run_slices').selectAll().orderBy('kind').orderBy('start').execute(),
    days: await db.selectFrom('run_days').selectAll().orderBy('kind').orderBy('day').orderBy('ref_id').execute(),
  });
  const expected = await read(dbs.sqlite);
  assert.deepEqual(await read(dbs.postgres), expected);
  assert.equal(expected.slices.find((s) => s.kind === 'task')?.runs, 3);
  assert.equal(expected.days.find((d) => d.kind === 'task' && d.ref_id === 3)?.max_ms, 1_500);
});

test('the keys and checks refuse and cascade as in SQLite', async () => {
  for (const db of [dbs.sqlite, dbs.postgres]) {
    const user = { username: 'admin', password_hash: 'x', created_at: 1, updated_at: 1 };
    await assert.rejects(
      db
        .insertInto('users')
        .values({ ...user, id: 2 as 1 })
        .execute(),
      'only user 1',
    );
    await db
      .insertInto('users')
      .values({ ...user, id: 1 })
      .execute();
    await db
      .insertInto('sessions')
      .values({ id: 's', user_id: 1, platform: 'web', ip: '::1', created_at: 1, expires_at: 2 })
      .execute();
    const app = await db
      .insertInto('apps')
      .values({ name: 'a', scopes: '[]', client_id: 'c', secret_hash: 'h', created_at: 1, updated_at: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('app_tokens')
      .values({ token_hash: 't', app_id: app.id, created_at: 1, expires_at: 2 })
      .execute();
    await assert.rejects(
      db
        .insertInto('apps')
        .values({ name: 'b', scopes: '[]', client_id: 'c', secret_hash: 'h', created_at: 1, updated_at: 1 })
        .execute(),
    );
    await db.deleteFrom('users').execute();
    await db.deleteFrom('apps').execute();
    assert.deepEqual(await db.selectFrom('sessions').selectAll().execute(), []);
    assert.deepEqual(await db.selectFrom('app_tokens').selectAll().execute(), []);
  }
});
