/**
 * Daemon start-up against node's own start, measured alternately in the same run (the machine's load moves both).
 * Each sample spawns node on a bare listening HTTP server (`node -e`, the floor), then the real daemon as production
 * runs it (`node daemon/dist/server.mjs` with scripts/start.sh's node arguments and environment; scripts/bench.sh
 * builds the bundle first), each timed from spawn to its first successful answer (polled every 5 ms), at two sizes:
 *  - `0-tasks`: a fresh data dir each time (what the README's start does);
 *  - `10000-tasks`: one data dir holding the large install (bench/lib/large-install.ts: 10,000 tasks, 1,000,000 runs).
 * Figures: node_start_ms (the floor), start_ms (the daemon), start_ratio (median over median; budget 2.5×: what
 * start-up reads ahead or loads happens after listening or on first use), ready_ms (spawn → the answer of
 * GET /api/system, which waits for the start work after listening: runs recovered, every task armed; no budget), and
 * idle_rss_mb (VmRSS 12 s after one
 * daemon answered, once per size: V8's first memory-reducing collection runs ≈8 s after start; budget 80 MB at 0
 * tasks). A ratio over budget is still done when the daemon's start is within 10 % of the floor.
 * BENCH_RUNS (7) sets the samples a size. One JSON line per figure; exit code 1 when a budget fails.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  daemonEnv,
  daemonNodeArgs,
  freePort,
  percentile,
  repo,
  Reporter,
  rssMb,
  sleep,
  startDaemon,
} from './lib/daemon.ts';
import { largeInstall, seedLargeInstall } from './lib/large-install.ts';
import { tempDir } from './lib/temp.ts';

const runs = Number(process.env.BENCH_RUNS ?? 7);
const budgetRatio = 2.5;
const report = new Reporter('startup');
const bareServer = `require('node:http').createServer((q, s) => s.end('ok')).listen(+process.env.PORT, '127.0.0.1')`;

interface Started {
  child: ChildProcess;
  ms: number;
}

interface DaemonStarted extends Started {
  /** Spawn → the answer of a route that waits for the start work (every task armed). */
  readyMs: number;
}

/** Spawns `args` with `env` and times it from spawn to the first 200 on `url` of `port`. */
async function timeToAnswer(args: string[], env: NodeJS.ProcessEnv, port: number, url: string): Promise<Started> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: repo, env, stdio: ['ignore', 'ignore', 'inherit'] });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.at(-1)} exited with code ${child.exitCode} before answering`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}${url}`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return { child, ms: performance.now() - started };
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 60_000) throw new Error('no answer within 60 s');
    await sleep(5);
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await exited;
}

async function nodeStart(): Promise<number> {
  const port = await freePort();
  const { child, ms } = await timeToAnswer(['-e', bareServer], { ...process.env, PORT: String(port) }, port, '/');
  await stop(child);
  return ms;
}

async function daemonStart(dataDir: string, keep = false): Promise<DaemonStarted> {
  const port = await freePort();
  const env = {
    ...process.env,
    ...daemonEnv,
    BAIHU_DATA_DIR: dataDir,
    BAIHU_PORT: String(port),
    BAIHU_HOST: '127.0.0.1',
    BAIHU_LOG_LEVEL: 'warn',
  };
  const spawned = performance.now();
  const started = await timeToAnswer([...daemonNodeArgs, 'daemon/dist/server.mjs'], env, port, '/api/health');
  // Any route but health waits for the start work after listening (daemon/src/start.ts): every timer armed.
  const system = await fetch(`http://127.0.0.1:${port}/api/system`);
  if (!system.ok) throw new Error(`/api/system answered ${system.status}`);
  const readyMs = performance.now() - spawned;
  if (!keep) await stop(started.child);
  return { ...started, readyMs };
}

async function measure(size: string, dataDirOf: () => string, rssBudget: number | null): Promise<void> {
  const node: number[] = [];
  const daemon: number[] = [];
  const ready: number[] = [];
  for (let i = 0; i < runs; i++) {
    node.push(await nodeStart());
    const started = await daemonStart(dataDirOf());
    daemon.push(started.ms);
    ready.push(started.readyMs);
  }
  const floor = percentile(node, 0.5);
  const start = percentile(daemon, 0.5);
  const ratio = start / floor;
  const extra = { size, runs, node_start_ms: Math.round(floor), start_ms: Math.round(start) };
  report.figure('node_start_ms', floor, null, { size, runs, max: Math.round(Math.max(...node)) });
  report.figure('start_ms', start, null, { size, runs, max: Math.round(Math.max(...daemon)) });
  report.ratio('start_ratio', ratio, budgetRatio, extra);
  report.figure('ready_ms', percentile(ready, 0.5), null, { size, runs, max: Math.round(Math.max(...ready)) });
  const kept = await daemonStart(dataDirOf(), true);
  await sleep(12_000);
  report.figure('idle_rss_mb', rssMb(kept.child.pid!), rssBudget, { size });
  await stop(kept.child);
}

const temps: (() => void)[] = [];
const newDataDir = () => {
  const { dir, remove } = tempDir('startup');
  temps.push(remove);
  return dir;
};

try {
  // Warms the OS file cache (node, the bundle) so the first sample is not an outlier.
  await nodeStart();
  await daemonStart(newDataDir());
  await measure('0-tasks', newDataDir, 80);

  const large = newDataDir();
  const first = await startDaemon(large);
  await first.stop();
  mkdirSync(path.dirname(first.db), { recursive: true });
  const seedMs = await seedLargeInstall(first.db);
  report.figure('seed_ms', seedMs, null, { ...largeInstall });
  await daemonStart(large);
  await measure(`${largeInstall.tasks}-tasks`, () => large, null);
  process.exitCode = report.failed ? 1 : 0;
} finally {
  for (const remove of temps) remove();
}
