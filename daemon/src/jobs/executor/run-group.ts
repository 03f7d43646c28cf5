/**
 * One run = one or more processes (several for `conc`), each in its own process group, all carrying the run's
 * marker. Output goes to the run's RunOutput (log-output.ts); the run ends when every process has exited. Each process is started
 * behind the run reaper (reaper.ts) when it is built: stop and timeout then ask the reapers, which end every
 * descendant however it detached (SIGTERM, SIGKILL after the grace period). Without the reaper, stop and timeout
 * signal every group and every marked process themselves. The processes are started by a launcher (launch.ts): the
 * resident process starter for task runs (spawner.ts), the daemon itself otherwise.
 */
import type { Clock } from '../../time/clock.ts';
import { launchDirect, type Exit, type Launched, type Launcher } from './launch.ts';
import type { EndDetail } from './log-format.ts';
import { LinePrefixer } from './log-output.ts';
import { killMarked, killTrees, markedProcesses, signalGroup } from './process-kill.ts';
import { RunEnd } from '../../contract/enums.ts';
import type { RunHandle, RunOutcome, RunOutput } from './types.ts';

export interface Member {
  argv: string[];
  cwd: string;
  env: Record<string, string>;
  /** Prefix for each output line (`[2] ` for conc account 2); none = raw chunks. */
  prefix?: string;
}

export interface GroupOptions {
  out: RunOutput;
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

/** How much longer than the grace period a reaper may take to end its run before it is overruled from here. */
const reaperMarginMs = 2000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class RunGroup implements RunHandle {
  readonly pid: number;
  readonly pids: number[];
  readonly runId: string;
  readonly startedAt: number;
  readonly finished: Promise<RunOutcome>;
  private readonly exitOrder: Exit[] = [];
  private reason: typeof RunEnd.stopped | typeof RunEnd.timeout | null = null;
  private killing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private allExited = false;
  private settled = false;

  /** Starts every member through `launch` and hands back the group once each has its pid (or failed to start). */
  static async start(members: Member[], options: GroupOptions, launch: Launcher): Promise<RunGroup> {
    const prefixers: LinePrefixer[] = [];
    const launched = await Promise.all(members.map((member) => launchMember(member, options, launch, prefixers)));
    return new RunGroup(launched, prefixers, options);
  }

  /** The same, started from the daemon itself, at once. */
  static now(members: Member[], options: GroupOptions): RunGroup {
    const prefixers: LinePrefixer[] = [];
    const launched = members.map((member) => launchMember(member, options, launchDirect, prefixers) as Launched);
    return new RunGroup(launched, prefixers, options);
  }

  private constructor(
    private readonly children: Launched[],
    private readonly prefixers: LinePrefixer[],
    private readonly options: GroupOptions,
  ) {
    this.runId = options.runId;
    this.startedAt = options.startedAt;
    this.pids = children.map((child) => child.pid).filter((pid) => pid > 0);
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
    // Only children that started and were not reaped (kill() checks): a pid 0 would be the daemon's own group.
    for (const child of this.children) child.kill('SIGTERM');
    const deadline = Date.now() + this.options.graceMs + reaperMarginMs;
    while (!this.allExited && Date.now() < deadline) await sleep(20);
    if (this.allExited) return;
    await killTrees(this.children.filter((child) => child.running).map((child) => child.pid));
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
    await Promise.all(
      this.children.map((child) =>
        child.exited.then((exit) => {
          this.exitOrder.push(exit);
        }),
      ),
    );
    this.allExited = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.killing) await this.killing;
    await Promise.all(this.children.map((child) => child.drain()));
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

/** Starts one member: its argv behind the reaper, its output (with its line prefix, for conc) to the run's log. */
function launchMember(
  member: Member,
  options: GroupOptions,
  launch: Launcher,
  prefixers: LinePrefixer[],
): Launched | Promise<Launched> {
  const out = options.out;
  const stream = () => {
    if (member.prefix === undefined) return (chunk: Buffer) => out.write(chunk);
    const prefixer = new LinePrefixer(member.prefix, (chunk) => out.write(chunk));
    prefixers.push(prefixer);
    return (chunk: Buffer) => prefixer.push(chunk);
  };
  return launch({
    argv: member.argv,
    reaper: options.reaper === null ? null : { path: options.reaper, graceMs: options.graceMs },
    cwd: member.cwd,
    env: member.env,
    stdout: stream(),
    stderr: stream(),
    failed: (message) => out.line(`${member.prefix ?? ''}${message}`),
  });
}

/** A run that never started (a malformed command, a refused path): its outcome is already known. */
export function refusedRun(runId: string, outcome: RunOutcome): RunHandle {
  return { pid: 0, runId, startedAt: outcome.startedAt, finished: Promise.resolve(outcome), stop: async () => {} };
}
