/**
 * Resident memory of the real bundled daemon process under load (see bench/lib/daemon.ts; the bundle is built first
 * when missing or older than daemon/src). VmRSS of the node pid itself, from /proc/<pid>/status:
 *  - idle_10000_tasks_rss_mb: 10,000 enabled tasks (inserted into the SQLite file while the daemon was stopped,
 *    schedules `i%60 (i*7)%24 * * *` so the parsed croner objects differ), 5 s after the daemon answered. Budget 150 MB.
 *  - runs_100_peak_rss_mb: peak while 100 manual runs of `echo hi` go through the queue (PUT /api/crons/run with 100
 *    ids), sampled every 20 ms until every run has ended. Budget 250 MB (Qinglong peaked at 765–806 MB).
 * One JSON line per figure; exit code 1 when a budget is missed.
 */
import Database from 'better-sqlite3';
import {
  Connection,
  ensureBundle,
  insertTasks,
  Reporter,
  rssMb,
  signIn,
  sleep,
  startDaemon,
  type Daemon,
} from './lib/daemon.ts';
import { tempDir } from './lib/temp.ts';

const tasks = 10_000;
const runs = 100;
const report = new Reporter('memory');

ensureBundle();
const temp = tempDir('memory');
let daemon: Daemon | null = null;
try {
  daemon = await startDaemon(temp.dir);
  await signIn(daemon, true);
  await daemon.stop();
  await insertTasks(daemon.db, tasks, 'echo hi');
  daemon = await startDaemon(temp.dir);
  const pid = daemon.child.pid!;
  await sleep(5000);
  report.figure('idle_10000_tasks_rss_mb', rssMb(pid), 150, { tasks, start_ms: Math.round(daemon.startMs) });

  const db = new Database(daemon.db, { readonly: true });
  try {
    const ids = (db.prepare('select id from crons order by id limit ?').all(runs) as { id: number }[]).map((r) => r.id);
    const ended = db.prepare(
      `select count(*) as n from job_runs where kind = 'task' and "trigger" = 'manual' and "end" is not null`,
    );
    const token = await signIn(daemon, false);
    let peak = rssMb(pid);
    let samples = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(pid));
      samples++;
    }, 20);
    const started = performance.now();
    const conn = new Connection(daemon.port);
    await conn.ready;
    const reply = await conn.request('PUT', '/api/crons/run', { token, body: ids });
    conn.close();
    if (reply.status !== 200) throw new Error(`run failed: ${reply.status} ${reply.body}`);
    let done = 0;
    while ((done = (ended.get() as { n: number }).n) < runs && performance.now() - started < 60_000) await sleep(100);
    const allMs = performance.now() - started;
    await sleep(200);
    clearInterval(sampler);
    report.figure('runs_100_peak_rss_mb', peak, 250, {
      runs,
      ended: done,
      all_ended_ms: Math.round(allMs),
      samples,
      after_mb: Math.round(rssMb(pid) * 10) / 10,
    });
    report.check('runs_100_all_ended', done === runs, { ended: done });
  } finally {
    db.close();
  }
} finally {
  await daemon?.stop();
  temp.remove();
}
process.exitCode = report.failed ? 1 : 0;
