/**
 * Debug runs of the editor's content: written to a swap file beside the script (`a.swap.js`, as Qinglong) and run
 * as `task <swap> now` through the runner, so they get what a task run gets (environment, interpreter, config.sh,
 * hooks). Output goes to data/log/<script's log folder>/ and streams live on the topic `debug:<runId>`.
 */
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Clock } from '../../clock.ts';
import type { EndInfo } from '../../contract/live.ts';
import { writeFileAtomic } from '../../files/atomic.ts';
import { joinRelative, resolveInside } from '../../files/resolve.ts';
import type { LiveHub } from '../../live/hub.ts';
import type { DataPaths } from '../../paths.ts';
import { logDirName, logFileName } from '../../runner/log-format.ts';
import type { RunHandle, TaskRunner } from '../../runner/types.ts';

export const debugTopicPrefix = 'debug:';

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
  id: string;
  /** The script that runs, relative to data/scripts (the swap file, or the script itself). */
  script: string;
  swap: string | null;
  log: string;
  handle: RunHandle;
  ended: EndInfo | null;
}

export interface DebugRunsOptions {
  runner: TaskRunner;
  hub: LiveHub;
  paths: DataPaths;
  clock: Clock;
  /** Extra variables for a run (the notification token), and the call that ends them. */
  runEnv?: (id: string) => Record<string, string>;
  onSettled?: (id: string) => void;
}

/** Ended runs remembered for late subscribers (the hub itself keeps them for a minute). */
const keepEnded = 200;

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

export class DebugRuns {
  private readonly runs = new Map<string, DebugRun>();

  constructor(private readonly o: DebugRunsOptions) {
    o.hub.addResolver(debugTopicPrefix, async (topic) => {
      const run = this.runs.get(topic.slice(debugTopicPrefix.length));
      return run ? { file: path.join(o.paths.log, run.log), ended: run.ended } : null;
    });
  }

  /** Runs `content` as the script `dir/filename` would run (or the saved script when content is undefined). */
  async start(dir: string | undefined, filename: string, content: string | undefined): Promise<DebugRunStarted> {
    const rel = joinRelative(dir, filename);
    let script = rel;
    let swap: string | null = null;
    if (content === undefined) {
      await resolveInside(this.o.paths.scripts, rel, { mustExist: true });
    } else {
      // The script itself need not exist yet (an unsaved new file), but it must not lead out either.
      await resolveInside(this.o.paths.scripts, rel);
      const { name, ext } = path.posix.parse(rel);
      swap = joinRelative(path.posix.dirname(rel), `${name}.swap${ext}`);
      const abs = await resolveInside(this.o.paths.scripts, swap);
      await resolveInside(this.o.paths.scripts, path.posix.dirname(rel), { mustExist: true, allowRoot: true });
      await writeFileAtomic(abs, content);
      script = swap;
    }
    const id = randomBytes(9).toString('base64url');
    const topic = debugTopicPrefix + id;
    const command = `task ${quote(script)} now`;
    const log = path.posix.join(logDirName(`task ${script}`), logFileName(this.o.clock.now()));
    const logAbs = path.join(this.o.paths.log, log);
    const writer = this.o.hub.open(topic, logAbs);
    let handle: RunHandle;
    try {
      handle = await this.o.runner.start({
        command,
        logFile: logAbs,
        env: this.o.runEnv?.(id) ?? {},
        manual: true,
        title: filename,
        sink: { data: (chunk) => writer.data(chunk.length), end: () => {} },
      });
    } catch (error) {
      writer.end({ end: 'failed', exitCode: null, durationMs: null });
      this.o.onSettled?.(id);
      throw error;
    }
    const run: DebugRun = { id, script, swap, log, handle, ended: null };
    this.runs.set(id, run);
    void handle.finished.then(async (outcome) => {
      run.ended = { end: outcome.end, exitCode: outcome.exitCode, durationMs: outcome.durationMs };
      writer.end(run.ended);
      this.o.onSettled?.(id);
      if (swap && !this.active().some((r) => r.swap === swap)) {
        await rm(path.join(this.o.paths.scripts, swap), { force: true }).catch(() => {});
      }
      this.forgetOld();
    });
    return { runId: id, pid: handle.pid, topic, marker: handle.runId, log };
  }

  /**
   * Stops debug runs: the one with this id, else the one with this pid, else every run of the script
   * `dir/filename` (Qinglong's body). Resolves when nothing of them is left; answers how many were stopped.
   */
  async stop(query: { runId?: string; pid?: number; filename?: string; path?: string }): Promise<number> {
    let targets: DebugRun[];
    if (query.runId) targets = this.active().filter((r) => r.id === query.runId);
    else if (query.pid) targets = this.active().filter((r) => r.handle.pid === query.pid);
    else if (query.filename) {
      const rel = joinRelative(query.path, query.filename);
      const { name, ext } = path.posix.parse(rel);
      const swap = path.posix.join(path.posix.dirname(rel), `${name}.swap${ext}`);
      targets = this.active().filter((r) => r.script === rel || r.script === swap);
    } else targets = [];
    await Promise.all(targets.map((r) => r.handle.stop()));
    return targets.length;
  }

  /** Logs (relative to data/log) being written now, with their live topics. */
  activeLogs(): Map<string, string> {
    return new Map(this.active().map((r) => [r.log, debugTopicPrefix + r.id]));
  }

  async close(): Promise<void> {
    await Promise.all(this.active().map((r) => r.handle.stop()));
    await Promise.all(this.active().map((r) => r.handle.finished));
  }

  private active(): DebugRun[] {
    return [...this.runs.values()].filter((r) => r.ended === null);
  }

  private forgetOld(): void {
    const ended = [...this.runs.values()].filter((r) => r.ended !== null);
    for (const run of ended.slice(0, Math.max(0, ended.length - keepEnded))) this.runs.delete(run.id);
  }
}
