/**
 * The task list at scale, in-process through app.inject (no network):
 *  - list_p50_ms / list_p99_ms: 500 × GET /api/crons?searchValue=…&sorter=…&page=2&size=20 over 10,000 tasks
 *    (inserted directly through the repository in one transaction); no budget on the milliseconds.
 *  - request_floor_p99_ms: GET /api/health through app.inject, one after each list request: what a request through
 *    this transport costs on this machine. list_p99_ratio: list_p99_ms over the floor's p99, budget 8×.
 *  - create_total_ms, create_first100_avg_ms, create_last100_avg_ms: 1,000 × POST /api/crons one by one.
 * Budget: 10 ms over the ≈1.2 ms floor p99 this 2-core machine gives when quiet.
 * One JSON line per figure. Exit code 1 when a budget is exceeded.
 */
import { buildApp } from '../daemon/src/app/app.ts';
import { loadConfig } from '../daemon/src/config/config.ts';
import { openSqlite } from '../daemon/src/db/sqlite/open.ts';
import type { NewCron } from '../daemon/src/db/schema.ts';
import { CronRepository } from '../daemon/src/modules/tasks/repository.ts';
import { dataPaths } from '../daemon/src/config/paths.ts';
import { Reporter } from './lib/daemon.ts';
import { tempDir } from './lib/temp.ts';

const tasks = 10_000;
const listCalls = 500;
const creates = 1_000;
const listRatioBudget = 8;
const report = new Reporter('crons-list');

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
const round = (n: number) => Math.round(n * 100) / 100;

async function main(): Promise<number> {
  const { dir: dataDir, remove } = tempDir('crons');
  const app = await buildApp({ config: loadConfig({ BAIHU_DATA_DIR: dataDir, BAIHU_PORT: '0' }) });
  try {
    const account = { username: 'bench', password: 'bench-password-1' };
    await app.inject({ method: 'PUT', url: '/api/user/init', payload: account });
    const login = await app.inject({ method: 'POST', url: '/api/user/login', payload: account });
    const headers = { authorization: `Bearer ${(login.json() as { data: { token: string } }).data.token}` };

    const words = ['sign', 'farm', 'bank', 'shop', 'water'];
    const now = Date.now();
    const rows: NewCron[] = Array.from({ length: tasks }, (_, i) => ({
      name: `${words[i % words.length]} task ${i}`,
      command: `task scripts/${words[(i * 7) % words.length]}_${i}.js`,
      schedule: `${i % 60} ${i % 24} * * *`,
      labels: JSON.stringify([words[(i * 3) % words.length]]),
      is_pinned: i % 97 === 0 ? 1 : 0,
      is_disabled: i % 13 === 0 ? 1 : 0,
      created_at: now - i * 1000,
      updated_at: now,
    }));
    const handle = openSqlite(dataPaths(dataDir).db);
    const insertStarted = performance.now();
    await new CronRepository(handle.db, handle.phrases).insertMany(rows);
    const insertMs = performance.now() - insertStarted;
    await handle.close();

    const url = `/api/crons?searchValue=sign&sorter=${encodeURIComponent(JSON.stringify({ field: 'name', type: 'ascend' }))}&page=2&size=20`;
    const first = await app.inject({ method: 'GET', url, headers });
    const body = first.json() as { code: number; data: { data: unknown[]; total: number } };
    if (body.code !== 200 || body.data.data.length !== 20)
      throw new Error(`unexpected reply: ${first.body.slice(0, 300)}`);
    const health = async () => {
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      if (res.statusCode !== 200) throw new Error(`health failed: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return performance.now() - started;
    };
    for (let i = 0; i < 20; i++) {
      await app.inject({ method: 'GET', url, headers }); // warm-up
      await health();
    }
    const times: number[] = [];
    const floor: number[] = [];
    for (let i = 0; i < listCalls; i++) {
      const started = performance.now();
      await app.inject({ method: 'GET', url, headers });
      times.push(performance.now() - started);
      floor.push(await health());
    }
    times.sort((a, b) => a - b);
    floor.sort((a, b) => a - b);

    const createTimes: number[] = [];
    for (let i = 0; i < creates; i++) {
      const started = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/crons',
        headers,
        payload: { name: `created ${i}`, command: `task created_${i}.js`, schedule: `${i % 60} 3 * * *` },
      });
      createTimes.push(performance.now() - started);
      if (res.statusCode !== 200) throw new Error(`create failed: ${res.body}`);
    }
    const avg = (list: number[]) => list.reduce((a, b) => a + b, 0) / list.length;

    const extra = { tasks, matching: body.data.total };
    const floorP99 = percentile(floor, 0.99);
    report.figure('insert_10k_ms', insertMs, null, extra);
    report.figure('request_floor_p99_ms', floorP99, null, { ...extra, p50_ms: round(percentile(floor, 0.5)) });
    report.figure('list_p50_ms', percentile(times, 0.5), null, extra);
    report.figure('list_p99_ms', percentile(times, 0.99), null, extra);
    report.ratio('list_p99_ratio', percentile(times, 0.99) / floorP99, listRatioBudget, {
      ...extra,
      floor_p99_ms: round(floorP99),
    });
    report.figure(
      'create_total_ms',
      createTimes.reduce((a, b) => a + b, 0),
      null,
    );
    report.figure('create_first100_avg_ms', avg(createTimes.slice(0, 100)), null);
    report.figure('create_last100_avg_ms', avg(createTimes.slice(-100)), null);
    return report.failed ? 1 : 0;
  } finally {
    await app.close();
    remove();
  }
}

process.exitCode = await main();
