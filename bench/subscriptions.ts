/**
 * Subscriptions at scale, in-process through app.inject (a file:// repository, no network):
 *  - sync_2000_ms: after the fetch, 2,000 scripts with headers mirrored into data/scripts/<alias> and turned into
 *    2,000 tasks (budget 5 s);
 *  - nochange_sync_ms: the same on a pull without upstream changes;
 *  - nochange_task_writes: tasks inserted, updated or deleted by that pull (budget 0);
 *  - first_pull_ms / nochange_pull_ms: whole pulls (clone, then fetch + reset), for reference.
 * Prints one JSON line per figure with its budget. Exit code 1 when a budget is exceeded.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from '../daemon/src/app/app.ts';
import { loadConfig } from '../daemon/src/config/config.ts';
import { tempDir } from './lib/temp.ts';

const scripts = 2000;
const budgets: Record<string, number> = { sync_2000_ms: 5000, nochange_task_writes: 0 };
const round = (n: number) => Math.round(n * 100) / 100;

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'b',
      GIT_AUTHOR_EMAIL: 'b@example.com',
      GIT_COMMITTER_NAME: 'b',
      GIT_COMMITTER_EMAIL: 'b@example.com',
    },
  });

/** A bare repository of `scripts` small scripts in 20 folders, each with a header in one of the formats. */
function makeRepository(root: string): string {
  const work = path.join(root, 'work');
  const bare = path.join(root, 'bench', 'many.git');
  mkdirSync(work, { recursive: true });
  git(work, 'init', '-q', '-b', 'main');
  for (let i = 0; i < scripts; i++) {
    const folder = path.join(work, `dir${i % 20}`);
    mkdirSync(folder, { recursive: true });
    const name = `job_${i}.js`;
    const minute = i % 60;
    const header = [
      `// ${minute} 9 * * * ${name}, tag=job ${i}`,
      `// cron: ${minute} 10 * * *`,
      `cron "${minute} 11 * * *" script-path=${name}`,
    ][i % 3];
    writeFileSync(path.join(folder, name), `${header}\nconst $ = new Env('Job ${i}');\nconsole.log(${i});\n`);
  }
  git(work, 'add', '-A');
  git(work, 'commit', '-q', '-m', 'scripts');
  git(root, 'clone', '-q', '--bare', work, bare);
  return `file://${bare}`;
}

async function main(): Promise<number> {
  const { dir: root, remove } = tempDir('subs');
  const dataDir = path.join(root, 'data');
  const url = makeRepository(root);
  const app = await buildApp({ config: loadConfig({ BAIHU_DATA_DIR: dataDir, BAIHU_PORT: '0' }) });
  await app.ready();
  let failed = 0;
  const report = (name: string, value: number, extra: Record<string, unknown> = {}) => {
    const budget = budgets[name];
    const ok = budget === undefined || value <= budget;
    if (!ok) failed++;
    console.log(
      JSON.stringify({
        bench: 'subscriptions',
        name,
        value: round(value),
        ...(budget !== undefined ? { budget, ok } : {}),
        ...extra,
      }),
    );
  };
  try {
    const account = { username: 'bench', password: 'bench-password-1' };
    await app.inject({ method: 'PUT', url: '/api/user/init', payload: account });
    const login = await app.inject({ method: 'POST', url: '/api/user/login', payload: account });
    const headers = { authorization: `Bearer ${(login.json() as { data: { token: string } }).data.token}` };
    const created = await app.inject({
      method: 'POST',
      url: '/api/subscriptions',
      headers,
      payload: { name: 'Many', type: 'public-repo', url, branch: 'main', schedule: '0 0 * * *', alias: 'many' },
    });
    const id = (created.json() as { data: { id: number } }).data.id;

    /** One pull; its sync time as the pull's log reports it. */
    const pull = async () => {
      const started = performance.now();
      await app.inject({ method: 'PUT', url: '/api/subscriptions/run', headers, payload: [id] });
      await app.ctx.subscriptionPuller.idle();
      const total = performance.now() - started;
      const runs = await app.inject({ method: 'GET', url: `/api/subscriptions/${id}/instances`, headers });
      const run = (runs.json() as { data: { end: string; log_path: string }[] }).data[0]!;
      const log = readFileSync(path.join(dataDir, 'log', run.log_path), 'utf8');
      const synced = /Synced .*\((\d+) ms\)/.exec(log);
      if (run.end !== 'success' || !synced) throw new Error(`pull failed:\n${log}`);
      return { total, sync: Number(synced[1]) };
    };
    const snapshot = async () =>
      JSON.stringify(
        await app.ctx.db
          .selectFrom('crons')
          .select((eb) => [
            eb.fn.countAll<number>().as('count'),
            eb.fn.max('updated_at').as('updated'),
            eb.fn.sum('id').as('ids'),
          ])
          .executeTakeFirstOrThrow(),
      );

    const first = await pull();
    const tasks = await app.ctx.db
      .selectFrom('crons')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(tasks.n) !== scripts) throw new Error(`expected ${scripts} tasks, got ${tasks.n}`);
    report('sync_2000_ms', first.sync, { scripts, tasks: Number(tasks.n) });
    report('first_pull_ms', first.total);

    const before = await snapshot();
    const second = await pull();
    const after = await snapshot();
    report('nochange_sync_ms', second.sync);
    report('nochange_task_writes', before === after ? 0 : 1);
    report('nochange_pull_ms', second.total);
  } finally {
    await app.close();
    remove();
  }
  return failed;
}

main().then(
  (failed) => process.exit(failed > 0 ? 1 : 0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
