/**
 * The file areas at scale, in-process through app.inject (no network):
 *  - tree_level_p50_ms / tree_level_p99_ms: 50 × GET /api/scripts?path= over 20,000 files in 200 folders;
 *  - tree_whole_ms: one GET /api/scripts (the whole tree), for reference;
 *  - log_tail_p50_ms / log_tail_p99_ms: 50 × GET /api/logs/tail of a 1 GB (sparse) log, 1 MB each;
 *  - log_detail_ms: one GET /api/logs/detail of the same log (its last 2 MB).
 * Prints one JSON line per figure with its budget. Exit code 1 when a budget is exceeded.
 */
import { mkdirSync, openSync, truncateSync, writeFileSync, writeSync, closeSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from '../daemon/src/app/app.ts';
import { loadConfig } from '../daemon/src/config/config.ts';
import { tempDir } from './lib/temp.ts';

const folders = 200;
const filesPerFolder = 100;
const calls = 50;
const gigabyte = 1024 * 1024 * 1024;
const budgets: Record<string, number> = { tree_level_p99_ms: 100, log_tail_p99_ms: 200 };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
const round = (n: number) => Math.round(n * 100) / 100;

async function main(): Promise<number> {
  const { dir: dataDir, remove } = tempDir('files');
  const app = await buildApp({ config: loadConfig({ BAIHU_DATA_DIR: dataDir, BAIHU_PORT: '0' }) });
  let failed = 0;
  const report = (name: string, value: number, extra: Record<string, unknown> = {}) => {
    const budget = budgets[name];
    const ok = budget === undefined || value <= budget;
    if (!ok) failed++;
    console.log(
      JSON.stringify({ bench: 'files', name, value: round(value), ...(budget ? { budget, ok } : {}), ...extra }),
    );
  };
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
    const series = async (url: string) => {
      await time(url); // warm-up: route compilation
      const samples: number[] = [];
      for (let i = 0; i < calls; i++) samples.push(await time(url));
      return samples.sort((a, b) => a - b);
    };
    const level = await series('/api/scripts?path=');
    report('tree_level_p50_ms', percentile(level, 0.5), { files: folders * filesPerFolder });
    report('tree_level_p99_ms', percentile(level, 0.99));
    report('tree_whole_ms', await time('/api/scripts'));

    const logDir = path.join(dataDir, 'log', 'huge_task');
    mkdirSync(logDir);
    const file = path.join(logDir, 'huge.log');
    writeFileSync(file, '');
    truncateSync(file, gigabyte - 1024 * 1024);
    const fd = openSync(file, 'a');
    writeSync(fd, Buffer.alloc(1024 * 1024, 'the last megabyte of a huge log\n'));
    closeSync(fd);
    const tail = await series(`/api/logs/tail?path=huge_task&file=huge.log&bytes=${1024 * 1024}`);
    report('log_tail_p50_ms', percentile(tail, 0.5), { size: gigabyte });
    report('log_tail_p99_ms', percentile(tail, 0.99));
    report('log_detail_ms', await time('/api/logs/detail?path=huge_task&file=huge.log'));
  } finally {
    await app.close();
    remove();
  }
  return failed ? 1 : 0;
}

process.exitCode = await main();
