/**
 * Where a warm page of the longevity bench goes: the daemon on a data dir seeded by bench/longevity.ts
 * (BENCH_LONGEVITY_DIR), each request of the task detail and of the logs page asked apart over different tasks and
 * timed (the first 50 rounds not counted). PARTS=logs,top picks requests; DIST=1 prints each one's distribution.
 * Usage: node --import tsx bench/tools/warm-requests.ts <dataDir> [rounds]
 */
import { Connection, ensureBundle, percentile, round, signIn, startDaemon } from '../lib/daemon.ts';

const [dataDir, roundsArg] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: warm-requests.ts <dataDir> [rounds]');
const rounds = Number(roundsArg ?? 300);
const picked = process.env.PARTS?.split(',');
ensureBundle();
const daemon = await startDaemon(dataDir);
try {
  const token = await signIn(daemon, false);
  const conn = new Connection(daemon.port);
  await conn.ready;
  const parts: Record<string, number[]> = {};
  for (let i = 0; i < rounds; i++) {
    const task = 1 + ((i * 7919) % 1000);
    const urls = {
      task: `/api/crons/${task}`,
      runs: `/api/crons/${task}/instances?limit=100`,
      logs: `/api/crons/${task}/logs?limit=100`,
      top: `/api/logs?path=&offset=0&limit=100`,
      folder: `/api/logs?path=bench_task_${1 + ((task + 500) % 1000)}&offset=0&limit=100`,
      health: `/api/health`,
    };
    for (const [part, url] of Object.entries(urls)) {
      if (picked && !picked.includes(part)) continue;
      const t0 = performance.now();
      const reply = await conn.request('GET', url, { token });
      if (reply.status !== 200) throw new Error(`${url}: ${reply.status}`);
      if (i >= 50) (parts[part] ??= []).push(performance.now() - t0);
    }
  }
  conn.close();
  const quantiles = [0.1, 0.25, 0.5, 0.75, 0.9, 0.95, 0.98, 0.99, 1];
  for (const [part, list] of Object.entries(parts)) {
    if (process.env.DIST) console.log(part, quantiles.map((q) => round(percentile(list, q))).join(' '));
    else console.log(part, JSON.stringify({ p50: round(percentile(list, 0.5)), p99: round(percentile(list, 0.99)) }));
  }
} finally {
  await daemon.stop();
}
