/**
 * What a running panel keeps resident, measured as the whole process tree (the launcher and everything under it),
 * idle, for each way of starting it:
 *  - readme_tree_mb: the README's start command, `scripts/start.sh` (budget 100 MB);
 *  - entrypoint_tree_mb: the container's `docker/entrypoint.sh` supervision loop on this host, with the app dir and
 *    data dir from the environment (the image adds tini, ~1 MB; budget 100 MB);
 *  - npm_start_tree_mb: `npm start`, for comparison (npm stays resident as the parent; no budget).
 * Each tree is sampled 5 s after the panel answered its health check. Prints JSON lines; exit code 1 over budget.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { answersReady, freePort, repo, Reporter, sleep } from './lib/daemon.ts';
import { tempDir } from './lib/temp.ts';

const reporter = new Reporter('process-tree');

/** pid → parent pid, for every process now. */
function parents(): Map<number, number> {
  const map = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name may hold spaces and parentheses: the fields after the last ')' are fixed.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      map.set(Number(entry), ppid);
    } catch {
      // Gone while we looked.
    }
  }
  return map;
}

function treeOf(root: number): number[] {
  const byParent = parents();
  const tree = [root];
  for (let i = 0; i < tree.length; i++) {
    for (const [pid, ppid] of byParent) if (ppid === tree[i]) tree.push(pid);
  }
  return tree;
}

function rssKb(pid: number): number {
  try {
    return Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

const nameOf = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '?';
  }
};

async function measure(figure: string, argv: string[], budget: number | null, env: Record<string, string> = {}) {
  const data = tempDir(figure);
  const port = await freePort();
  const child = spawn(argv[0]!, argv.slice(1), {
    cwd: repo,
    env: {
      ...process.env,
      BAIHU_DATA_DIR: data.dir,
      BAIHU_PORT: String(port),
      BAIHU_HOST: '127.0.0.1',
      BAIHU_LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(500) });
        if (await answersReady(res)) break;
      } catch {
        // not yet
      }
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`${figure}: the panel did not start`);
      await sleep(50);
    }
    await sleep(5000);
    const tree = treeOf(child.pid!);
    const total = tree.reduce((sum, pid) => sum + rssKb(pid), 0) / 1024;
    reporter.figure(figure, total, budget, {
      processes: tree.map((pid) => `${nameOf(pid)}:${Math.round(rssKb(pid) / 1024)}MB`).join(' '),
    });
  } finally {
    // Every process of the tree: npm does not always pass a signal on to its script.
    for (const pid of treeOf(child.pid!).reverse()) {
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    await new Promise((resolve) => (child.exitCode === null ? child.on('exit', resolve) : resolve(null)));
    data.remove();
  }
}

await measure('readme_tree_mb', ['sh', 'scripts/start.sh'], 100);
await measure('entrypoint_tree_mb', ['bash', path.join(repo, 'docker/entrypoint.sh')], 100, { BAIHU_APP_DIR: repo });
await measure('npm_start_tree_mb', ['npm', 'start', '--silent'], null);
process.exit(reporter.failed ? 1 : 0);
