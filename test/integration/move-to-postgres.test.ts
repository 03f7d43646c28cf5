// @sqlite-only: runs both engines itself, on a cluster of its own
/**
 * Moving over (docs/backup.md "Moving to PostgreSQL"): a backup of a SQLite install, filled through the API, restored
 * into a daemon on PostgreSQL holds every row of the archive's database with the same ids, and the files; a backup
 * taken there restores into a new SQLite install row for row. A tampered archive is still refused on PostgreSQL.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test, type TestContext } from 'node:test';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppToken, AppWithSecret } from '../../daemon/src/contract/apps.ts';
import type { BackupStarted, RestoreCheck } from '../../daemon/src/contract/backup.ts';
import { dataPaths } from '../../daemon/src/config/paths.ts';
import { openDatabase } from '../../daemon/src/db/open.ts';
import { applyRestoreNow } from '../../daemon/src/modules/backup/index.ts';
import { call, initAccount, login, signedIn, startApp, userDataDir } from '../helpers/app.ts';
import { tamperedBackup } from '../helpers/backup-tamper.ts';
import { multipart } from '../helpers/files.ts';
import { ensureTestDatabase, startOwnCluster } from '../helpers/postgres.ts';
import { waitFor } from '../helpers/tasks.ts';

const cluster = startOwnCluster();
after(() => cluster.stop());

type Rows = Record<string, string[]>;

/** Every row of every table but the migrations' own, each as JSON, sorted: the same data compares equal on either engine. */
async function rowsOfApp(app: FastifyInstance): Promise<Rows> {
  const { db, dialect } = app.ctx.database;
  const tables =
    dialect === 'postgres'
      ? sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like 'kysely%'`
      : sql<{ name: string }>`select name from pragma_table_list where schema = 'main' and type = 'table'
          and name not like 'sqlite%' and name not like 'kysely%'`;
  const rows: Rows = {};
  for (const { name } of (await tables.execute(db)).rows) {
    const all = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db);
    rows[name] = all.rows.map((row) => JSON.stringify(row)).sort();
  }
  return sortedKeys(rows);
}

const sortedKeys = (rows: Rows): Rows =>
  Object.fromEntries(Object.entries(rows).sort(([a], [b]) => a.localeCompare(b)));

function readFile(file: string, query: string): unknown[] {
  const db = new SQLite(file, { readonly: true });
  try {
    return db.prepare(query).all();
  } finally {
    db.close();
  }
}

/** The same of an archive's database file. */
function rowsOfArchive(bytes: Buffer): Rows {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'baihu-move-'));
  try {
    writeFileSync(path.join(dir, 'backup.tgz'), bytes);
    execFileSync('tar', ['xzf', 'backup.tgz', 'data/db/baihu.sqlite'], { cwd: dir });
    const file = path.join(dir, 'data/db/baihu.sqlite');
    const tables = readFile(file, "select name from pragma_table_list where schema = 'main' and type = 'table'") as {
      name: string;
    }[];
    const rows: Rows = {};
    for (const { name } of tables.filter((table) => !/^(sqlite|kysely)/.test(table.name)))
      rows[name] = readFile(file, `select * from "${name}"`)
        .map((row) => JSON.stringify(row))
        .sort();
    return sortedKeys(rows);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function runsEnded(app: FastifyInstance): Promise<void> {
  await waitFor(
    async () => {
      const open = await app.ctx.db.selectFrom('job_runs').select('id').where('finished_at', 'is', null).execute();
      return open.length === 0 ? true : undefined;
    },
    30_000,
    'every run to end',
  );
}

async function backupNow(app: FastifyInstance, token: string): Promise<Buffer> {
  const started = await call(app, 'POST', '/api/system/backup', { token, payload: { parts: ['scripts', 'config'] } });
  assert.equal(started.body.code, 200, JSON.stringify(started.body));
  const { name } = started.body.data as BackupStarted;
  await runsEnded(app);
  const file = await app.inject({
    method: 'GET',
    url: `/api/system/backup/files/${name}`,
    headers: { authorization: `Bearer ${token}` },
  });
  assert.equal(file.statusCode, 200);
  return file.rawPayload;
}

const check = (app: FastifyInstance, token: string, bytes: Buffer) => {
  const form = multipart({}, { field: 'file', name: 'backup.tgz', content: bytes });
  return call(app, 'POST', '/api/system/restore', { token, payload: form.payload, headers: form.headers });
};

/**
 * A new install of `env`'s engine with another account, the archive checked, confirmed, and the daemon started again
 * (the restart that applies it); the restored daemon and its data dir.
 */
async function restoreInto(t: TestContext, bytes: Buffer, env: Record<string, string>) {
  const dataDir = userDataDir(t);
  let restarts = 0;
  const fresh = await startApp(t, { dataDir, env, restart: () => restarts++ });
  await initAccount(fresh.app, { username: 'someone', password: 'another-pass-77' });
  const token = await login(fresh.app, { username: 'someone', password: 'another-pass-77' });
  writeFileSync(path.join(dataDir, 'scripts', 'later.js'), 'later');
  const checked = await check(fresh.app, token, bytes);
  assert.equal(checked.body.code, 200, JSON.stringify(checked.body));
  const { id } = checked.body.data as RestoreCheck;
  const confirmed = await call(fresh.app, 'PUT', '/api/system/restore', { token, payload: { id } });
  assert.equal(confirmed.body.code, 200, JSON.stringify(confirmed.body));
  await waitFor(() => restarts === 1, 5000, 'the restart');
  await fresh.app.close();
  // Compared before anyone signs in: a sign-in writes its session, its log line and the user's last login.
  return startApp(t, { dataDir, env });
}

/**
 * A backup of a SQLite install with the variable FROM_BACKUP, checked and confirmed on a PostgreSQL install with
 * ON_POSTGRES, whose daemon has stopped for the restart (the restore not applied yet).
 */
async function confirmedOnPostgres(t: TestContext, name: string) {
  const source = await signedIn(t);
  await call(source.app, 'POST', '/api/envs', { token: source.token, payload: [{ name: 'FROM_BACKUP', value: '1' }] });
  const bytes = await backupNow(source.app, source.token);
  await source.app.close();
  const url = await ensureTestDatabase(`move-to-postgres ${name}`);
  let restarts = 0;
  const target = await signedIn(t, { env: { BAIHU_DATABASE_URL: url }, restart: () => restarts++ });
  const { token } = target;
  await call(target.app, 'POST', '/api/envs', { token, payload: [{ name: 'ON_POSTGRES', value: '1' }] });
  const checked = await check(target.app, token, bytes);
  assert.equal(checked.body.code, 200, JSON.stringify(checked.body));
  const { id } = checked.body.data as RestoreCheck;
  assert.equal((await call(target.app, 'PUT', '/api/system/restore', { token, payload: { id } })).body.code, 200);
  await waitFor(() => restarts === 1, 5000, 'the restart');
  const before = await rowsOfApp(target.app);
  await target.app.close();
  return { target, url, before, archived: rowsOfArchive(bytes) };
}

test('a SQLite install moves to PostgreSQL and back with every row and file', async (t) => {
  const source = await signedIn(t);
  const { app, token, dataDir } = source;
  await call(app, 'POST', '/api/envs', { token, payload: [{ name: 'JD_COOKIE', value: 'pt_key=1', remarks: 'a' }] });
  // A deleted row's id is never handed out again, on either engine.
  const gone = (await call(app, 'POST', '/api/envs', { token, payload: [{ name: 'GONE', value: '1' }] })).body.data as {
    id: number;
  }[];
  assert.equal((await call(app, 'DELETE', '/api/envs', { token, payload: [gone[0]!.id] })).body.code, 200);
  const task = await call(app, 'POST', '/api/crons', {
    token,
    payload: { name: 'say hi', command: 'echo hi', schedule: '0 9 * * *', labels: ['daily'] },
  });
  assert.equal(task.body.code, 200, JSON.stringify(task.body));
  const taskId = (task.body.data as { id: number }).id;
  for (let run = 0; run < 2; run++) {
    assert.equal((await call(app, 'PUT', '/api/crons/run', { token, payload: [taskId] })).body.code, 200);
    await runsEnded(app);
  }
  const sub = await call(app, 'POST', '/api/subscriptions', {
    token,
    payload: { name: 'Raw', type: 'file', url: 'http://127.0.0.1:9/raw_job.js', schedule: '0 0 * * *' },
  });
  assert.equal(sub.body.code, 200, JSON.stringify(sub.body));
  const frequency = await call(app, 'PUT', '/api/system/config/log-remove-frequency', {
    token,
    payload: { logRemoveFrequency: 7 },
  });
  assert.equal(frequency.body.code, 200, JSON.stringify(frequency.body));
  const robot = (await call(app, 'POST', '/api/apps', { token, payload: { name: 'robot', scopes: ['envs'] } })).body
    .data as AppWithSecret;
  const query = new URLSearchParams({ client_id: robot.client_id, client_secret: robot.client_secret });
  assert.ok(((await call(app, 'GET', `/open/auth/token?${query}`)).body.data as AppToken).token);
  writeFileSync(path.join(dataDir, 'scripts', 'sign.js'), 'console.log(1)\n');

  const fromSqlite = await backupNow(app, token);
  const archived = rowsOfArchive(fromSqlite);
  for (const table of ['envs', 'crons', 'job_runs', 'subscriptions', 'apps', 'app_tokens', 'settings', 'users'])
    assert.ok(archived[table]?.length, `the archive holds ${table}`);
  await app.close();

  const url = await ensureTestDatabase('move-to-postgres target');
  const onPostgres = await restoreInto(t, fromSqlite, { BAIHU_DATABASE_URL: url });
  assert.equal(onPostgres.app.ctx.database.dialect, 'postgres');
  assert.deepEqual(await rowsOfApp(onPostgres.app), archived, 'every row of the archive, with its id');
  const pgToken = await login(onPostgres.app);
  assert.equal(readFileSync(path.join(onPostgres.dataDir, 'scripts', 'sign.js'), 'utf8'), 'console.log(1)\n');
  assert.ok(!existsSync(path.join(onPostgres.dataDir, 'db', 'baihu.sqlite')), 'no SQLite file nobody reads');
  const previous = readdirSync(path.join(onPostgres.dataDir, 'bak')).find((name) => name.startsWith('before-'));
  assert.ok(previous, 'the replaced data is kept');
  const kept = path.join(onPostgres.dataDir, 'bak', previous, 'postgres', 'baihu.sqlite');
  assert.deepEqual(readFile(kept, 'select username from users'), [{ username: 'someone' }]);
  // The identities moved past the restored ids: a new row takes the next one.
  const added = await call(onPostgres.app, 'POST', '/api/envs', {
    token: pgToken,
    payload: [{ name: 'LATER', value: '1' }],
  });
  assert.equal(added.body.code, 200, JSON.stringify(added.body));
  const later = (added.body.data as { id: number }[])[0]!.id;
  assert.equal(later, gone[0]!.id + 1, 'the next id after the last one SQLite handed out');
  assert.equal(
    (await call(onPostgres.app, 'DELETE', '/api/envs', { token: pgToken, payload: [later] })).body.code,
    200,
  );

  const fromPostgres = await backupNow(onPostgres.app, pgToken);
  const archivedAgain = rowsOfArchive(fromPostgres);
  const live = await rowsOfApp(onPostgres.app);
  // The backup's own run is recorded in the archive as ended when it was taken, and counted by the triggers then.
  for (const table of Object.keys(live).filter((name) => !['job_runs', 'run_slices', 'run_days'].includes(name)))
    assert.deepEqual(archivedAgain[table], live[table], `${table} as PostgreSQL held it`);
  assert.deepEqual(Object.keys(archivedAgain), Object.keys(live));
  await onPostgres.app.close();

  const backOnSqlite = await restoreInto(t, fromPostgres, {});
  assert.equal(backOnSqlite.app.ctx.database.dialect, 'sqlite');
  assert.deepEqual(await rowsOfApp(backOnSqlite.app), archivedAgain, 'every row of the archive from PostgreSQL');
  const search = await call(backOnSqlite.app, 'GET', '/api/crons?searchValue=say%20h', {
    token: await login(backOnSqlite.app),
  });
  assert.match(JSON.stringify(search.body), /say hi/, 'the text index holds the copied tasks');
  const next = await call(backOnSqlite.app, 'POST', '/api/envs', {
    token: await login(backOnSqlite.app),
    payload: [{ name: 'BACK', value: '1' }],
  });
  assert.equal((next.body.data as { id: number }[])[0]!.id, later + 1, 'the next id after PostgreSQL’s last');
});

test('a tampered archive is refused on PostgreSQL too, and nothing changes', async (t) => {
  const source = await signedIn(t);
  const bytes = await backupNow(source.app, source.token);
  await source.app.close();
  const url = await ensureTestDatabase('move-to-postgres tampered');
  const target = await signedIn(t, { env: { BAIHU_DATABASE_URL: url } });
  const before = await rowsOfApp(target.app);
  const planted = tamperedBackup(
    bytes,
    "create trigger planted after insert on envs begin update users set password_hash = 'x'; end;",
  );
  const refused = await check(target.app, target.token, planted);
  assert.equal(refused.body.code, 400, JSON.stringify(refused.body));
  assert.match(refused.body.message ?? '', /extra trigger planted/);
  assert.deepEqual(await rowsOfApp(target.app), before);
});

test('a restore on PostgreSQL whose files cannot move puts the replaced rows back', async (t) => {
  const { target, url, before } = await confirmedOnPostgres(t, 'undone');

  // The scripts folder cannot be set aside: where it would go is a file. The rows went in first.
  const paths = dataPaths(target.dataDir);
  const pending = JSON.parse(readFileSync(path.join(paths.root, '.restore', 'pending.json'), 'utf8')) as {
    previous: string;
  };
  mkdirSync(path.join(paths.root, pending.previous), { recursive: true });
  writeFileSync(path.join(paths.root, pending.previous, 'scripts'), 'in the way');
  const silent = { info() {}, error() {} };
  const outcome = await applyRestoreNow(paths, { dbDir: paths.db, url }, silent);
  assert.equal(outcome?.ok, false);
  assert.match(outcome?.message ?? '', /ENOTDIR|EEXIST|not a directory/);

  const again = await startApp(t, { dataDir: target.dataDir, env: { BAIHU_DATABASE_URL: url } });
  const after = await rowsOfApp(again.app);
  assert.deepEqual(after.envs, before.envs);
  assert.match(JSON.stringify(after.envs), /ON_POSTGRES/);
  assert.deepEqual(after, before);
});

test('a restore on PostgreSQL cut off after the replaced rows were kept resumes at the next start', async (t) => {
  const { target, url, archived } = await confirmedOnPostgres(t, 'resumed');

  // As if the start died right after keeping the rows: the journal says 'saved', the snapshot is there.
  const paths = dataPaths(target.dataDir);
  const pendingFile = path.join(paths.root, '.restore', 'pending.json');
  const pending = JSON.parse(readFileSync(pendingFile, 'utf8')) as { previous: string; phases: Record<string, string> };
  const kept = path.join(paths.root, pending.previous, 'postgres', 'baihu.sqlite');
  mkdirSync(path.dirname(kept), { recursive: true });
  const database = await openDatabase({ dbDir: paths.db, url });
  await database.snapshotTo(kept);
  await database.close();
  pending.phases['db:rows'] = 'saved';
  writeFileSync(pendingFile, JSON.stringify(pending));

  const restored = await startApp(t, { dataDir: target.dataDir, env: { BAIHU_DATABASE_URL: url } });
  assert.deepEqual(await rowsOfApp(restored.app), archived);
  assert.deepEqual(readFile(kept, 'select name from envs'), [{ name: 'ON_POSTGRES' }]);
});
