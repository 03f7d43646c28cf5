/**
 * The daemon at 1,000, 10,000 and 100,000 armed tasks (bench/lib/daemon.ts: the real bundle as production runs it;
 * tasks inserted into the SQLite file while the daemon was stopped, `i%60 (i*7)%24 * * *` so schedules differ):
 *  - start_ms: spawn → first health answer with every task armed. Budget at 100,000: 2 s.
 *  - idle_rss_mb: VmRSS 5 s after that. Budget at 100,000: 250 MB.
 *  - list_repeat_p99_ms: GET /api/crons with search and sort, the same request again and again, one connection (as
 *    bench/api-load.ts and bench/crons-list.ts measure it: the reply cache's case). Budget at 100,000: p99 10 ms.
 *  - list_p50_ms / list_p99_ms: each request a different page, size, search word and sort, so the reply cache never
 *    answers (what a user paging through sees): the trigram index counts the matches and the page is read in the
 *    order's index, but gathering 20,000–40,000 matches still grows with them (no budget until p99 meets 10 ms; see
 *    docs/performance.md, "Page speed at scale").
 * Then at 1,000 tasks due on the same second with concurrency 16 (`echo hi`):
 *  - burst_lateness_p99_ms: due time → start of the run. Budget 2 s.
 *  - burst_runs_exact: every task ran exactly once (no run lost, none doubled).
 *  - burst_peak_rss_mb (sampled every 20 ms; budget 250 MB) and burst_cpu_ms_per_1000_runs (daemon user+system);
 *    burst_starter_cpu_ms_per_1000_runs: the same of the daemon's process starter (baihu-spawner), which forks the runs.
 * BENCH_SCALE_SIZES=1000,10000 picks the sizes (budgets apply at 100,000 only; `none` runs only the burst);
 * BENCH_SCALE_BURST=0 skips the burst.
 * One JSON line per figure.
 */
import Database from 'better-sqlite3';
import { loadavg } from 'node:os';
import {
  Connection,
  ensureBundle,
  insertTasks,
  percentile,
  Reporter,
  rssMb,
  signIn,
  sleep,
  startDaemon,
  tempDir,
  words,
  type Daemon,
} from './lib/daemon.ts';
import { childrenNamed, cpuMs } from './lib/proc.ts';

// Due times below are whole UTC seconds; the daemon reads schedules in its TZ.
process.env.TZ = 'UTC';
const sizes = (process.env.BENCH_SCALE_SIZES ?? '1000,10000,100000').split(',').map(Number).filter(Boolean);
const report = new Reporter('scale');
const sorts = ['name', 'createdAt', 'status', 'last_execution_time'];

async function listLatency(daemon: Daemon, token: string, tasks: number) {
  const conn = new Connection(daemon.port);
  await conn.ready;
  // Every request differs from the others (page, size, word, sort): the reply cache never answers one.
  const get = async (i: number) => {
    const sorter = encodeURIComponent(
      JSON.stringify({ field: sorts[i % sorts.length], type: Math.floor(i / 4) % 2 ? 'ascend' : 'descend' }),
    );
    const size = 10 + (i % 40);
    const page = 1 + (Math.floor(i / 40) % Math.max(1, Math.floor(tasks / 5 / 50)));
    const url = `/api/crons?page=${page}&size=${size}&searchValue=${words[i % words.length]}&sorter=${sorter}`;
    const t0 = performance.now();
    const reply = await conn.request('GET', url, { token });
    const ms = performance.now() - t0;
    if (reply.status !== 200) throw new Error(`list failed: ${reply.status} ${reply.body}`);
    return ms;
  };
  for (let i = 0; i < 20; i++) await get(400 + i); // warm-up
  const varied: number[] = [];
  for (let i = 0; i < 300; i++) varied.push(await get(i));
  const repeated: number[] = [];
  for (let i = 0; i < 300; i++) repeated.push(await get(0));
  conn.close();
  return { varied, repeated };
}

async function atSize(tasks: number): Promise<void> {
  const temp = tempDir(`scale-${tasks}`);
  let daemon: Daemon | null = null;
  try {
    daemon = await startDaemon(temp.dir);
    await signIn(daemon, true);
    await daemon.stop();
    await insertTasks(daemon.db, tasks, 'echo hi');
    daemon = await startDaemon(temp.dir);
    const top = tasks === 100_000;
    const extra = { tasks };
    report.figure('start_ms', daemon.startMs, top ? 2000 : null, extra);
    await sleep(5000);
    report.figure('idle_rss_mb', rssMb(daemon.child.pid!), top ? 250 : null, extra);
    const { varied, repeated } = await listLatency(daemon, await signIn(daemon, false), tasks);
    report.figure('list_p50_ms', percentile(varied, 0.5), null, extra);
    report.figure('list_p99_ms', percentile(varied, 0.99), null, extra);
    report.figure('list_repeat_p99_ms', percentile(repeated, 0.99), top ? 10 : null, extra);
  } finally {
    await daemon?.stop();
    temp.remove();
  }
}

async function burst(): Promise<void> {
  const tasks = 1000;
  const temp = tempDir('scale-burst');
  let daemon: Daemon | null = null;
  try {
    daemon = await startDaemon(temp.dir);
    await signIn(daemon, true);
    await daemon.stop();
    await insertTasks(daemon.db, tasks, 'echo hi');
    const db = new Database(daemon.db);
    // Due 20 s from now, whole second: time for the daemon to start and arm them all.
    const due = Math.ceil((Date.now() + 20_000) / 1000) * 1000;
    const at = new Date(due);
    db.prepare('update crons set schedule = ?').run(
      `${at.getUTCSeconds()} ${at.getUTCMinutes()} ${at.getUTCHours()} * * *`,
    );
    db.prepare(`insert or replace into settings (key, value) values ('cronConcurrency', '16')`).run();
    db.close();
    daemon = await startDaemon(temp.dir);
    const pid = daemon.child.pid!;
    const reader = new Database(daemon.db, { readonly: true });
    try {
      while (Date.now() < due - 1000) await sleep(100);
      const cpuBefore = cpuMs(pid);
      let peak = rssMb(pid);
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
      const ended = reader.prepare(`select count(*) as n from job_runs where kind = 'task' and "end" is not null`);
      const deadline = due + 120_000;
      while ((ended.get() as { n: number }).n < tasks && Date.now() < deadline) await sleep(100);
      const cpu = cpuMs(pid) - cpuBefore;
      // The process starter (daemon/native/baihu-spawner) forks the runs for the daemon since the burst began.
      const starterCpu = childrenNamed(pid, 'baihu-spawner').reduce((sum, child) => sum + cpuMs(child), 0);
      clearInterval(sampler);
      const runs = reader
        .prepare(
          `select ref_id, count(*) as n, min(started_at - due_at) as late from job_runs where kind = 'task' group by ref_id`,
        )
        .all() as { ref_id: number; n: number; late: number }[];
      const exact = runs.length === tasks && runs.every((row) => row.n === 1);
      const lateness = runs.map((row) => row.late);
      const last = reader.prepare(`select max(finished_at) as t from job_runs where kind = 'task'`).get() as {
        t: number;
      };
      const extra = {
        tasks,
        concurrency: 16,
        all_ended_ms: last.t - due,
        load: loadavg()
          .map((n) => n.toFixed(2))
          .join(' '),
      };
      report.figure('burst_lateness_p99_ms', lateness.length ? percentile(lateness, 0.99) : Infinity, 2000, extra);
      report.check('burst_runs_exact', exact, { tasks_run: runs.length, doubled: runs.filter((r) => r.n > 1).length });
      report.figure('burst_peak_rss_mb', peak, 250, extra);
      report.figure('burst_cpu_ms_per_1000_runs', (cpu * 1000) / Math.max(1, runs.length), null, extra);
      report.figure('burst_starter_cpu_ms_per_1000_runs', (starterCpu * 1000) / Math.max(1, runs.length), null, extra);
    } finally {
      reader.close();
    }
  } finally {
    await daemon?.stop();
    temp.remove();
  }
}

ensureBundle();
for (const size of sizes) await atSize(size);
if (process.env.BENCH_SCALE_BURST !== '0') await burst();
process.exitCode = report.failed ? 1 : 0;
