/**
 * Years of uptime: the real bundled daemon (bench/lib/daemon.ts) over a data dir seeded, while it is stopped, with
 * 1,000 tasks, 5,000,000 finished runs in job_runs (5,000 a task, one every ~5 h over three years) and 1,000,000 log
 * files (the newest 1,000 runs of each task; data/log/<task>/<stamp>.log). Then:
 *  - page_*_p99_ms: what the pages ask, each request different (no reply cache): the task list (search, sort, page),
 *    a task's detail (the task, its last 100 runs for the history chart, the newest 100 of its 1,000 logs), the logs
 *    page (the first page of the top level of 1,000 folders, or of one folder of 1,000 logs of another task), warm
 *    (after a warm-up) and cold: page_*_cold_p99_ms after the daemon is restarted with the kernel's caches dropped
 *    (`sync; echo 3 > /proc/sys/vm/drop_caches`, as after a reboot; only as root, else skipped), 100 requests each
 *    over folders not asked since. Floor request_floor_p99_ms (request_floor_cold_p99_ms): GET /api/health on the same
 *    connection after each page. page_*_p99_ratio: each page's p99 over its floor's, budget 8× each.
 *    full_folder_p99_ms: a whole folder of 1,000 logs with every size, as Qinglong's clients ask (`/api/logs?path=`;
 *    printed, no budget).
 *  - retention: the retention job (`PUT /api/system/log-cleanup/run`; its run-history sweep) with run history kept 365 days and 800 runs a
 *    task, while a client asks the pages above every 20 ms: api_during_retention_p99_ms; api_during_retention_ratio,
 *    its p99 over the warm pages' request floor (the machine's request without the pass beside it), budget 20×; the
 *    pass's duration, runs and files removed, the largest the WAL grew meanwhile; database and data/log sizes before
 *    and after (with incremental vacuum). No budget on the milliseconds.
 * Budgets: 20 ms a page and 50 ms during the pass over the ≈2.5 ms floor p99 this 2-core machine gives at a light
 * load.
 * By default a fifth of that is seeded (BENCH_LONGEVITY_SCALE=0.2: 1,000,000 runs and 200,000 logs, the realistic large
 * install's run count); BENCH_LONGEVITY_SCALE=1 seeds all of it, 0.1 a tenth (budgets apply at every scale). One JSON line per figure; exit 1 on a missed budget.
 * BENCH_LONGEVITY_RETENTION=0 measures the pages only (the full-scale retention pass takes most of an hour).
 * BENCH_LONGEVITY_DIR=<dir> keeps the seeded data dir there and reuses it on the next run (no seeding, ~150 s at full
 * scale); the retention pass is then skipped too, as it would change the data the next run reuses.
 */
import { execFileSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import {
  Connection,
  ensureBundle,
  insertTasks,
  percentile,
  Reporter,
  signIn,
  sleep,
  startDaemon,
  words,
  type Daemon,
} from './lib/daemon.ts';
import { tempDir } from './lib/temp.ts';

const scale = Number(process.env.BENCH_LONGEVITY_SCALE ?? 0.2);
const tasks = 1000;
const runsPerTask = Math.round(5000 * scale);
const logsPerTask = Math.round(1000 * scale);
const spanMs = 3 * 365 * 86_400_000;
const report = new Reporter('longevity');
/** The daemon's log name stamp (local time): from an ISO string shifted by the zone, cheaper than Date getters. */
const stamp = (ms: number) => {
  const iso = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000).toISOString();
  return `${iso.slice(0, 10)}-${iso.slice(11, 13)}-${iso.slice(14, 16)}-${iso.slice(17, 19)}-${iso.slice(20, 23)}`;
};
const folderOf = (task: number) => `bench_task_${task}`;
const round1 = (n: number) => Math.round(n * 10) / 10;

/** Dropping the kernel's page, inode and directory caches needs root. */
function canDropCaches(): boolean {
  try {
    accessSync('/proc/sys/vm/drop_caches', constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** Runs and log files, oldest first across all tasks (ids grow with time, as the daemon writes them). */
function seed(daemon: Daemon): { seedMs: number } {
  const started = performance.now();
  const now = Date.now();
  const step = spanMs / runsPerTask;
  const db = new Database(daemon.db);
  db.pragma('synchronous = OFF');
  const insert = db.prepare(
    `insert into job_runs (kind, ref_id, trigger, status, "end", exit_code, log_path, due_at, queued_at, started_at,
       finished_at, duration_ms) values ('task', ?, 'schedule', 1, 'success', 0, ?, ?, ?, ?, ?, 850)`,
  );
  const logRoot = path.join(daemon.dataDir, 'log');
  for (let t = 1; t <= tasks; t++) mkdirSync(path.join(logRoot, folderOf(t)), { recursive: true });
  const content = 'a line of output\n'.repeat(4);
  const batch = 100;
  for (let from = 0; from < runsPerTask; from += batch) {
    db.transaction(() => {
      for (let i = from; i < Math.min(runsPerTask, from + batch); i++) {
        for (let t = 1; t <= tasks; t++) {
          const at = Math.round(now - spanMs + i * step + t * 1000);
          const log = `${folderOf(t)}/${stamp(at)}.log`;
          insert.run(t, log, at, at, at + 5, at + 855);
          if (i >= runsPerTask - logsPerTask) writeFileSync(path.join(logRoot, log), content);
        }
      }
    })();
  }
  db.exec(`update crons set log_path = (select log_path from job_runs r where r.kind = 'task' and r.ref_id = crons.id
    order by r.id desc limit 1)`);
  db.close();
  return { seedMs: performance.now() - started };
}

const fileSize = (f: string) => {
  try {
    return statSync(f).size;
  } catch {
    return 0;
  }
};

function sizes(dataDir: string) {
  const dbFile = path.join(dataDir, 'db', 'baihu.sqlite');
  const dbBytes = fileSize(dbFile) + fileSize(`${dbFile}-wal`);
  const du = execFileSync('du', ['-s', '--block-size=1', path.join(dataDir, 'log')], { encoding: 'utf8' });
  return { db_mb: Math.round(dbBytes / 1048576), log_mb: Math.round(Number(du.split('\t')[0]) / 1048576) };
}

/** The requests of each page; `i` makes each one different from the last. */
function pages(i: number): Record<string, string[]> {
  const task = 1 + ((i * 7919) % tasks);
  // The logs page opens another task's folder than the detail of the same round, so it is not warmed by it.
  const other = 1 + ((i * 7919 + tasks / 2) % tasks);
  const sorter = encodeURIComponent(JSON.stringify({ field: i % 2 ? 'name' : 'createdAt', type: 'ascend' }));
  const page = 'offset=0&limit=100'; // what the UI asks (ui/src/features/logs/api.ts logPageSize)
  return {
    task_list: [`/api/crons?page=${1 + (i % 10)}&size=${10 + (i % 40)}&searchValue=${words[i % 5]}&sorter=${sorter}`],
    task_detail: [`/api/crons/${task}`, `/api/crons/${task}/instances?limit=100`, `/api/crons/${task}/logs?limit=100`],
    logs_page: [i % 2 ? `/api/logs?path=&${page}` : `/api/logs?path=${folderOf(other)}&${page}`],
  };
}

/** Qinglong's clients list a whole folder, every file's size included. */
const fullFolder = (i: number) => ({ full_folder: [`/api/logs?path=${folderOf(1 + ((i * 7919 + 250) % tasks))}`] });

async function measurePages(
  conn: Connection,
  token: string,
  rounds: number,
  first = 0,
  asked: (i: number) => Record<string, string[]> = pages,
) {
  const times: Record<string, number[]> = {};
  const floor: number[] = [];
  for (let i = first; i < first + rounds; i++) {
    for (const [page, urls] of Object.entries(asked(i))) {
      const t0 = performance.now();
      for (const url of urls) {
        const reply = await conn.request('GET', url, { token });
        if (reply.status !== 200) throw new Error(`${url}: ${reply.status} ${reply.body.toString().slice(0, 200)}`);
      }
      (times[page] ??= []).push(performance.now() - t0);
      const t1 = performance.now();
      const health = await conn.request('GET', '/api/health');
      if (health.status !== 200) throw new Error(`health: ${health.status} ${health.body.toString().slice(0, 200)}`);
      floor.push(performance.now() - t1);
    }
  }
  return { times, floor };
}

const pageRatioBudget = 8;
const retentionRatioBudget = 20;
const round2 = (n: number) => Math.round(n * 100) / 100;

ensureBundle();
const keptDir = process.env.BENCH_LONGEVITY_DIR;
const temp = keptDir ? { dir: keptDir, remove: () => {} } : tempDir('longevity');
const reused = !!keptDir && existsSync(path.join(keptDir, 'db', 'baihu.sqlite'));
const retention = process.env.BENCH_LONGEVITY_RETENTION !== '0' && !keptDir;
let daemon: Daemon | null = null;
try {
  let seedMs = 0;
  if (!reused) {
    mkdirSync(temp.dir, { recursive: true });
    daemon = await startDaemon(temp.dir);
    await signIn(daemon, true);
    await daemon.stop();
    await insertTasks(daemon.db, tasks, 'echo hi');
    seedMs = seed(daemon).seedMs;
    const settings = new Database(daemon.db);
    settings.exec(`insert or replace into settings (key, value) values ('runHistoryDays', '365'),
      ('runHistoryPerTask', '${Math.round(800 * scale)}')`);
    settings.close();
  }
  // The seed's 5 GB are written back before anything is measured: the pages are timed, not the seed's writeback.
  execFileSync('sync');
  const before = sizes(temp.dir);
  daemon = await startDaemon(temp.dir);
  let token = await signIn(daemon, false);
  let conn = new Connection(daemon.port);
  await conn.ready;
  const seeded = { runs: tasks * runsPerTask, logs: tasks * logsPerTask, seed_s: Math.round(seedMs / 1000) };
  report.figure('start_ms', daemon.startMs, null, seeded);

  await measurePages(conn, token, 10); // warm-up
  const warm = await measurePages(conn, token, 200);
  const floorP99 = percentile(warm.floor, 0.99);
  report.figure('request_floor_p99_ms', floorP99, null, { requests: warm.floor.length });
  for (const [page, list] of Object.entries(warm.times)) {
    report.figure(`page_${page}_p50_ms`, percentile(list, 0.5), null);
    report.figure(`page_${page}_p99_ms`, percentile(list, 0.99), null, { requests: list.length });
    report.ratio(`page_${page}_p99_ratio`, percentile(list, 0.99) / floorP99, pageRatioBudget, {
      floor_p99_ms: round2(floorP99),
    });
  }
  const full = (await measurePages(conn, token, 50, 0, fullFolder)).times.full_folder!;
  report.figure('full_folder_p99_ms', percentile(full, 0.99), null, { p50_ms: round1(percentile(full, 0.5)) });

  if (canDropCaches()) {
    // Cold: as after a reboot. The warm-up only compiles the routes (3 rounds); the rounds measured then ask
    // folders and runs of tasks no request asked since the caches were dropped.
    conn.close();
    await daemon.stop();
    execFileSync('sync');
    writeFileSync('/proc/sys/vm/drop_caches', '3');
    daemon = await startDaemon(temp.dir);
    token = await signIn(daemon, false);
    conn = new Connection(daemon.port);
    await conn.ready;
    await measurePages(conn, token, 3, 300);
    const cold = await measurePages(conn, token, 100, 500);
    const coldFloorP99 = percentile(cold.floor, 0.99);
    report.figure('request_floor_cold_p99_ms', coldFloorP99, null, { requests: cold.floor.length });
    for (const [page, list] of Object.entries(cold.times)) {
      if (page === 'task_list') continue; // its reply cache and index pages are not what this pass is about
      report.figure(`page_${page}_cold_p50_ms`, percentile(list, 0.5), null);
      report.figure(`page_${page}_cold_p99_ms`, percentile(list, 0.99), null, { requests: list.length });
      report.ratio(`page_${page}_cold_p99_ratio`, percentile(list, 0.99) / coldFloorP99, pageRatioBudget, {
        floor_p99_ms: round2(coldFloorP99),
      });
    }
  } else {
    report.figure('page_cold_skipped', 0, null, { reason: 'not root: cannot drop the kernel caches' });
  }

  const reader = new Database(daemon.db, { readonly: true });
  const run = retention ? await conn.request('PUT', '/api/system/log-cleanup/run', { token }) : null;
  const runId = run?.status === 200 ? run.json<{ data: { runId: number | null } }>().data.runId : null;
  if (!run) {
    // pages only
  } else if (runId === null) {
    report.check('retention_ran', false, { reply: `${run.status} ${run.body.toString().slice(0, 200)}` });
  } else {
    const rowOf = reader.prepare(`select "end", detail, finished_at from job_runs where id = ?`);
    type Row = { end: string | null; detail: string | null; finished_at: number | null } | undefined;
    const during: number[] = [];
    const started = performance.now();
    let i = 0;
    let row = rowOf.get(runId) as Row;
    let walMax = 0;
    while (!row?.finished_at && performance.now() - started < 1_800_000) {
      for (const urls of Object.values(pages(i++))) {
        for (const url of urls) {
          const t0 = performance.now();
          await conn.request('GET', url, { token });
          during.push(performance.now() - t0);
        }
      }
      await sleep(20);
      walMax = Math.max(walMax, fileSize(`${daemon.db}-wal`));
      row = rowOf.get(runId) as Row;
    }
    const passMs = performance.now() - started;
    report.check('retention_ended', row?.end === 'success', { end: row?.end ?? null });
    report.figure('retention_pass_s', passMs / 1000, null, { detail: row?.detail ? JSON.parse(row.detail) : null });
    report.figure('wal_mb_max_during_retention', Math.round(walMax / 1048576), null);
    const duringP99 = during.length ? percentile(during, 0.99) : Infinity;
    report.figure('api_during_retention_p99_ms', duringP99, null, {
      requests: during.length,
      p50_ms: during.length ? Math.round(percentile(during, 0.5) * 10) / 10 : null,
      max_ms: during.length ? Math.round(Math.max(...during)) : null,
    });
    report.ratio('api_during_retention_ratio', duringP99 / floorP99, retentionRatioBudget, {
      floor_p99_ms: round2(floorP99),
    });
    const left = reader.prepare(`select count(*) as n from job_runs where kind = 'task'`).get() as { n: number };
    report.figure('runs_left', left.n, null, { before: tasks * runsPerTask });
  }
  reader.close();
  conn.close();
  await daemon.stop();
  const after = sizes(temp.dir);
  report.figure('db_mb_before', before.db_mb, null);
  report.figure('db_mb_after', after.db_mb, null);
  report.figure('log_mb_before', before.log_mb, null);
  report.figure('log_mb_after', after.log_mb, null);
} finally {
  await daemon?.stop();
  temp.remove();
}
process.exitCode = report.failed ? 1 : 0;
