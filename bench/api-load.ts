/**
 * The HTTP API under concurrent load, against the real bundled daemon process (see bench/lib/daemon.ts; the bundle
 * is built first when missing or older than daemon/src):
 *  - create_1000_errors / create_1000_total_ms: 1,000 × POST /api/crons from 10 concurrent keep-alive connections
 *    (Qinglong answered some of them with HTTP 500 "Lock file is already being held"). Budgets: no error, 3 s.
 *  - list_rps / list_p99_ms: GET /api/crons?page=1&size=20&searchValue=sign&sorter={name ascend} over 10,000 tasks
 *    (the other 9,000 inserted into the SQLite file while the daemon was stopped), 10 connections for 10 s.
 *    Budgets: at least 3,000 requests/s (Qinglong: 404/s), p99 10 ms.
 * One JSON line per figure; exit code 1 when a budget is missed. BENCH_LOAD_SECONDS changes the 10 s.
 */
import {
  Connection,
  ensureBundle,
  insertTasks,
  percentile,
  Reporter,
  signIn,
  startDaemon,
  type Daemon,
} from './lib/daemon.ts';
import { tempDir } from './lib/temp.ts';

const connections = 10;
const creates = 1_000;
const tasks = 10_000;
const loadSeconds = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const report = new Reporter('api-load');

async function connect(daemon: Daemon): Promise<Connection[]> {
  const list = Array.from({ length: connections }, () => new Connection(daemon.port));
  await Promise.all(list.map((c) => c.ready));
  return list;
}

async function createTasks(daemon: Daemon, token: string): Promise<void> {
  const conns = await connect(daemon);
  let next = 0;
  const errors: string[] = [];
  const times: number[] = [];
  const started = performance.now();
  await Promise.all(
    conns.map(async (conn) => {
      for (let i = next++; i < creates; i = next++) {
        const t0 = performance.now();
        try {
          const reply = await conn.request('POST', '/api/crons', {
            token,
            body: {
              name: `${['sign', 'farm', 'bank', 'shop', 'water'][i % 5]} created ${i}`,
              command: 'echo hi',
              schedule: `${i % 60} ${(i * 7) % 24} * * *`,
            },
          });
          if (reply.status !== 200 || reply.json().code !== 200) errors.push(`${reply.status} ${reply.body}`);
        } catch (error) {
          errors.push((error as Error).message);
        }
        times.push(performance.now() - t0);
      }
    }),
  );
  const totalMs = performance.now() - started;
  for (const conn of conns) conn.close();
  report.figure('create_1000_errors', errors.length, 0, { first_error: errors[0]?.slice(0, 200) });
  report.figure('create_1000_total_ms', totalMs, 3000, {
    connections,
    p50_ms: Math.round(percentile(times, 0.5) * 10) / 10,
    p99_ms: Math.round(percentile(times, 0.99) * 10) / 10,
  });
}

async function listLoad(daemon: Daemon, token: string): Promise<void> {
  const sorter = encodeURIComponent(JSON.stringify({ field: 'name', type: 'ascend' }));
  const url = `/api/crons?page=1&size=20&searchValue=sign&sorter=${sorter}`;
  const conns = await connect(daemon);
  const first = await conns[0]!.request('GET', url, { token });
  const body = first.json<{ code: number; data: { data: { name: string }[]; total: number } }>();
  if (first.status !== 200 || body.data.data.length !== 20) throw new Error(`unexpected reply: ${first.body}`);
  // Warm-up: 2 s of the same load, not measured.
  const run = async (seconds: number) => {
    const times: number[] = [];
    let errors = 0;
    const deadline = performance.now() + seconds * 1000;
    const started = performance.now();
    await Promise.all(
      conns.map(async (conn) => {
        while (performance.now() < deadline) {
          const t0 = performance.now();
          const reply = await conn.request('GET', url, { token });
          times.push(performance.now() - t0);
          if (reply.status !== 200) errors++;
        }
      }),
    );
    return { times, errors, elapsed: (performance.now() - started) / 1000 };
  };
  await run(2);
  const { times, errors, elapsed } = await run(loadSeconds);
  for (const conn of conns) conn.close();
  const extra = { tasks, matching: body.data.total, requests: times.length, errors, seconds: loadSeconds, connections };
  report.figure('list_rps', times.length / elapsed, 3000, extra, true);
  report.figure('list_p50_ms', percentile(times, 0.5), null, extra);
  report.figure('list_p99_ms', percentile(times, 0.99), 10, extra);
  report.check('list_no_errors', errors === 0, { errors });
}

ensureBundle();
const temp = tempDir('api-load');
let daemon: Daemon | null = null;
try {
  daemon = await startDaemon(temp.dir);
  const token = await signIn(daemon, true);
  await createTasks(daemon, token);
  await daemon.stop();
  const insertMs = await insertTasks(daemon.db, tasks - creates, 'echo hi', creates);
  daemon = await startDaemon(temp.dir);
  report.figure('insert_9000_ms', insertMs, null);
  await listLoad(daemon, await signIn(daemon, false));
} finally {
  await daemon?.stop();
  temp.remove();
}
process.exitCode = report.failed ? 1 : 0;
