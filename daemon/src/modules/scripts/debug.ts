/**
 * Debug runs of the editor's content: written to a swap file beside the script (`a.swap.js`, as Qinglong) and run as
 * the job `task <swap> now`, so they get what a task run gets (environment, interpreter, config.sh, hooks). Output
 * goes to data/log/<script's log folder>/ and streams live on the topic `debug:<runId>`.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { RunTrigger } from '../../contract/enums.ts';
import { writeFileAtomic } from '../../files/atomic.ts';
import { joinRelative, resolveInside } from '../../files/resolve.ts';
import { logDirName } from '../../jobs/executor/log-format.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import { JobKind } from '../../jobs/types.ts';
import type { DataPaths } from '../../config/paths.ts';

const debugQueue = 'debug';

export interface DebugRunStarted {
  runId: string;
  pid: number;
  topic: string;
  /** The run's marker (BAIHU_RUN_ID) every process of it carries. */
  marker: string;
  /** The log, relative to data/log. */
  log: string;
}

interface DebugRun {
  runId: number;
  /** The script that runs, relative to data/scripts (the swap file, or the script itself). */
  script: string;
  swap: string | null;
  pid: number;
}

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

export class DebugRuns {
  /** The debug runs that run now. */
  private readonly running = new Map<number, DebugRun>();

  constructor(
    private readonly jobs: JobRunner,
    private readonly paths: DataPaths,
  ) {
    jobs.defineQueue(debugQueue, () => Infinity);
  }

  /** Runs `content` as the script `dir/filename` would run (or the saved script when content is undefined). */
  async start(dir: string | undefined, filename: string, content: string | undefined): Promise<DebugRunStarted> {
    const rel = joinRelative(dir, filename);
    let script = rel;
    let swap: string | null = null;
    if (content === undefined) {
      await resolveInside(this.paths.scripts, rel, { mustExist: true });
    } else {
      // The script itself need not exist yet (an unsaved new file), but it must not lead out either.
      await resolveInside(this.paths.scripts, rel);
      const { name, ext } = path.posix.parse(rel);
      swap = joinRelative(path.posix.dirname(rel), `${name}.swap${ext}`);
      const abs = await resolveInside(this.paths.scripts, swap);
      await resolveInside(this.paths.scripts, path.posix.dirname(rel), { mustExist: true, allowRoot: true });
      await writeFileAtomic(abs, content);
      script = swap;
    }
    const ticket = await this.jobs.enqueue({
      kind: JobKind.debug,
      refId: null,
      trigger: RunTrigger.manual,
      queue: debugQueue,
      title: filename,
      notifyToken: true,
      logPath: (logName) => path.posix.join(logDirName(`task ${script}`), logName),
      work: { command: { command: `task ${quote(script)} now`, manual: true } },
      on: {
        started: (run) => void this.running.set(run.runId, { runId: run.runId, script, swap, pid: run.pid }),
        finished: async (run) => {
          this.running.delete(run.runId);
          if (swap && ![...this.running.values()].some((r) => r.swap === swap)) {
            await rm(path.join(this.paths.scripts, swap), { force: true }).catch(() => {});
          }
        },
      },
    });
    if (!ticket) throw new Error('The daemon is stopping.');
    const started = await ticket.started;
    return {
      runId: String(started.runId),
      pid: started.pid,
      topic: `debug:${started.runId}`,
      marker: started.marker ?? '',
      log: started.logPath ?? '',
    };
  }

  /**
   * Stops debug runs: the one with this id, else the one with this pid, else every run of the script
   * `dir/filename` (Qinglong's body). Resolves when nothing of them is left; answers how many were stopped.
   */
  async stop(query: { runId?: string; pid?: number; filename?: string; path?: string }): Promise<number> {
    const runs = [...this.running.values()];
    let targets: DebugRun[];
    if (query.runId) targets = runs.filter((r) => String(r.runId) === query.runId);
    else if (query.pid) targets = runs.filter((r) => r.pid === query.pid);
    else if (query.filename) {
      const rel = joinRelative(query.path, query.filename);
      const { name, ext } = path.posix.parse(rel);
      const swap = path.posix.join(path.posix.dirname(rel), `${name}.swap${ext}`);
      targets = runs.filter((r) => r.script === rel || r.script === swap);
    } else targets = [];
    await Promise.all(targets.map((r) => this.jobs.stop(r.runId)));
    return targets.length;
  }
}
