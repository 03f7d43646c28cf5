/**
 * One run = one or more processes (several for `conc`), each in its own process group, all carrying the run's
 * marker. Output goes to the run's LogOutput; the run ends when every process has exited. Each process is started
 * behind the run reaper (reaper.ts) when it is built: stop and timeout then ask the reapers, which end every
 * descendant however it detached (SIGTERM, SIGKILL after the grace period). Without the reaper, stop and timeout
 * signal every group and every marked process themselves.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { Clock } from '../../clock.ts';
import type { EndDetail } from './log-format.ts';
import { LinePrefixer, type LogOutput } from './log-output.ts';
import { killMarked, killTrees, markedProcesses, signalGroup } from './process-kill.ts';
import { reapedArgv } from './reaper.ts';
import { RunEnd } from '../../contract/enums.ts';
import type { RunHandle, RunOutcome } from './types.ts';

export interface Member {
  argv: string[];
  cwd: string;
  env: Record<string, string>;
  /** Prefix for each output line (`[2] ` for conc account 2); none = raw chunks. */
  prefix?: string;
}

export interface GroupOptions {
  out: LogOutput;
  runId: string;
  startedAt: number;
  clock: Clock;
  graceMs: number;
  timeoutMs: number | null;
  /** The run reaper's path, or null to start the processes directly. */
  reaper: string | null;
  /** Writes the end line, just before the log is closed. */
  onEnd?: (detail: EndDetail) => void;
}

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** How long output may keep coming after a process exited (a background child may hold the pipe open). */
const drainMs = 200;
/** How much longer than the grace period a reaper may take to end its run before it is overruled from here. */
const reaperMarginMs = 2000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class RunGroup implements RunHandle {
  readonly pid: number;
  readonly pids: number[];
  readonly runId: string;
  readonly startedAt: number;
  readonly finished: Promise<RunOutcome>;
  private readonly children: ChildProcess[] = [];
  private readonly exits: Promise<Exit>[] = [];
  private readonly exitOrder: Exit[] = [];
  private readonly prefixers: LinePrefixer[] = [];
  private reason: typeof RunEnd.stopped | typeof RunEnd.timeout | null = null;
  private killing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private allExited = false;
  private settled = false;

  constructor(
    members: Member[],
    private readonly options: GroupOptions,
  ) {
    this.runId = options.runId;
    this.startedAt = options.startedAt;
    for (const member of members) this.launch(member);
    this.pids = this.children.map((child) => child.pid ?? 0).filter((pid) => pid > 0);
    this.pid = this.pids[0] ?? 0;
    if (options.timeoutMs !== null) {
      this.timer = setTimeout(() => this.end(RunEnd.timeout), options.timeoutMs);
    }
    this.finished = this.settle();
  }

  async stop(): Promise<void> {
    await this.end(RunEnd.stopped);
    await this.finished;
  }

  private launch(member: Member): void {
    const [command, ...args] = reapedArgv(this.options.reaper, this.options.graceMs, member.argv);
    const child = spawn(command!, args, {
      cwd: member.cwd,
      env: member.env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.children.push(child);
    const out = this.options.out;
    for (const stream of [child.stdout!, child.stderr!]) {
      if (member.prefix === undefined) {
        stream.on('data', (chunk: Buffer) => out.write(chunk));
      } else {
        const prefixer = new LinePrefixer(member.prefix, (chunk) => out.write(chunk));
        this.prefixers.push(prefixer);
        stream.on('data', (chunk: Buffer) => prefixer.push(chunk));
      }
    }
    this.exits.push(
      new Promise<Exit>((resolve) => {
        child.once('exit', (code, signal) => resolve({ code, signal }));
        child.once('error', (error) => {
          if (child.pid !== undefined) return;
          out.line(`${member.prefix ?? ''}Cannot start ${command}: ${error.message}`);
          resolve({ code: 127, signal: null });
        });
      }).then((exit) => {
        this.exitOrder.push(exit);
        return exit;
      }),
    );
  }

  private end(reason: typeof RunEnd.stopped | typeof RunEnd.timeout): Promise<void> {
    // After the end, the group ids may belong to someone else: never signal them again.
    if (this.settled) return Promise.resolve();
    this.reason ??= reason;
    this.killing ??= this.killAll();
    return this.killing;
  }

  /** SIGTERM to every process of the run; SIGKILL to what is left after the grace period; until none is left. */
  private async killAll(): Promise<void> {
    if (this.options.reaper !== null) await this.stopReapers();
    else await this.signalEverything();
    // Whatever still carries the marker (with a reaper: a run that ended on its own just as it was stopped).
    for (let round = 0; round < 100; round++) {
      const marked = await markedProcesses(this.runId);
      if (marked.length === 0 && this.allExited) return;
      await killTrees(marked.map((entry) => entry.pid));
      await sleep(20);
    }
  }

  /**
   * Each reaper gets one SIGTERM (from its parent: the only sender it obeys) and ends its whole tree itself: SIGTERM,
   * SIGKILL after the grace period. Should one not be done in time, its tree is frozen and killed from here.
   */
  private async stopReapers(): Promise<void> {
    // Only children that started: Node signals a child whose spawn failed (its cwd gone, say) as pid 0, and kill(0)
    // is the daemon's own process group.
    for (const child of this.children) if ((child.pid ?? 0) > 0) child.kill('SIGTERM');
    const deadline = Date.now() + this.options.graceMs + reaperMarginMs;
    while (!this.allExited && Date.now() < deadline) await sleep(20);
    if (this.allExited) return;
    const running = this.children.filter((child) => child.exitCode === null && child.signalCode === null);
    await killTrees(running.map((child) => child.pid ?? 0).filter((pid) => pid > 0));
  }

  private async signalEverything(): Promise<void> {
    const runId = this.runId;
    for (const pid of this.pids) signalGroup(pid, 'SIGTERM');
    await killMarked(runId, 'SIGTERM');
    const deadline = Date.now() + this.options.graceMs;
    while (Date.now() < deadline) {
      if (this.allExited && (await markedProcesses(runId)).length === 0) break;
      await sleep(50);
    }
    // Also catches members that dropped the marker from their environment and ignored SIGTERM.
    for (const pid of this.pids) signalGroup(pid, 'SIGKILL');
  }

  private async settle(): Promise<RunOutcome> {
    await Promise.all(this.exits);
    this.allExited = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.killing) await this.killing;
    await Promise.all(this.children.map(drain));
    for (const prefixer of this.prefixers) prefixer.flush();
    this.settled = true;
    const finishedAt = this.options.clock.now();
    const failed = this.exitOrder.find((exit) => exit.code !== 0);
    const outcome: RunOutcome = {
      end: this.reason ?? (failed ? RunEnd.failed : RunEnd.success),
      exitCode: failed ? (this.exitOrder.find((exit) => exit.code !== 0 && exit.code !== null)?.code ?? null) : 0,
      startedAt: this.startedAt,
      finishedAt,
      durationMs: Math.max(0, finishedAt - this.startedAt),
    };
    const signal = this.exitOrder.find((exit) => exit.signal !== null)?.signal ?? null;
    this.options.onEnd?.({ outcome, signal, timeoutMs: this.options.timeoutMs });
    this.options.out.end(outcome);
    return outcome;
  }
}

/** Waits for the child's pipes to close, at most drainMs, then lets go of them. */
async function drain(child: ChildProcess): Promise<void> {
  const streams = [child.stdout, child.stderr].filter((stream) => stream !== null);
  const closed = Promise.all(
    streams.map((stream) => (stream.closed ? null : new Promise((resolve) => stream.once('close', resolve)))),
  );
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([closed, new Promise((resolve) => (timer = setTimeout(resolve, drainMs)))]);
  clearTimeout(timer);
  for (const stream of streams) stream.destroy();
}

/** A run that never started (a malformed command, a refused path): its outcome is already known. */
export function refusedRun(runId: string, outcome: RunOutcome): RunHandle {
  return { pid: 0, runId, startedAt: outcome.startedAt, finished: Promise.resolve(outcome), stop: async () => {} };
}
