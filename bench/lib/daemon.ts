/**
 * Shared by the load benchmarks: the real bundled daemon as production runs it (`node --max-semi-space-size=1
 * daemon/dist/server.mjs` with scripts/start.sh's environment, spawned directly so the child pid is the node process), a minimal keep-alive HTTP/1.1
 * client (raw sockets, so the load generator costs the 2-core machine as little as possible), RSS from /proc and
 * the JSON-line report. Lives in bench/lib/ so scripts/bench.sh (bench/*.ts) does not run it as a benchmark.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// A closed stdout (`… | head -1`) must not skip the clean-up (stopping the daemon, removing the temp dir).
process.stdout.on('error', () => {});

export const repo = fileURLToPath(new URL('../..', import.meta.url));
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const round = (n: number) => Math.round(n * 10) / 10;
export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
};

const bundle = path.join(repo, 'daemon/dist/server.mjs');

/**
 * What scripts/start.sh and docker/entrypoint.sh start the daemon with besides the bundle: node's arguments and
 * glibc's allocator tuning (docs/performance.md). A value already in the environment is kept, as those scripts do.
 * BENCH_NODE_ARGS (space-separated) replaces node's arguments, to compare another setting with the same bench.
 */
export const daemonNodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? ['--max-semi-space-size=1'];
export const daemonEnv = {
  MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
  MALLOC_TRIM_THRESHOLD_: process.env.MALLOC_TRIM_THRESHOLD_ ?? '131072',
};

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds daemon/dist (`npm run build:daemon`) when it is missing or older than daemon/src. */
export function ensureBundle(): void {
  let built = 0;
  try {
    built = statSync(bundle).mtimeMs;
  } catch {
    // not built
  }
  if (built >= newestMtime(path.join(repo, 'daemon/src'))) return;
  process.stderr.write('bench: building daemon/dist (npm run build:daemon)\n');
  execFileSync('npm', ['run', '--silent', 'build:daemon'], { cwd: repo, stdio: ['ignore', 'ignore', 'inherit'] });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]) / 1024;
}

export interface Reply {
  status: number;
  body: Buffer;
  json<T = { code: number; data: unknown; message?: string }>(): T;
}

/** One keep-alive HTTP/1.1 connection; one request at a time. Replies must carry Content-Length (Fastify's do). */
export class Connection {
  private readonly socket: Socket;
  private buffer: Buffer = Buffer.alloc(0);
  private pending: { resolve: (reply: Reply) => void; reject: (error: Error) => void } | null = null;
  readonly ready: Promise<void>;

  constructor(readonly port: number) {
    this.socket = new Socket();
    this.socket.setNoDelay(true);
    this.ready = new Promise((resolve, reject) => {
      this.socket.once('error', reject);
      this.socket.connect(port, '127.0.0.1', () => resolve());
    });
    this.socket.on('data', (data: Buffer) => {
      this.buffer = this.buffer.length ? Buffer.concat([this.buffer, data]) : data;
      this.parse();
    });
    this.socket.on('error', (error) => this.fail(error));
    this.socket.on('close', () => this.fail(new Error('connection closed')));
  }

  private fail(error: Error) {
    const pending = this.pending;
    this.pending = null;
    pending?.reject(error);
  }

  private parse() {
    const headEnd = this.buffer.indexOf('\r\n\r\n');
    if (headEnd < 0 || !this.pending) return;
    const head = this.buffer.subarray(0, headEnd).toString('latin1');
    const status = Number(head.slice(9, 12));
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    if (!length) return this.fail(new Error(`reply without content-length: ${head}`));
    const total = headEnd + 4 + Number(length[1]);
    if (this.buffer.length < total) return;
    const body = this.buffer.subarray(headEnd + 4, total);
    this.buffer = this.buffer.subarray(total);
    const pending = this.pending;
    this.pending = null;
    pending.resolve({ status, body, json: () => JSON.parse(body.toString('utf8')) });
  }

  request(method: string, url: string, options: { token?: string; body?: unknown } = {}): Promise<Reply> {
    const body = options.body === undefined ? null : Buffer.from(JSON.stringify(options.body));
    let head = `${method} ${url} HTTP/1.1\r\nhost: 127.0.0.1\r\n`;
    if (options.token) head += `authorization: Bearer ${options.token}\r\n`;
    if (body) head += `content-type: application/json\r\ncontent-length: ${body.length}\r\n`;
    head += '\r\n';
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.socket.write(body ? Buffer.concat([Buffer.from(head), body]) : head);
    });
  }

  close() {
    this.socket.destroy();
  }
}

export interface Daemon {
  child: ChildProcess;
  port: number;
  base: string;
  dataDir: string;
  /** The database file, for benches that fill it while the daemon is stopped. */
  db: string;
  /** Milliseconds from spawn to the first successful health answer. */
  startMs: number;
  stop(): Promise<void>;
}

/** A health answer of a daemon that is loaded and done with its start work (`ready`, contract/system.ts). */
export async function answersReady(res: Response): Promise<boolean> {
  if (!res.ok) return false;
  const body = (await res.json()) as { data?: { ready?: boolean } };
  return body.data?.ready === true;
}

/**
 * Spawns the bundled daemon on `dataDir` and waits for /api/health to say it is ready. BENCH_DAEMON_NODE_ARGS adds node arguments
 * (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile the daemon under the benchmark's load).
 */
export async function startDaemon(dataDir: string): Promise<Daemon> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const extraArgs = process.env.BENCH_DAEMON_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...daemonNodeArgs, ...extraArgs, bundle], {
    cwd: repo,
    env: {
      ...process.env,
      ...daemonEnv,
      BAIHU_DATA_DIR: dataDir,
      BAIHU_PORT: String(port),
      BAIHU_HOST: '127.0.0.1',
      BAIHU_LOG_LEVEL: 'warn',
    },
    // BENCH_DAEMON_STDOUT=1 shows what the daemon prints (e.g. --trace-gc's lines beside a bench's own trace).
    stdio: ['ignore', process.env.BENCH_DAEMON_STDOUT === '1' ? 'inherit' : 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  for (;;) {
    if (child.exitCode !== null) throw new Error(`daemon exited with code ${child.exitCode} before answering`);
    try {
      const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(500) });
      if (await answersReady(res)) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > (Number(process.env.BENCH_START_TIMEOUT_MS) || 30_000)) {
      await stop();
      throw new Error('daemon did not answer within 30 s');
    }
    await sleep(10);
  }
  const startMs = performance.now() - started;
  return { child, port, base, dataDir, db: path.join(dataDir, 'db', 'baihu.sqlite'), startMs, stop };
}

const account = { username: 'bench', password: 'bench-password-1' };

/** Creates the account (first start) or just signs in; returns the bearer token. */
export async function signIn(daemon: Daemon, init: boolean): Promise<string> {
  const post = (method: string, url: string, body: unknown) =>
    fetch(`${daemon.base}${url}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  if (init) await post('PUT', '/api/user/init', account);
  const login = (await (await post('POST', '/api/user/login', account)).json()) as { data: { token: string } };
  return login.data.token;
}

export function loadAverage(): string {
  return os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
}

/** Prints one JSON line per figure; remembers a missed budget (value above it, or below for `atLeast`). */
export class Reporter {
  failed = false;
  constructor(private readonly bench: string) {}

  figure(figure: string, value: number, budget: number | null, extra: Record<string, unknown> = {}, atLeast = false) {
    const within = budget === null ? null : atLeast ? value >= budget : value <= budget;
    if (within === false) this.failed = true;
    console.log(
      JSON.stringify({
        bench: this.bench,
        figure,
        value: round(value),
        budget,
        within_budget: within,
        ...extra,
        load: loadAverage(),
      }),
    );
  }

  /**
   * A figure as a ratio to its floor measured in the same run (node's own start, a bare process start, a plain query):
   * within its budget, or done when the figure is within 10 % of the floor (a budget below the floor is reported, not
   * chased).
   */
  ratio(figure: string, ratio: number, budget: number, extra: Record<string, unknown> = {}) {
    const within = ratio <= budget || ratio <= 1.1;
    if (!within) this.failed = true;
    console.log(
      JSON.stringify({
        bench: this.bench,
        figure,
        value: Math.round(ratio * 100) / 100,
        budget,
        within_budget: within,
        ...extra,
        load: loadAverage(),
      }),
    );
  }

  /** A correctness check (no errors, every byte): fails the bench when false. */
  check(figure: string, ok: boolean, extra: Record<string, unknown> = {}) {
    if (!ok) this.failed = true;
    console.log(JSON.stringify({ bench: this.bench, figure, value: ok, budget: true, within_budget: ok, ...extra }));
  }
}

export const words = ['sign', 'farm', 'bank', 'shop', 'water'];

/**
 * Inserts `count` tasks straight into the database (the daemon must be stopped) in one transaction: names cycle
 * through `words` (so `sign` matches one in five), schedules vary (`i%60 (i*7)%24 * * *`, so croner objects differ).
 */
export async function insertTasks(dbFile: string, count: number, command = 'echo hi', firstIndex = 0): Promise<number> {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(dbFile);
  try {
    const insert = db.prepare(
      `insert into crons (name, command, schedule, labels, is_disabled, created_at, updated_at)
       values (?, ?, ?, ?, 0, ?, ?)`,
    );
    const now = Date.now();
    const started = performance.now();
    db.transaction(() => {
      for (let i = firstIndex; i < firstIndex + count; i++) {
        const word = words[i % words.length]!;
        insert.run(
          `${word} task ${i}`,
          command,
          `${i % 60} ${(i * 7) % 24} * * *`,
          JSON.stringify([words[(i * 3) % words.length]]),
          now - i * 1000,
          now,
        );
      }
    })();
    return performance.now() - started;
  } finally {
    db.close();
  }
}
