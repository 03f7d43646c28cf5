/**
 * The resident process starter (daemon/native/spawner.c, built beside the reaper by scripts/build-reaper.mjs). For
 * each child_process.spawn libuv forks the whole daemon synchronously on the JavaScript thread — ≈40 % of the
 * daemon's time when 1,000 runs start together; this small process forks itself instead. The daemon starts it on
 * the first run, over a pipe pair no one else can reach, hands it argv + cwd + env (never a shell string), and gets
 * back the pid, the output and the exit status framed by its own id for the process, and asks it to signal a
 * process (it is the parent the run reaper obeys). Missing binary, a spawn error or its death: runs are started
 * directly again (launchDirect), as without it; what it was running when it died is killed and ends failed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants as fsConstants } from 'node:fs';
import { constants } from 'node:os';
import { fromRoot } from '../../install/root.ts';
import { launchDirect, reapedArgv, type Exit, type Launched, type LaunchSpec } from './launch.ts';
import { killTrees } from './process-kill.ts';
import { reaperPath } from './reaper.ts';

export const spawnerPath = fromRoot('daemon', 'native', 'baihu-spawner');

const enum Request {
  start = 1,
  signal = 2,
  /** As start, behind the run reaper, whose code the starter runs in the process it forks (no exec of it). */
  reaped = 3,
}
const enum Event {
  started = 1,
  output = 2,
  exit = 3,
}

const signalNames = new Map(Object.entries(constants.signals).map(([name, n]) => [n, name as NodeJS.Signals]));
const errnoNames = new Map(Object.entries(constants.errno).map(([name, n]) => [n, name]));

/** A process the starter runs for us, until its exit frame came. */
class Relayed implements Launched {
  pid = 0;
  readonly exited: Promise<Exit>;
  resolveExit!: (exit: Exit) => void;
  started = false;
  ended = false;

  constructor(
    readonly id: number,
    readonly spec: LaunchSpec,
    private readonly owner: Spawner,
  ) {
    this.exited = new Promise((resolve) => (this.resolveExit = resolve));
  }

  get running(): boolean {
    return this.started && !this.ended;
  }

  kill(signal: NodeJS.Signals): void {
    if (this.running) this.owner.signal(this.id, constants.signals[signal]);
  }

  /** The starter sends the exit only once the output is drained. */
  drain(): Promise<void> {
    return Promise.resolve();
  }
}

export class Spawner {
  private child: ChildProcess | null = null;
  private broken = false;
  private nextId = 1;
  /** Started or being started, by id; the starter's answers are matched to them. */
  private readonly relayed = new Map<number, Relayed>();
  private readonly starting = new Map<number, (launched: Launched) => void>();
  private input: Buffer = Buffer.alloc(0);

  constructor(private readonly binary: string) {}

  /** The starter's own pid while it runs (`ql check`, tests). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Whether runs go through it (false once it was missing or died). */
  get usable(): boolean {
    return !this.broken;
  }

  /** Starts spec's process through the starter, or directly when it is not usable. */
  launch(spec: LaunchSpec): Launched | Promise<Launched> {
    // Behind the built reaper (reaper.ts), the starter runs the reaper's own code in the process it forks for the
    // run, which saves an exec and a C library start per run (≈0.3 ms of CPU with glibc under a hypervisor).
    // Another reaper binary is exec'd as usual, in front of the command.
    const graceMs = spec.reaper?.path === reaperPath ? Math.max(0, Math.round(spec.reaper.graceMs)) : -1;
    const grace = graceMs < 2 ** 31 ? graceMs : -1;
    const argv = grace >= 0 ? spec.argv : reapedArgv(spec.reaper, spec.argv);
    // The frame's strings, each ended by a NUL, built as one string (a run's environment is a few dozen of them).
    // A NUL inside one would shift the strings of the frame; Node's own spawn refuses it with its usual error.
    let strings = `${spec.cwd}\0`;
    let nulInside = spec.cwd.includes('\0');
    for (const arg of argv) {
      strings += `${arg}\0`;
      nulInside ||= arg.includes('\0');
    }
    const names = Object.keys(spec.env);
    for (const name of names) {
      const value = spec.env[name]!;
      strings += `${name}=${value}\0`;
      nulInside ||= name.includes('\0') || value.includes('\0');
    }
    if (this.broken || nulInside || !this.ensureStarted()) return launchDirect(spec);
    const id = this.nextId++;
    const relayed = new Relayed(id, spec, this);
    this.relayed.set(id, relayed);
    this.refresh();
    const head = grace >= 0 ? 4 : 0;
    const body = Buffer.alloc(head + 8 + Buffer.byteLength(strings));
    if (grace >= 0) body.writeUInt32LE(grace, 0);
    body.writeUInt32LE(argv.length, head);
    body.writeUInt32LE(names.length, head + 4);
    body.write(strings, head + 8);
    this.send(grace >= 0 ? Request.reaped : Request.start, id, body);
    return new Promise((resolve) => this.starting.set(id, resolve));
  }

  signal(id: number, signal: number): void {
    const body = Buffer.alloc(4);
    body.writeUInt32LE(signal, 0);
    this.send(Request.signal, id, body);
  }

  private send(type: Request, id: number, body: Buffer): void {
    const head = Buffer.alloc(9);
    head.writeUInt32LE(5 + body.length, 0);
    head.writeUInt8(type, 4);
    head.writeUInt32LE(id, 5);
    this.child?.stdin?.write(Buffer.concat([head, body]));
  }

  private ensureStarted(): boolean {
    if (this.child) return true;
    try {
      accessSync(this.binary, fsConstants.X_OK);
    } catch {
      this.broken = true;
      return false;
    }
    // No environment of the daemon's: the starter passes each process exactly the environment it is given. Its own
    // one variable is room for a run's marker: a process it forks to run the reaper's code writes the marker there,
    // where /proc/<pid>/environ shows it to crash recovery (spawner.c, show_marker).
    const slot = { BAIHU_SPAWNER_SLOT: 'x'.repeat(64) };
    const child = spawn(this.binary, [], { stdio: ['pipe', 'pipe', 'inherit'], env: slot });
    this.child = child;
    child.stdout!.on('data', (chunk: Buffer) => this.receive(chunk));
    // Its output closing is the first sign of its end (the exit event may come later, or never once unref'd).
    child.stdout!.once('close', () => this.fail());
    child.stdin!.on('error', () => this.fail());
    child.once('error', () => this.fail());
    child.once('exit', () => this.fail());
    // It must not keep a process alive that has nothing running (a test, the CLI); refresh() refs it while needed.
    child.unref();
    return true;
  }

  /** Holds the event loop open while a process runs through the starter. */
  private refresh(): void {
    const stdout = this.child?.stdout as (NodeJS.ReadableStream & { ref?(): void; unref?(): void }) | undefined;
    if (this.relayed.size > 0) stdout?.ref?.();
    else stdout?.unref?.();
  }

  private receive(chunk: Buffer): void {
    let data = this.input.length > 0 ? Buffer.concat([this.input, chunk]) : chunk;
    let at = 0;
    while (data.length - at >= 4) {
      const length = data.readUInt32LE(at);
      if (data.length - at - 4 < length) break;
      const type = data.readUInt8(at + 4);
      const id = data.readUInt32LE(at + 5);
      this.handle(type as Event, id, data.subarray(at + 9, at + 4 + length));
      at += 4 + length;
    }
    data = data.subarray(at);
    this.input = data.length > 0 ? Buffer.from(data) : Buffer.alloc(0);
  }

  private handle(type: Event, id: number, body: Buffer): void {
    const relayed = this.relayed.get(id);
    if (!relayed) return;
    if (type === Event.started) {
      const pid = body.readInt32LE(0);
      const resolve = this.starting.get(id);
      this.starting.delete(id);
      if (pid > 0) {
        relayed.pid = pid;
        relayed.started = true;
      } else {
        const code = errnoNames.get(-pid) ?? `errno ${-pid}`;
        relayed.spec.failed(`Cannot start ${relayed.spec.argv[0]}: spawn ${relayed.spec.argv[0]} ${code}`);
        this.forget(relayed, { code: 127, signal: null });
      }
      resolve?.(relayed);
    } else if (type === Event.output) {
      const chunk = body.subarray(1);
      if (body[0] === 2) relayed.spec.stderr(chunk);
      else relayed.spec.stdout(chunk);
    } else if (type === Event.exit) {
      const code = body.readInt32LE(0);
      const signal = body.readInt32LE(4);
      this.forget(relayed, { code: code < 0 ? null : code, signal: signal ? (signalNames.get(signal) ?? null) : null });
    }
  }

  private forget(relayed: Relayed, exit: Exit): void {
    relayed.ended = true;
    this.relayed.delete(relayed.id);
    this.refresh();
    relayed.resolveExit(exit);
  }

  /** The starter is gone: later runs start directly; its runs are started again directly or ended and killed. */
  private fail(): void {
    if (this.broken) return;
    this.broken = true;
    for (const [id, resolve] of this.starting) {
      const relayed = this.relayed.get(id)!;
      this.relayed.delete(id);
      resolve(launchDirect(relayed.spec));
    }
    this.starting.clear();
    for (const relayed of [...this.relayed.values()]) {
      relayed.spec.failed('The process starter ended unexpectedly: the run is stopped.');
      void killTrees([relayed.pid]).then(() => this.forget(relayed, { code: null, signal: 'SIGKILL' }));
    }
    this.child?.stdout?.destroy();
    this.child = null;
  }
}

let shared: Spawner | null | undefined;

/** The starter every run of this process goes through, when it is built; null without it. */
export function defaultSpawner(): Spawner | null {
  if (shared === undefined) {
    try {
      accessSync(spawnerPath, fsConstants.X_OK);
      shared = new Spawner(spawnerPath);
    } catch {
      shared = null;
    }
  }
  return shared;
}
