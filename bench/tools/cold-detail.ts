/**
 * Where a cold task detail goes: the daemon restarted after dropping the kernel's caches (root only), then the
 * longevity bench's detail opens with each of the three requests timed apart. Needs a data dir seeded by
 * bench/longevity.ts (BENCH_LONGEVITY_DIR). Usage: node --import tsx bench/tools/cold-detail.ts <dataDir> [rounds] [delayMs]
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { Connection, ensureBundle, percentile, round, signIn, sleep, startDaemon } from '../lib/daemon.ts';

const [dataDir, roundsArg, delayArg] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: cold-detail.ts <dataDir> [rounds] [delayMs]');
const rounds = Number(roundsArg ?? 100);
ensureBundle();
execFileSync('sync');
writeFileSync('/proc/sys/vm/drop_caches', '3');
const daemon = await startDaemon(dataDir);
try {
  const token = await signIn(daemon, false);
  const conn = new Connection(daemon.port);
  await conn.ready;
  await sleep(Number(delayArg ?? 0));
  const parts: Record<string, number[]> = { task: [], runs: [], logs: [], page: [] };
  const slow: string[] = [];
  // As the bench: 3 opens compile the routes, then the opens measured ask tasks none asked since the caches dropped.
  for (let i = 300; i < 500 + rounds; i = i === 302 ? 500 : i + 1) {
    const task = 1 + ((i * 7919) % 1000);
    const urls = {
      task: `/api/crons/${task}`,
      runs: `/api/crons/${task}/instances?limit=100`,
      logs: `/api/crons/${task}/logs?limit=100`,
    };
    const page0 = performance.now();
    for (const [part, url] of Object.entries(urls)) {
      const t0 = performance.now();
      const reply = await conn.request('GET', url, { token });
      if (reply.status !== 200) throw new Error(`${url}: ${reply.status}`);
      if (i >= 500) parts[part]!.push(performance.now() - t0);
    }
    if (i < 500) continue;
    const page = performance.now() - page0;
    parts.page!.push(page);
    if (page > 12)
      slow.push(
        `#${i - 500}: ${Object.values(parts)
          .map((list) => round(list[list.length - 1] ?? 0))
          .join('/')}`,
      );
  }
  conn.close();
  console.log(`slow (task/runs/logs/page): ${slow.join(', ')}`);
  console.log(
    JSON.stringify(
      Object.fromEntries(
        Object.entries(parts).map(([k, v]) => [
          k,
          { p50: round(percentile(v, 0.5)), p99: round(percentile(v, 0.99)), max: round(Math.max(...v)) },
        ]),
      ),
    ),
  );
} finally {
  await daemon.stop();
}
