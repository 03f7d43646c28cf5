/**
 * The daemon at 1,000 and 10,000 armed tasks (the realistic large install; BENCH_SCALE_SIZES=1000,10000,100000 asks
 * for more) (bench/lib/daemon.ts: the real bundle as production runs it;
 * tasks inserted into the SQLite file while the daemon was stopped, `i%60 (i*7)%24 * * *` so schedules differ):
 *  - ready_ms: spawn → the health check's `ready` (loaded, every timer armed). No budget: the start's budget is
 *    bench/startup.ts's ratio to node's own start.
 *  - idle_rss_mb: VmRSS 5 s after that. Budget at the largest size: 250 MB.
 *  - request_floor_p99_ms: GET /api/health on the same connection, one after each list request below: what a request
 *    costs on this machine, the floor of the list's figures.
 *  - list_repeat_p99_ms: GET /api/crons with search and sort, the same request again and again, one connection (as
 *    bench/api-load.ts and bench/crons-list.ts measure it: the reply cache's case). Budget at the largest size:
 *    list_repeat_p99_ratio, its p99 over the floor's, 3×.
 *  - list_p50_ms / list_p99_ms: each request a different page (1–20), size, search and sort, so the reply cache
 *    never answers (what a user typing and paging sees). The first ≈220 requests each ask a search the daemon has
 *    never been asked (searchPool: 1,100 to 100,000 matches), the rest ask them again on other pages and sorts.
 *    Budget at the largest size: list_p99_ratio, list_p99_ms over the floor's p99, 10×. `slowest` beside list_p99_ms names the five slowest requests.
 *  - list_after_write_p99_ms: 100 such requests (searches asked before), each after a pin or unpin of a task, as on a
 *    panel whose runs change tasks all the time: what the list keeps for an order is read again. No budget.
 * Then at 1,000 tasks due on the same second with concurrency 16 (`echo hi`):
 *  - burst_lateness_p99_ms: due time → start of the run. Budget 2 s, or within 10 % of machine_shell_1000_ms. Beside it: lateness_p50_ms, last_queued_ms (when
 *    the last run row was inserted), first_started_ms and all_ended_ms, each after the due second.
 *  - burst_runs_exact: every task ran exactly once (no run lost, none doubled).
 *  - burst_peak_rss_mb (sampled every 20 ms; budget 250 MB) and burst_cpu_ms_per_1000_runs (daemon user+system);
 *    burst_starter_cpu_ms_per_1000_runs: the same of the daemon's process starter (baihu-spawner), which forks the runs.
 *  - burst_daemon_faults_per_run, burst_chain_faults_per_run: page faults of the daemon, and of every process of the
 *    runs' chains (the starter and all it waited for: reapers, wrappers, commands), per run; counts, where the CPU
 *    figures depend on what a fault costs on the machine. burst_chain_cpu_ms_per_1000_runs: that chain's CPU.
 *  - burst_written_kb_per_run: what the daemon handed to write calls per run (/proc/<pid>/io wchar): the database's
 *    WAL and checkpoints, the run's log.
 *  - machine_spawn_true_ms, machine_page_fault_us (before the burst; bench/lib/machine.ts): what this machine
 *    charges for a process and for a page's first touch, which the burst's figures above are made of;
 *    machine_shell_1000_ms and machine_two_at_once_ratio: 1,000 shells one after another, and whether two start
 *    faster at once (0.5) or not (≥ 1: then machine_shell_1000_ms is a floor under the burst's lateness).
 * The same 1,000 a minute later (burst_repeat_*, no budget): their log folders exist then, as on a panel that has run
 * before; the first burst also makes each task's folder. BENCH_SCALE_REPEAT=0 skips it.
 * BENCH_SCALE_ENVS=200 gives the burst's tasks that many panel variables (500-byte values; none by default).
 * BENCH_SCALE_SIZES=1000,10000 picks the sizes (budgets apply at the largest; `none` runs only the burst);
 * BENCH_SCALE_BURST=0 skips the burst; BENCH_SCALE_LIST_WAIT_MS waits that much longer before the list requests (to
 * see how much of list_p99_ms is the daemon's first full garbage collection after start-up; not for the figures).
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
  words,
  type Daemon,
} from './lib/daemon.ts';
import { tempDir } from './lib/temp.ts';
import { machineCosts } from './lib/machine.ts';
import { childrenNamed, cpuMs, processCost, threadCpuMs, writtenBytes } from './lib/proc.ts';
import { listRequest, measuredRequests, searchPool, warmUpRequests } from './lib/list-requests.ts';

// Due times below are whole UTC seconds; the daemon reads schedules in its TZ.
process.env.TZ = 'UTC';
const envCount = Number(process.env.BENCH_SCALE_ENVS) || 0;
const sizes = (process.env.BENCH_SCALE_SIZES ?? '1000,10000').split(',').map(Number).filter(Boolean);
const report = new Reporter('scale');
/** BENCH_SCALE_TRACE=1 prints each list request's time as it is answered (with BENCH_DAEMON_STDOUT=1 and
 * BENCH_DAEMON_NODE_ARGS=--trace-gc, between the daemon's collections). */
const trace = process.env.BENCH_SCALE_TRACE === '1';

async function listLatency(daemon: Daemon, token: string, tasks: number) {
  const conn = new Connection(daemon.port);
  await conn.ready;
  const pool = searchPool();
  const floor: number[] = [];
  const health = async () => {
    const t0 = performance.now();
    const reply = await conn.request('GET', '/api/health');
    if (reply.status !== 200) throw new Error(`health failed: ${reply.status} ${reply.body}`);
    floor.push(performance.now() - t0);
  };
  const get = async (i: number, search: string) => {
    const { page, size, sorter } = listRequest(i, tasks);
    const sort = encodeURIComponent(JSON.stringify(sorter));
    const url = `/api/crons?page=${page}&size=${size}&searchValue=${encodeURIComponent(search)}&sorter=${sort}`;
    const asked = `${search} p${page} s${size} ${sorter.field}`;
    const t0 = performance.now();
    const reply = await conn.request('GET', url, { token });
    const ms = performance.now() - t0;
    if (trace) console.log(`list ${ms.toFixed(1)} ms ${asked}`);
    if (reply.status !== 200) throw new Error(`list failed: ${reply.status} ${reply.body}`);
    return { ms, total: reply.json<{ data: { total: number } }>().data.total, asked };
  };
  // Warm-up with the seeded words themselves (every sort both ways), none of which is measured below.
  for (const [i, search] of warmUpRequests()) await get(i, search);
  // Each request a search not asked before, with its own page, size and sort (the reply cache never answers, nor
  // anything the daemon kept for a search); once the pool is used up, its searches again on other pages and sorts.
  const varied: number[] = [];
  const totals: number[] = [];
  const slowest: { ms: number; asked: string }[] = [];
  for (const [i, search] of measuredRequests(pool)) {
    const { ms, total, asked } = await get(i, search);
    await health();
    varied.push(ms);
    slowest.push({ ms, asked: `#${i} ${asked} (${total})` });
    slowest.sort((a, b) => b.ms - a.ms).splice(5);
    if (i < pool.length) totals.push(total);
  }
  const repeated: number[] = [];
  for (let i = 0; i < 300; i++) {
    repeated.push((await get(0, words[0]!)).ms);
    await health();
  }
  // A busy panel: every run changes its task's row, so nothing read for an order holds until the next request. Here
  // a pin or unpin of one task (not timed) before each list request does the same; its text stays.
  const afterWrite: number[] = [];
  for (let i = 0; i < 100; i++) {
    const write = await conn.request('PUT', i % 2 ? '/api/crons/unpin' : '/api/crons/pin', { token, body: [1 + i] });
    if (write.status !== 200) throw new Error(`pin failed: ${write.status} ${write.body}`);
    afterWrite.push((await get(i * 3, pool[(i * 7) % pool.length]!)).ms);
  }
  conn.close();
  const matches = [Math.min(...totals), Math.max(...totals)];
  return {
    floor,
    varied,
    repeated,
    afterWrite,
    unseen: Math.min(300, pool.length),
    matches,
    // What a reader of a failing run looks at first: which requests were slow (search, page, size, sort, matches).
    slowest: slowest.map((s) => `${s.ms.toFixed(1)} ms ${s.asked}`),
  };
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
    const top = tasks === Math.max(...sizes);
    const extra = { tasks };
    report.figure('ready_ms', daemon.startMs, null, extra);
    await sleep(5000);
    report.figure('idle_rss_mb', rssMb(daemon.child.pid!), top ? 250 : null, extra);
    // To look past the daemon's first full collection after start-up; not by default.
    await sleep(Number(process.env.BENCH_SCALE_LIST_WAIT_MS) || 0);
    const { floor, varied, repeated, afterWrite, unseen, matches, slowest } = await listLatency(
      daemon,
      await signIn(daemon, false),
      tasks,
    );
    const searches = {
      ...extra,
      searches_never_asked_before: unseen,
      matches_min: matches[0],
      matches_max: matches[1],
    };
    const floorP99 = percentile(floor, 0.99);
    report.figure('request_floor_p99_ms', floorP99, null, extra);
    report.figure('list_p50_ms', percentile(varied, 0.5), null, searches);
    report.figure('list_p99_ms', percentile(varied, 0.99), null, { ...searches, slowest });
    const ratio = (figure: string, p99: number, budget: number) =>
      top
        ? report.ratio(figure, p99 / floorP99, budget, { ...extra, floor_p99_ms: Math.round(floorP99 * 100) / 100 })
        : report.figure(figure, p99 / floorP99, null, extra);
    ratio('list_p99_ratio', percentile(varied, 0.99), 10);
    report.figure('list_repeat_p99_ms', percentile(repeated, 0.99), null, extra);
    ratio('list_repeat_p99_ratio', percentile(repeated, 0.99), 3);
    report.figure('list_after_write_p99_ms', percentile(afterWrite, 0.99), null, extra);
  } finally {
    await daemon?.stop();
    temp.remove();
  }
}

/**
 * One burst: waits for `due`, then for every run due then to end; `prefix` names the figures. Budgets apply to the
 * first burst only (each task's first run, which also makes its log folder); the repeat a minute later is the same
 * tasks again, whose folders exist (what a panel that has run for a while sees every minute).
 */
async function measureBurst(reader: Database.Database, pid: number, due: number, tasks: number, first: boolean) {
  const prefix = first ? 'burst' : 'burst_repeat';
  // The process starter (daemon/native/baihu-spawner) forks the runs for the daemon and waits for each: its own
  // CPU, and with its children's the cost of the runs' whole chains (reapers, wrappers, commands).
  const starterCost = () =>
    childrenNamed(pid, 'baihu-spawner')
      .map(processCost)
      .reduce(
        (sum, c) => ({
          own: sum.own + c.cpuMs,
          faults: sum.faults + c.faults + c.childFaults,
          cpu: sum.cpu + c.cpuMs + c.childCpuMs,
        }),
        { own: 0, faults: 0, cpu: 0 },
      );
  while (Date.now() < due - 1000) await sleep(100);
  const faultsBefore = processCost(pid).faults;
  const chainBefore = starterCost();
  const cpuBefore = cpuMs(pid);
  const threadsBefore = threadCpuMs(pid);
  const writtenBefore = writtenBytes(pid);
  let peak = rssMb(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
  const ended = reader.prepare(
    `select count(*) as n from job_runs where kind = 'task' and due_at = ? and "end" is not null`,
  );
  const deadline = due + 120_000;
  while ((ended.get(due) as { n: number }).n < tasks && Date.now() < deadline) await sleep(100);
  const cpu = cpuMs(pid) - cpuBefore;
  const threadsAfter = threadCpuMs(pid);
  const written = writtenBytes(pid) - writtenBefore;
  const faults = processCost(pid).faults - faultsBefore;
  const chainAfter = starterCost();
  const starter = chainAfter.own - chainBefore.own;
  clearInterval(sampler);
  const runs = reader
    .prepare(
      `select ref_id, count(*) as n, min(started_at - due_at) as late from job_runs where kind = 'task' and due_at = ? group by ref_id`,
    )
    .all(due) as { ref_id: number; n: number; late: number }[];
  const exact = runs.length === tasks && runs.every((row) => row.n === 1);
  const lateness = runs.map((row) => row.late);
  const last = reader
    .prepare(`select max(finished_at) as t from job_runs where kind = 'task' and due_at = ?`)
    .get(due) as {
    t: number;
  };
  // When the last of them was queued (its run row inserted), after the due second.
  const queued = reader
    .prepare(`select max(queued_at - due_at) as ms from job_runs where kind = 'task' and due_at = ?`)
    .get(due) as { ms: number };
  const extra = {
    tasks,
    concurrency: 16,
    panel_variables: envCount,
    lateness_p50_ms: lateness.length ? percentile(lateness, 0.5) : null,
    last_queued_ms: queued.ms,
    first_started_ms: lateness.length ? Math.min(...lateness) : null,
    all_ended_ms: last.t - due,
    load: loadavg()
      .map((n) => n.toFixed(2))
      .join(' '),
  };
  const p99 = lateness.length ? percentile(lateness, 0.99) : Infinity;
  // 2 s, or done when within 10 % of the machine's floor: 1,000 shells started one after another.
  const budget = first ? Math.max(2000, Math.round(shellFloorMs * 1.1)) : null;
  report.figure(`${prefix}_lateness_p99_ms`, p99, budget, { ...extra, machine_shell_1000_ms: shellFloorMs });
  report.check(`${prefix}_runs_exact`, exact, { tasks_run: runs.length, doubled: runs.filter((r) => r.n > 1).length });
  report.figure(`${prefix}_peak_rss_mb`, peak, 250, extra);
  // Where the daemon's CPU went: its JavaScript thread, or the others (libuv's pool: file opens; V8's collectors).
  const per1000 = (ms: number) => Math.round((ms * 1000) / Math.max(1, runs.length));
  const split = { main_user: 0, main_system: 0, other_user: 0, other_system: 0 };
  for (const [tid, after] of threadsAfter) {
    const before = threadsBefore.get(tid) ?? { user: 0, system: 0 };
    const side = tid === pid ? 'main' : 'other';
    split[`${side}_user`] += after.user - before.user;
    split[`${side}_system`] += after.system - before.system;
  }
  const threads = Object.fromEntries(
    Object.entries(split).map(([key, ms]) => [`${key}_ms_per_1000_runs`, per1000(ms)]),
  );
  report.figure(`${prefix}_cpu_ms_per_1000_runs`, per1000(cpu), null, { ...extra, ...threads });
  report.figure(`${prefix}_starter_cpu_ms_per_1000_runs`, (starter * 1000) / Math.max(1, runs.length), null, extra);
  // Page faults: counts that do not depend on the machine's price for one.
  const perRun = (n: number) => Math.round(n / Math.max(1, runs.length));
  report.figure(`${prefix}_daemon_faults_per_run`, perRun(faults), null, extra);
  report.figure(`${prefix}_chain_faults_per_run`, perRun(chainAfter.faults - chainBefore.faults), null, extra);
  report.figure(`${prefix}_chain_cpu_ms_per_1000_runs`, per1000(chainAfter.cpu - chainBefore.cpu), null, extra);
  // What the daemon wrote per run (its database's WAL and checkpoints, the run's log): a burst's cost on the disk.
  report.figure(`${prefix}_written_kb_per_run`, Math.round(written / 1024 / Math.max(1, runs.length)), null, extra);
}

/** machine_shell_1000_ms of this run: the floor under the burst's lateness. */
let shellFloorMs = 0;

async function burst(): Promise<void> {
  const tasks = 1000;
  // What this machine charges for a process and a page (bench/lib/machine.ts), before the daemon starts: each of
  // its figures as machine_<name>.
  const costs = machineCosts();
  for (const [name, value] of Object.entries(costs)) report.figure(`machine_${name}`, value, null);
  shellFloorMs = costs.shell_1000_ms;
  const temp = tempDir('scale-burst');
  let daemon: Daemon | null = null;
  try {
    daemon = await startDaemon(temp.dir);
    await signIn(daemon, true);
    await daemon.stop();
    await insertTasks(daemon.db, tasks, 'echo hi');
    const db = new Database(daemon.db);
    // Due 20 s from now, whole second (time for the daemon to start and arm them all), and again a minute later.
    const due = Math.ceil((Date.now() + 20_000) / 1000) * 1000;
    db.prepare('update crons set schedule = ?').run(`${new Date(due).getUTCSeconds()} * * * * *`);
    db.prepare(`insert or replace into settings (key, value) values ('cronConcurrency', '16')`).run();
    // Panel variables every run is given (a Qinglong user's cookies: 50 names, 500-byte values); none by default.
    const addEnv = db.prepare(
      `insert into envs (name, value, status, position, created_at, updated_at) values (?, ?, 0, ?, 0, 0)`,
    );
    for (let i = 0; i < envCount; i++) addEnv.run(`BENCH_VAR_${i % 50}`, `${'v'.repeat(500)}${i}`, i);
    db.close();
    daemon = await startDaemon(temp.dir);
    const reader = new Database(daemon.db, { readonly: true });
    try {
      await measureBurst(reader, daemon.child.pid!, due, tasks, true);
      if (process.env.BENCH_SCALE_REPEAT !== '0')
        await measureBurst(reader, daemon.child.pid!, due + 60_000, tasks, false);
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
