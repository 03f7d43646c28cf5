/**
 * The executor: the one way the daemon starts a process (injected into the job kernel, so tests may hand it
 * another). Two interfaces — a task command (`task <script> …` or a shell line, through the wrapper) and an argv (no
 * shell) — with the same log, stop and stray-process guarantees.
 */
import path from 'node:path';
import type { Clock } from '../../time/clock.ts';
import type { Language } from '../../contract/i18n.ts';
import type { DataPaths } from '../../config/paths.ts';
import { ConfigShReader, type ConfigValues } from './config-sh.ts';
import { inheritedEnvironment } from './environment.ts';
import { killLeftoversOfRuns } from './process-kill.ts';
import { ProcessRunner } from './process-runner.ts';
import { spawnCommand } from './spawn-command.ts';
import type { OutputSink, PanelVariableSource, RunHandle, RunOutput, TaskRunSpec } from './types.ts';

/** A program to run by argv. */
export interface ArgvSpec {
  argv: string[];
  cwd: string;
  /** Added to what runs inherit of the daemon's environment. */
  env?: Record<string, string>;
  /** Stopped after this long; none by default. */
  timeoutMs?: number | null;
  /** With a title, the log gets the executor's start and end lines. */
  title?: string;
}

/** Where an argv run's output goes: a sink, a log file the executor opens, or a log already open (`output`). */
export interface ArgvOutput {
  sink?: OutputSink;
  logFile?: string | null;
  output?: RunOutput;
  language?: Language;
}

export interface Executor {
  /** The task-command interface: `spec.command` as a task runs it (interpreter, conc/desi, config.sh, hooks). */
  runTask(spec: TaskRunSpec): Promise<RunHandle>;
  /** The argv interface. */
  runArgv(spec: ArgvSpec, output: ArgvOutput): RunHandle;
  /** A short program whose output is read, not logged (a package check). */
  capture(spec: ArgvSpec): Promise<{ exitCode: number | null; output: string }>;
  /** Kills what a crashed daemon left of runs: their groups, processes carrying their markers, and their trees. */
  killLeftovers(runs: { pgid: number | null; marker: string }[]): Promise<unknown>;
  /** Values of data/config/config.sh (evaluated by bash, cached until the file changes). */
  configValues(names: readonly string[]): Promise<ConfigValues>;
  /** What runs inherit of the daemon's environment (the whitelist), for programs a library starts (git). */
  readonly inherited: Record<string, string>;
}

export interface ProcessExecutorOptions {
  paths: DataPaths;
  /** Process times are real times: tests move the scheduler's clock, never a process's. Default: the system's. */
  clock?: Clock;
  /** The daemon's environment (host.processEnvironment); only a whitelist of it reaches a run. */
  daemonEnv: Readonly<NodeJS.ProcessEnv>;
  /** The panel's variables at the moment a run starts. */
  variables: PanelVariableSource;
  /** Variables added after the panel's (installed dependencies' module paths). */
  extraEnv?: () => Record<string, string>;
  language: () => Language;
  /** The panel's time zone, read at each start: log times and every process's TZ. */
  timezone: () => string;
  /** Cap of a run's output in its log and live stream, read at each start. */
  logLimitBytes?: () => number;
}

export class ProcessExecutor implements Executor {
  readonly inherited: Record<string, string>;
  private readonly configSh: ConfigShReader;
  private readonly tasks: ProcessRunner;

  constructor(private readonly o: ProcessExecutorOptions) {
    this.inherited = inheritedEnvironment(o.daemonEnv);
    this.configSh = new ConfigShReader(path.join(o.paths.config, 'config.sh'), this.inherited);
    this.tasks = new ProcessRunner({ ...o, configSh: this.configSh, inherited: this.inherited });
  }

  runTask(spec: TaskRunSpec): Promise<RunHandle> {
    return this.tasks.start(spec);
  }

  runArgv(spec: ArgvSpec, output: ArgvOutput): RunHandle {
    const zone = this.o.timezone();
    return spawnCommand({
      argv: spec.argv,
      cwd: spec.cwd,
      env: { ...this.inherited, TZ: zone, ...spec.env },
      zone,
      timeoutMs: spec.timeoutMs ?? null,
      ...(this.o.logLimitBytes ? { logLimitBytes: this.o.logLimitBytes() } : {}),
      ...(this.o.clock ? { clock: this.o.clock } : {}),
      ...(spec.title === undefined ? {} : { title: spec.title }),
      ...output,
    });
  }

  async capture(spec: ArgvSpec): Promise<{ exitCode: number | null; output: string }> {
    let output = '';
    const handle = this.runArgv(spec, { sink: { data: (chunk) => (output += chunk.toString()), end: () => {} } });
    const outcome = await handle.finished;
    return { exitCode: outcome.exitCode, output };
  }

  killLeftovers(runs: { pgid: number | null; marker: string }[]): Promise<unknown> {
    return killLeftoversOfRuns(runs);
  }

  configValues(names: readonly string[]): Promise<ConfigValues> {
    return this.configSh.values(names);
  }
}
