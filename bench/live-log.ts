/**
 * Live logs over the WebSocket, against the real bundled daemon process (see bench/lib/daemon.ts; the bundle is
 * built first when missing or older than daemon/src):
 *  - line_latency_p50_ms / line_latency_p99_ms: a task prints `t <date +%s%3N>` every 20 ms, 200 lines; a client
 *    subscribed to its run (`{type:'subscribe', topic:'run:<id>', offset:0}`) takes arrival time minus printed time
 *    for each line. Budget p99 50 ms (Qinglong's page polls the log every 2 s).
 *  - big_log_health_p99_ms: a task prints 54.9 MB (`seq 1 7000000`) while a worker thread polls GET /api/health
 *    every 10 ms over a keep-alive connection (a thread of its own, so the bench's own WebSocket decoding does not
 *    delay it). Budget p99 50 ms.
 *  - big_log_file_complete: the run's log file holds exactly what seq printed.
 *  - big_log_ws_every_byte: a subscriber from offset 0 during the run received every byte of the log file.
 * One JSON line per figure; exit code 1 when a budget is missed.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import WebSocket from 'ws';
import type { ServerMessage } from '../daemon/src/contract/live.ts';
import { Connection, ensureBundle, percentile, Reporter, signIn, sleep, startDaemon } from './lib/daemon.ts';
import { tempDir } from './lib/temp.ts';

const report = new Reporter('live-log');
const lines = 200;
const seqTo = 7_000_000;

interface Api {
  conn: Connection;
  token: string;
}

async function createTask(api: Api, name: string, command: string): Promise<number> {
  const reply = await api.conn.request('POST', '/api/crons', {
    token: api.token,
    body: { name, command, schedule: '0 0 1 1 *' },
  });
  const body = reply.json<{ code: number; data: { id: number } }>();
  if (body.code !== 200) throw new Error(`create failed: ${reply.body}`);
  return body.data.id;
}

/** Starts the task and returns its run id as soon as the run row exists. */
async function runTask(api: Api, cronId: number): Promise<number> {
  const reply = await api.conn.request('PUT', '/api/crons/run', { token: api.token, body: [cronId] });
  if (reply.status !== 200) throw new Error(`run failed: ${reply.body}`);
  for (let i = 0; i < 500; i++) {
    const runs = (await api.conn.request('GET', `/api/crons/${cronId}/instances?limit=1`, { token: api.token })).json<{
      data: { id: number }[];
    }>().data;
    if (runs[0]) return runs[0].id;
    await sleep(10);
  }
  throw new Error('the run did not appear');
}

/** A subscriber: calls onChunk for each chunk as it arrives; resolves with every byte once the end message came. */
async function subscribe(
  wsUrl: string,
  topic: string,
  onChunk: (bytes: Buffer, at: number) => void = () => {},
): Promise<{ done: Promise<{ bytes: number; hash: string; endOffset: number }> }> {
  const socket = new WebSocket(wsUrl);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const hash = createHash('sha256');
  let bytes = 0;
  let expected = 0;
  const done = new Promise<{ bytes: number; hash: string; endOffset: number }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no end after 80 s (${bytes} bytes)`)), 80_000);
    socket.on('message', (raw) => {
      const at = Date.now();
      const message = JSON.parse(String(raw)) as ServerMessage;
      if (message.type === 'chunk' && message.topic === topic) {
        if (message.offset !== expected) reject(new Error(`gap or repeat: offset ${message.offset}, had ${expected}`));
        const data = Buffer.from(message.data, 'base64');
        expected += data.length;
        bytes += data.length;
        hash.update(data);
        onChunk(data, at);
      } else if (message.type === 'end' && message.topic === topic) {
        clearTimeout(timer);
        socket.close();
        resolve({ bytes, hash: hash.digest('hex'), endOffset: message.offset });
      } else if (message.type === 'missing') reject(new Error('topic missing'));
    });
  });
  socket.send(JSON.stringify({ type: 'subscribe', topic, offset: 0 }));
  return { done };
}

async function lineLatency(api: Api, wsUrl: string): Promise<void> {
  // The first second lets the subscriber attach before the first line.
  const command = `sleep 1; for i in $(seq 1 ${lines}); do echo "t $(date +%s%3N)"; sleep 0.02; done`;
  const cronId = await createTask(api, 'live latency', command);
  const runId = await runTask(api, cronId);
  const latencies: number[] = [];
  let pending = '';
  const { done } = await subscribe(wsUrl, `run:${runId}`, (data, at) => {
    pending += data.toString('utf8');
    const parts = pending.split('\n');
    pending = parts.pop()!;
    for (const line of parts) {
      const match = /^t (\d{13})$/.exec(line);
      if (match) latencies.push(at - Number(match[1]));
    }
  });
  await done;
  const extra = { lines: latencies.length, max_ms: Math.max(...latencies) };
  report.figure('line_latency_p50_ms', percentile(latencies, 0.5), null, extra);
  report.figure('line_latency_p99_ms', percentile(latencies, 0.99), 50, extra);
  report.check('line_latency_all_lines', latencies.length === lines, { lines: latencies.length });
}

/** Polls GET /api/health every 10 ms from its own thread; posts the latencies when told to stop. */
const pollerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const times = [];
let errors = 0;
let stopping = false;
parentPort.on('message', () => { stopping = true; });
const once = () => new Promise((resolve) => {
  const t0 = performance.now();
  const req = http.get({ host: '127.0.0.1', port: workerData.port, path: '/api/health', agent }, (res) => {
    res.resume();
    res.on('end', () => { times.push(performance.now() - t0); if (res.statusCode !== 200) errors++; resolve(); });
  });
  req.on('error', () => { errors++; resolve(); });
});
(async () => {
  while (!stopping) {
    await once();
    await new Promise((r) => setTimeout(r, 10));
  }
  agent.destroy();
  parentPort.postMessage({ times, errors });
})();
`;

async function bigLog(api: Api, wsUrl: string, logDir: string): Promise<void> {
  const expected = execFileSync('seq', ['1', String(seqTo)], { maxBuffer: 128 * 1024 * 1024 });
  const cronId = await createTask(api, 'big log', `sleep 0.5; seq 1 ${seqTo}`);
  const worker = new Worker(pollerSource, { eval: true, workerData: { port: api.conn.port } });
  await sleep(200);
  const started = performance.now();
  const runId = await runTask(api, cronId);
  const { done } = await subscribe(wsUrl, `run:${runId}`);
  const received = await done;
  const runMs = performance.now() - started;
  const polled = new Promise<{ times: number[]; errors: number }>((resolve) => worker.once('message', resolve));
  worker.postMessage('stop');
  const { times, errors } = await polled;
  await worker.terminate();

  const run = (await api.conn.request('GET', `/api/crons/${cronId}/instances?limit=1`, { token: api.token })).json<{
    data: { id: number; log_path: string }[];
  }>().data[0]!;
  const file = readFileSync(path.join(logDir, run.log_path));
  const at = file.indexOf(expected.subarray(0, 64));
  const complete = at >= 0 && file.subarray(at, at + expected.length).equals(expected);
  report.figure('big_log_health_p99_ms', percentile(times, 0.99), 50, {
    p50_ms: Math.round(percentile(times, 0.5) * 10) / 10,
    max_ms: Math.round(Math.max(...times) * 10) / 10,
    polls: times.length,
    errors,
    log_bytes: file.length,
    run_and_stream_ms: Math.round(runMs),
  });
  report.check('big_log_file_complete', complete, { script_bytes: expected.length, log_bytes: file.length });
  const fileHash = createHash('sha256').update(file).digest('hex');
  report.check('big_log_ws_every_byte', received.bytes === file.length && received.hash === fileHash, {
    ws_bytes: received.bytes,
    end_offset: received.endOffset,
    log_bytes: file.length,
  });
}

ensureBundle();
const temp = tempDir('live-log');
const daemon = await startDaemon(temp.dir);
try {
  const token = await signIn(daemon, true);
  const conn = new Connection(daemon.port);
  await conn.ready;
  const api = { conn, token };
  const wsUrl = `ws://127.0.0.1:${daemon.port}/api/ws?token=${token}`;
  await lineLatency(api, wsUrl);
  await bigLog(api, wsUrl, path.join(temp.dir, 'log'));
  conn.close();
} finally {
  await daemon.stop();
  temp.remove();
}
process.exitCode = report.failed ? 1 : 0;
