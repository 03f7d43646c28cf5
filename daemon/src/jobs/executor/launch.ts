/**
 * One process of a run as `RunGroup` sees it, however it was started: by the daemon itself (`launchDirect`, Node's
 * child_process) or by the resident process starter (`spawner.ts`). Either way: argv (no shell), its own session and
 * process group, stdin /dev/null, stdout and stderr to the run's log.
 */
import { spawn, type ChildProcess } from 'node:child_process';

/** The argv that runs `argv` behind `reaper` (`baihu-reaper GRACE_MS argv...`; no reaper: `argv` itself). */
export function reapedArgv(reaper: ReaperSpec | null, argv: string[]): string[] {
  return reaper === null ? argv : [reaper.path, String(Math.max(0, Math.round(reaper.graceMs))), ...argv];
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** The run reaper a process is started behind (reaper.ts): its binary and how long it waits between TERM and KILL. */
export interface ReaperSpec {
  path: string;
  graceMs: number;
}

export interface LaunchSpec {
  /** The command itself; the reaper, when there is one, goes in front of it only when the process is started. */
  argv: string[];
  /** Start the command behind this reaper (null: start it as it is). */
  reaper: ReaperSpec | null;
  cwd: string;
  env: Record<string, string>;
  /** Where each stream's output goes, chunk by chunk. */
  stdout: (chunk: Buffer) => void;
  stderr: (chunk: Buffer) => void;
  /** Told why the program could not be started (its exit is then code 127). */
  failed: (message: string) => void;
}

export interface Launched {
  /** 0 when nothing started. */
  readonly pid: number;
  readonly exited: Promise<Exit>;
  /** Started and not reaped yet: its pid is still its own. */
  readonly running: boolean;
  /** Signals the process while it runs (never a process that did not start, nor one already reaped). */
  kill(signal: NodeJS.Signals): void;
  /** Waits, after the exit, for the rest of its output (at most drainMs: a background child may hold the pipes). */
  drain(): Promise<void>;
}

/** Starts processes of runs; a launcher may answer later (the process starter says the pid once it forked). */
export type Launcher = (spec: LaunchSpec) => Launched | Promise<Launched>;

/** How long output may keep coming after a process exited (a background child may hold the pipe open). */
export const drainMs = 200;

/**
 * Starts the process from the daemon itself (libuv forks the daemon, on this thread). `stdin: 'inherit'` hands it
 * the starter's own stdin: a `task` inside a run (cli/task-inline.ts) reads what a pipe gives it, as bash's would.
 */
export function launchDirect(spec: LaunchSpec, { stdin = 'ignore' }: { stdin?: 'ignore' | 'inherit' } = {}): Launched {
  const [command, ...args] = reapedArgv(spec.reaper, spec.argv);
  const child = spawn(command!, args, {
    cwd: spec.cwd,
    env: spec.env,
    detached: true,
    stdio: [stdin, 'pipe', 'pipe'],
  });
  child.stdout!.on('data', spec.stdout);
  child.stderr!.on('data', spec.stderr);
  const exited = new Promise<Exit>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', (error) => {
      if (child.pid !== undefined) return;
      spec.failed(`Cannot start ${command}: ${error.message}`);
      resolve({ code: 127, signal: null });
    });
  });
  return {
    pid: child.pid ?? 0,
    exited,
    get running() {
      return (child.pid ?? 0) > 0 && child.exitCode === null && child.signalCode === null;
    },
    // Node signals a child whose spawn failed (its cwd gone, say) as pid 0, and kill(0) is the daemon's own group.
    kill: (signal) => void ((child.pid ?? 0) > 0 && child.kill(signal)),
    drain: () => drain(child),
  };
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
