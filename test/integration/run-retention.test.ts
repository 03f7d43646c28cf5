// @sqlite-only: SQLite's WAL checkpoint and incremental vacuum
/**
 * Run-history retention (jobs/run-retention.ts) on a real SQLite file with real log files: by age and by count per
 * thing, never a run that has not ended nor its log, each thing's newest run kept; and the database's space given
 * back in small incremental-vacuum steps (db/sqlite/vacuum.ts), including switching a database made before the mode.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import SQLite from 'better-sqlite3';
import { openSqlite } from '../../daemon/src/db/sqlite/open.ts';
import { reclaimFreePages, useIncrementalVacuum } from '../../daemon/src/db/sqlite/vacuum.ts';
import { pruneRunHistory, runHistoryPolicyOf } from '../../daemon/src/jobs/run-retention.ts';
import { JobRunsRepository } from '../../daemon/src/jobs/runs-repository.ts';
import { dataPaths, ensureDataDirs } from '../../daemon/src/config/paths.ts';
import { call, initAccount, login, startApp, tempDir } from '../helpers/app.ts';

const day = 86_400_000;
const now = Date.parse('2026-06-01T12:00:00Z');

async function fixture(t: TestContext) {
  const paths = dataPaths(tempDir(t));
  await ensureDataDirs(paths);
  const database = openSqlite(paths.db);
  t.after(() => database.close());
  await database.migrate();
  const insert = database.accelerators.sqlite.prepare(
    `insert into job_runs (kind, ref_id, trigger, status, "end", log_path, queued_at, started_at, finished_at)
     values (?, ?, 'schedule', 1, ?, ?, ?, ?, ?)`,
  );
  /** A run of `kind`/`ref` queued `ageDays` ago, its log file written; `ended` false leaves it running. */
  const run = (kind: string, ref: number | null, ageDays: number, ended = true) => {
    const at = now - ageDays * day;
    const log = `${kind}-${ref}/${at}.log`;
    mkdirSync(path.join(paths.log, path.dirname(log)), { recursive: true });
    writeFileSync(path.join(paths.log, log), 'x'.repeat(100));
    const id = Number(
      insert.run(kind, ref, ended ? 'success' : null, log, at, at, ended ? at + 1000 : null).lastInsertRowid,
    );
    return { id, log };
  };
  const ids = (kind: string, ref: number | null) =>
    (
      database.accelerators.sqlite
        .prepare('select id from job_runs where kind = ? and ref_id is ? order by id')
        .all(kind, ref) as {
        id: number;
      }[]
    ).map((row) => row.id);
  const prune = (days: number, perTask: number, inUse = new Set<string>()) =>
    pruneRunHistory({
      runs: new JobRunsRepository(database.db, database.phrases),
      logRoot: paths.log,
      policy: runHistoryPolicyOf(days, perTask),
      now,
      inUse: () => inUse,
      width: { start: 3, max: 3 },
      // The worker's checkpoints every other row: the pass must stay right across them.
      wal: database.accelerators.wal,
      checkpointEveryRows: 2,
    });
  return { paths, database, run, ids, prune };
}

test('retention by age: runs that ended before the cut-off go with their logs; the newest of each thing stays', async (t) => {
  const { paths, run, ids, prune } = await fixture(t);
  const old = [run('task', 1, 100), run('task', 1, 95), run('task', 1, 91)];
  const recent = run('task', 1, 10);
  const onlyOld = run('task', 2, 200);
  const stuck = run('task', 3, 300, false);
  const after = run('task', 3, 250);
  const debug = [run('debug', null, 120), run('debug', null, 5)];

  const report = await prune(90, 0);
  assert.deepEqual(ids('task', 1), [recent.id]);
  assert.deepEqual(ids('task', 2), [onlyOld.id], "a thing's newest run is kept however old");
  assert.deepEqual(ids('task', 3), [stuck.id, after.id], 'a run that has not ended is never deleted');
  assert.deepEqual(ids('debug', null), [debug[1]!.id]);
  assert.equal(report.runs, 4);
  assert.equal(report.logs, 4);
  assert.equal(report.bytes, 400);
  for (const gone of [...old, debug[0]!]) assert.equal(existsSync(path.join(paths.log, gone.log)), false);
  for (const kept of [recent, onlyOld, stuck, after]) assert.ok(existsSync(path.join(paths.log, kept.log)));
});

test('retention by count: the newest N runs of every thing stay, across kinds and many batches', async (t) => {
  const { paths, database, run, ids, prune } = await fixture(t);
  const made = new Map<string, number[]>();
  for (const [kind, ref] of [
    ['task', 1],
    ['task', 2],
    ['pull', 1],
    ['install', 9],
    ['debug', null],
  ] as const) {
    const list: number[] = [];
    for (let i = 0; i < 12; i++) list.push(run(kind, ref, 12 - i).id);
    made.set(`${kind}:${ref}`, list);
  }
  run('task', 4, 1);
  const running = run('task', 5, 3, false);
  for (let i = 0; i < 8; i++) run('task', 5, 2 - i / 10);
  const inUse = run('task', 6, 5);
  for (let i = 0; i < 6; i++) run('task', 6, 1 - i / 10);

  const report = await prune(0, 5, new Set([inUse.log]));
  for (const [key, list] of made) {
    const [kind, ref] = key.split(':') as [string, string];
    assert.deepEqual(ids(kind, ref === 'null' ? null : Number(ref)), list.slice(-5), key);
  }
  assert.equal(ids('task', 4).length, 1);
  assert.ok(ids('task', 5).includes(running.id), 'a running run beyond the count stays');
  assert.equal(ids('task', 6).length, 5);
  assert.ok(existsSync(path.join(paths.log, inUse.log)), 'a log in use stays though its row went');
  assert.equal(report.runs, 5 * 7 + 3 + 2);
  assert.equal(report.logs, report.runs - 1);

  const again = await prune(0, 5);
  assert.equal(again.runs, 0, 'a second pass finds nothing');
  assert.equal(
    database.accelerators.sqlite.pragma('wal_autocheckpoint', { simple: true }),
    1000,
    "SQLite's own checkpoints are back after the pass",
  );
});

test('incremental vacuum: a new database is created in the mode; freed pages go back in small steps', async (t) => {
  const { database, run, prune } = await fixture(t);
  assert.equal(database.accelerators.sqlite.pragma('auto_vacuum', { simple: true }), 2);
  database.accelerators.sqlite.exec('create table filler (x text)');
  const fill = database.accelerators.sqlite.prepare('insert into filler values (?)');
  database.accelerators.sqlite.transaction(() => {
    for (let i = 0; i < 4000; i++) fill.run('y'.repeat(1000));
  })();
  for (let i = 0; i < 30; i++) run('task', 1, 200 - i);
  await prune(10, 0);
  database.accelerators.sqlite.exec('delete from filler');
  const free = Number(database.accelerators.sqlite.pragma('freelist_count', { simple: true }));
  assert.ok(free > 900, `pages freed: ${free}`);
  let pauses = 0;
  const returned = await reclaimFreePages(database.accelerators.sqlite, {
    width: { start: 100, max: 100 },
    pause: async () => void pauses++,
  });
  assert.equal(returned, free);
  assert.equal(database.accelerators.sqlite.pragma('freelist_count', { simple: true }), 0);
  assert.ok(pauses >= 9 && pauses <= Math.ceil(free / 100), `steps: ${pauses}`);
});

test('incremental vacuum: steps that take longer than their slice shrink (down to 8 pages)', async (t) => {
  const { database } = await fixture(t);
  database.accelerators.sqlite.exec('create table filler (x text)');
  const fill = database.accelerators.sqlite.prepare('insert into filler values (?)');
  database.accelerators.sqlite.transaction(() => {
    for (let i = 0; i < 2000; i++) fill.run('y'.repeat(1000));
  })();
  database.accelerators.sqlite.exec('delete from filler');
  const free = Number(database.accelerators.sqlite.pragma('freelist_count', { simple: true }));
  let pauses = 0;
  // A slice of 0 ms: every step is too long, so each is half the last until the smallest.
  const returned = await reclaimFreePages(database.accelerators.sqlite, {
    width: { start: 100, max: 100 },
    sliceMs: 0,
    pause: async () => void pauses++,
  });
  assert.equal(returned, free);
  assert.equal(database.accelerators.sqlite.pragma('freelist_count', { simple: true }), 0);
  assert.ok(pauses >= Math.floor((free - 200) / 8), `steps: ${pauses} for ${free} pages`);
});

test('incremental vacuum: a database made before the mode is switched once, keeping its rows', (t) => {
  const file = path.join(tempDir(t), 'old.sqlite');
  const old = new SQLite(file);
  old.pragma('journal_mode = WAL');
  old.exec('create table t (x text)');
  old.prepare('insert into t values (?)').run('kept');
  assert.equal(old.pragma('auto_vacuum', { simple: true }), 0);
  assert.equal(useIncrementalVacuum(old), true);
  assert.equal(useIncrementalVacuum(old), false, 'once only');
  old.close();
  const reopened = new SQLite(file);
  t.after(() => reopened.close());
  assert.equal(reopened.pragma('auto_vacuum', { simple: true }), 2);
  assert.deepEqual(reopened.prepare('select x from t').all(), [{ x: 'kept' }]);
  assert.ok(statSync(file).size > 0);
});

test('the retention job: PUT /api/system/log-cleanup/run prunes run history under the settings, with its own run row and log', async (t) => {
  const { app, dataDir } = await startApp(t);
  await initAccount(app);
  const token = await login(app);
  const paths = dataPaths(dataDir);
  const writer = new SQLite(path.join(paths.db, 'baihu.sqlite'));
  t.after(() => writer.close());
  const insert = writer.prepare(
    `insert into job_runs (kind, ref_id, trigger, status, "end", log_path, queued_at, started_at, finished_at)
     values ('task', 1, 'schedule', 1, 'success', ?, ?, ?, ?)`,
  );
  const at = Date.now() - 3 * day;
  mkdirSync(path.join(paths.log, 'job'), { recursive: true });
  for (let i = 0; i < 6; i++) {
    writeFileSync(path.join(paths.log, `job/${i}.log`), 'old output\n');
    insert.run(`job/${i}.log`, at + i, at + i, at + i + 1);
  }
  await app.ctx.settings.set('runHistoryPerTask', 2);

  const reply = await call(app, 'PUT', '/api/system/log-cleanup/run', { token });
  assert.equal(reply.status, 200);
  const runId = (reply.body as { data: { runId: number } }).data.runId;
  assert.ok(runId > 0);
  let row: { end: string | null; detail: string | null; log_path: string } | undefined;
  for (let i = 0; i < 200 && !row?.end; i++) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    row = writer.prepare(`select "end", detail, log_path from job_runs where id = ?`).get(runId) as typeof row;
  }
  assert.equal(row?.end, 'success');
  assert.deepEqual(JSON.parse(row!.detail!).runs, 4);
  const left = writer.prepare(`select log_path from job_runs where kind = 'task' order by id`).all();
  assert.deepEqual(left, [{ log_path: 'job/4.log' }, { log_path: 'job/5.log' }]);
  assert.equal(existsSync(path.join(paths.log, 'job/0.log')), false);
  assert.match(row!.log_path, /^system\/retention\//);
  assert.match(readFileSync(path.join(paths.log, row!.log_path), 'utf8'), /Removed 4 runs and 4 of their logs/);
});

test("with the daemon's group commit the WAL is started over between checkpoints, not grown by every batch", async (t) => {
  const paths = dataPaths(tempDir(t));
  await ensureDataDirs(paths);
  const failures: unknown[] = [];
  const database = openSqlite(paths.db, { groupCommit: { onError: (error) => failures.push(error) } });
  t.after(() => database.close());
  await database.migrate();
  database.flush();
  const insert = database.accelerators.sqlite.prepare(
    `insert into job_runs (kind, ref_id, trigger, status, "end", log_path, queued_at, started_at, finished_at)
     values ('task', ?, 'schedule', 1, 'success', ?, ?, ?, ?)`,
  );
  database.accelerators.sqlite.transaction(() => {
    for (let i = 0; i < 6000; i++) {
      const at = now - (400 - i / 100) * day;
      insert.run(i % 3, `task-${i % 3}/${i}-${'x'.repeat(60)}.log`, at, at, at + 1000);
    }
  })();
  database.accelerators.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  const walFile = `${database.location}-wal`;
  const report = await pruneRunHistory({
    runs: new JobRunsRepository(database.db, database.phrases),
    logRoot: paths.log,
    policy: runHistoryPolicyOf(30, 0),
    now,
    inUse: () => new Set(),
    width: { start: 100, max: 100 },
    wal: { ...database.accelerators.wal, commit: () => database.flush() },
    checkpointEveryRows: 300,
  });
  assert.equal(report.runs, 6000 - 3, "each task's newest run stays");
  assert.deepEqual(failures, []);
  // 6,000 deletes change ≈ 1,000 pages of the table and its indexes; between two checkpoints ≈ 3 batches of them.
  const walPages = statSync(walFile).size / Number(database.accelerators.sqlite.pragma('page_size', { simple: true }));
  assert.ok(walPages < 400, `the WAL grew to ${Math.round(walPages)} pages`);
});

test('every statement a retention pass prepares finds its runs through an index or the rowid, none scans job_runs', async (t) => {
  const { database, run, prune } = await fixture(t);
  const prepared = new Set<string>();
  const prepare = database.accelerators.sqlite.prepare.bind(database.accelerators.sqlite);
  // Recorded at better-sqlite3's door, so a statement added to the pass later is checked without being named here.
  database.accelerators.sqlite.prepare = ((source: string) => {
    prepared.add(source);
    return prepare(source);
  }) as typeof database.accelerators.sqlite.prepare;
  for (let i = 0; i < 12; i++) run('task', 1 + (i % 3), 200 - i);
  run('debug', null, 150);
  await prune(90, 2);
  database.accelerators.sqlite.prepare = prepare;
  const reads = [...prepared].filter((source) => /job_runs/.test(source) && /^\s*(select|delete|update)/i.test(source));
  assert.ok(reads.length >= 5, `statements seen: ${reads.length}`);
  for (const source of reads) {
    const params = Array<null>((source.match(/\?/g) ?? []).length).fill(null);
    const plan = (
      database.accelerators.sqlite.prepare(`explain query plan ${source}`).all(...params) as { detail: string }[]
    )
      .map((row) => row.detail)
      .join(' | ');
    assert.doesNotMatch(plan, /\bSCAN job_runs\b/, `${source}\n→ ${plan}`);
  }
});
