/**
 * Daemon start-up time and idle memory. Spawns the real daemon as production runs it (`node daemon/dist/server.mjs` with
 * scripts/start.sh's node arguments and environment, the
 * bundle that `npm start` and the image build; scripts/bench.sh builds it first; the child
 * is the node process itself, not a wrapper) on a fresh temp data dir and on an existing one, 5 times each:
 *  - start_ms: from spawn to the first successful GET /api/health (polled every 10 ms);
 *  - start_rss_mb: VmRSS of that node process 2 s after it answered (what start-up left behind; no budget);
 *  - idle_rss_mb: VmRSS of the same process idle 12 s after it answered: V8 runs its first memory-reducing
 *    collection ≈8 s after start (docs/performance.md), so this is what a daemon sitting idle for years holds.
 * Prints one JSON line per figure with median, max and budget. Exit code 1 when a budget is exceeded.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { daemonEnv, daemonNodeArgs } from './lib/daemon.ts';
import { tempDir } from './lib/temp.ts';

const repo = fileURLToPath(new URL('..', import.meta.url));
const runs = Number(process.env.BENCH_RUNS ?? 5);
/** BENCH_DAEMON_ARGS (space-separated node arguments) swaps the daemon command, e.g. to compare with a bundled build. */
const daemonArgs = process.env.BENCH_DAEMON_ARGS?.split(' ').filter(Boolean) ?? [
  ...daemonNodeArgs,
  'daemon/dist/server.mjs',
];
const budgets = { start_ms: 1000, start_rss_mb: null, idle_rss_mb: 80 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]);
  return kb / 1024;
}

interface Sample {
  startMs: number;
  startRssMb: number;
  rssMb: number;
}

async function runOnce(dataDir: string, options: { initAccount?: boolean } = {}): Promise<Sample> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, daemonArgs, {
    cwd: repo,
    env: {
      ...process.env,
      // scripts/start.sh's allocator tuning (bench/lib/daemon.ts).
      ...daemonEnv,
      BAIHU_DATA_DIR: dataDir,
      BAIHU_PORT: String(port),
      BAIHU_HOST: '127.0.0.1',
      BAIHU_LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  try {
    let startMs = NaN;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`daemon exited with code ${child.exitCode} before answering`);
      try {
        const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(500) });
        if (res.ok) {
          startMs = performance.now() - started;
          break;
        }
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 30_000) throw new Error('daemon did not answer within 30 s');
      await sleep(10);
    }
    if (options.initAccount) {
      await fetch(`${base}/api/user/init`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'bench', password: 'bench-password-1' }),
      });
    }
    await sleep(2000);
    const startRssMb = rssMb(child.pid!);
    await sleep(10_000);
    return { startMs, startRssMb, rssMb: rssMb(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const round = (n: number) => Math.round(n * 10) / 10;

function report(kase: string, samples: Sample[]): boolean {
  let ok = true;
  for (const [figure, values] of [
    ['start_ms', samples.map((s) => s.startMs)],
    ['start_rss_mb', samples.map((s) => s.startRssMb)],
    ['idle_rss_mb', samples.map((s) => s.rssMb)],
  ] as const) {
    const budget = budgets[figure];
    const max = Math.max(...values);
    const within = budget === null || (median(values) <= budget && max <= budget);
    ok &&= within;
    console.log(
      JSON.stringify({
        bench: 'startup',
        case: kase,
        figure,
        runs: values.length,
        median: round(median(values)),
        max: round(max),
        budget,
        within_budget: within,
        node: process.version,
        daemon: daemonArgs.join(' '),
      }),
    );
  }
  return ok;
}

const temps: (() => void)[] = [];
const newDataDir = () => {
  const { dir, remove } = tempDir('startup');
  temps.push(remove);
  return dir;
};

try {
  // Warm the OS file cache (node_modules, tsx's transform cache) so the first measured run is not an outlier.
  await runOnce(newDataDir());

  const fresh: Sample[] = [];
  for (let i = 0; i < runs; i++) fresh.push(await runOnce(newDataDir()));

  const existingDir = newDataDir();
  await runOnce(existingDir, { initAccount: true });
  const existing: Sample[] = [];
  for (let i = 0; i < runs; i++) existing.push(await runOnce(existingDir));

  const ok = [report('fresh-data-dir', fresh), report('existing-data-dir', existing)].every(Boolean);
  process.exitCode = ok ? 0 : 1;
} finally {
  for (const remove of temps) remove();
}
