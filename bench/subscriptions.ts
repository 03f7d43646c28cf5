/**
 * Subscriptions at scale, in-process through app.inject (a file:// repository, no network):
 *  - sync_2000_ms: after the fetch, 2,000 scripts with headers mirrored into data/scripts/<alias> and turned into
 *    2,000 tasks;
 *  - first_pull_ms: the whole first pull (clone, then that sync). Floor plain_clone_ms: `git clone --depth 1
 *    --no-tags` of the same repository (the puller's clone, modules/subscriptions/git.ts), before and after each
 *    pull, the median of 3. first_pull_ratio: first_pull_ms over it, budget 10×;
 *  - nochange_sync_ms: the same sync on a pull without upstream changes;
 *  - nochange_task_writes: tasks inserted, updated or deleted by that pull (budget 0);
 *  - nochange_pull_ms: that whole pull (fetch + reset, then the sync). No budget on the milliseconds.
 * Budget: a clone of ≈550 ms plus the 5 s a sync of 2,000 tasks may take on this 2-core machine at a light load.
 * One JSON line per figure. Exit code 1 when a budget is exceeded.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from '../daemon/src/app/app.ts';
import { loadConfig } from '../daemon/src/config/config.ts';
import { percentile, Reporter } from './lib/daemon.ts';
import { tempDir } from './lib/temp.ts';

const scripts = 2000;
const pullRatioBudget = 10;
const report = new Reporter('subscriptions');

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
  const clones: number[] = [];
  /** The floor: the puller's clone of the same repository with git itself. */
  const plainClone = () => {
    const into = path.join(root, `clone-${clones.length}`);
    const started = performance.now();
    git(root, 'clone', '-q', '--depth', '1', '--no-tags', '--branch', 'main', url, into);
    clones.push(performance.now() - started);
    rmSync(into, { recursive: true, force: true });
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

    plainClone(); // warm-up: the repository's files in the page cache
    plainClone();
    const first = await pull();
    plainClone();
    const tasks = await app.ctx.db
      .selectFrom('crons')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(tasks.n) !== scripts) throw new Error(`expected ${scripts} tasks, got ${tasks.n}`);
    const before = await snapshot();
    const second = await pull();
    const after = await snapshot();
    plainClone();
    const floor = percentile(clones.slice(1), 0.5);
    const extra = { scripts, tasks: Number(tasks.n) };
    report.figure('plain_clone_ms', floor, null, { clones: clones.length - 1 });
    report.figure('sync_2000_ms', first.sync, null, extra);
    report.figure('first_pull_ms', first.total, null, extra);
    report.ratio('first_pull_ratio', first.total / floor, pullRatioBudget, { ...extra, floor_ms: Math.round(floor) });
    report.figure('nochange_sync_ms', second.sync, null);
    report.figure('nochange_task_writes', before === after ? 0 : 1, 0);
    report.figure('nochange_pull_ms', second.total, null);
  } finally {
    await app.close();
    remove();
  }
  return report.failed ? 1 : 0;
}

main().then(
  (failed) => process.exit(failed > 0 ? 1 : 0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
