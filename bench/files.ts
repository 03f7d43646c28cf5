/**
 * The file areas at scale, in-process through app.inject (no network):
 *  - tree_level_p50_ms / tree_level_p99_ms: 50 × GET /api/scripts?path= over 20,000 files in 200 folders;
 *  - tree_whole_ms: one GET /api/scripts (the whole tree), for reference;
 *  - log_tail_p50_ms / log_tail_p99_ms: 50 × GET /api/logs/tail of a 1 GB (sparse) log, 1 MB each;
 *  - log_detail_ms: one GET /api/logs/detail of the same log (its last 2 MB).
 *  - tree_floor_p99_ms, tail_floor_p99_ms: GET /api/health through app.inject, one after each request of the series
 *    before: what a request through this transport costs on this machine. tree_level_p99_ratio (budget 80×) and
 *    log_tail_p99_ratio (budget 160×): each p99 over its series' floor p99; the milliseconds without a budget.
 * Budgets: 100 ms and 200 ms over the ≈1.2 ms floor p99 this 2-core machine gives when quiet.
 * One JSON line per figure. Exit code 1 when a budget is exceeded.
 */
import { mkdirSync, openSync, truncateSync, writeFileSync, writeSync, closeSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from '../daemon/src/app/app.ts';
import { loadConfig } from '../daemon/src/config/config.ts';
import { Reporter } from './lib/daemon.ts';
import { tempDir } from './lib/temp.ts';

const folders = 200;
const filesPerFolder = 100;
const calls = 50;
const gigabyte = 1024 * 1024 * 1024;
const ratioBudgets = { tree_level_p99_ratio: 80, log_tail_p99_ratio: 160 };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
const round = (n: number) => Math.round(n * 100) / 100;

async function main(): Promise<number> {
  const { dir: dataDir, remove } = tempDir('files');
  const app = await buildApp({ config: loadConfig({ BAIHU_DATA_DIR: dataDir, BAIHU_PORT: '0' }) });
  const report = new Reporter('files');
  try {
    const account = { username: 'bench', password: 'bench-password-1' };
    await app.inject({ method: 'PUT', url: '/api/user/init', payload: account });
    const login = await app.inject({ method: 'POST', url: '/api/user/login', payload: account });
    const headers = { authorization: `Bearer ${(login.json() as { data: { token: string } }).data.token}` };

    const scripts = path.join(dataDir, 'scripts');
    for (let f = 0; f < folders; f++) {
      const dir = path.join(scripts, `folder_${f}`);
      mkdirSync(dir);
      for (let i = 0; i < filesPerFolder; i++) writeFileSync(path.join(dir, `script_${i}.js`), 'console.log(1)\n');
    }
    const time = async (url: string) => {
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url, headers });
      const ms = performance.now() - started;
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      return ms;
    };
    const health = async () => {
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      if (res.statusCode !== 200) throw new Error(`health: ${res.statusCode} ${res.body.slice(0, 200)}`);
      return performance.now() - started;
    };
    /** `calls` requests of `url` after a warm-up (route compilation), each followed by the floor's request. */
    const series = async (url: string) => {
      await time(url);
      await health();
      const samples: number[] = [];
      const floor: number[] = [];
      for (let i = 0; i < calls; i++) {
        samples.push(await time(url));
        floor.push(await health());
      }
      return {
        samples: samples.sort((a, b) => a - b),
        floorP99: percentile(
          floor.sort((a, b) => a - b),
          0.99,
        ),
      };
    };
    const level = await series('/api/scripts?path=');
    const files = { files: folders * filesPerFolder };
    report.figure('tree_floor_p99_ms', level.floorP99, null);
    report.figure('tree_level_p50_ms', percentile(level.samples, 0.5), null, files);
    report.figure('tree_level_p99_ms', percentile(level.samples, 0.99), null, files);
    report.ratio(
      'tree_level_p99_ratio',
      percentile(level.samples, 0.99) / level.floorP99,
      ratioBudgets.tree_level_p99_ratio,
      { ...files, floor_p99_ms: round(level.floorP99) },
    );
    report.figure('tree_whole_ms', await time('/api/scripts'), null, files);

    const logDir = path.join(dataDir, 'log', 'huge_task');
    mkdirSync(logDir);
    const file = path.join(logDir, 'huge.log');
    writeFileSync(file, '');
    truncateSync(file, gigabyte - 1024 * 1024);
    const fd = openSync(file, 'a');
    writeSync(fd, Buffer.alloc(1024 * 1024, 'the last megabyte of a huge log\n'));
    closeSync(fd);
    const tail = await series(`/api/logs/tail?path=huge_task&file=huge.log&bytes=${1024 * 1024}`);
    const size = { size: gigabyte };
    report.figure('tail_floor_p99_ms', tail.floorP99, null);
    report.figure('log_tail_p50_ms', percentile(tail.samples, 0.5), null, size);
    report.figure('log_tail_p99_ms', percentile(tail.samples, 0.99), null, size);
    report.ratio(
      'log_tail_p99_ratio',
      percentile(tail.samples, 0.99) / tail.floorP99,
      ratioBudgets.log_tail_p99_ratio,
      {
        ...size,
        floor_p99_ms: round(tail.floorP99),
      },
    );
    report.figure('log_detail_ms', await time('/api/logs/detail?path=huge_task&file=huge.log'), null, size);
  } finally {
    await app.close();
    remove();
  }
  return report.failed ? 1 : 0;
}

process.exitCode = await main();
