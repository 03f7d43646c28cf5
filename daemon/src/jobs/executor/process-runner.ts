/**
 * The task runner: turns a task's command into processes. `task <script> ...` is understood natively (interpreter,
 * now / conc / desi, -m, random delay); anything else is evaluated by the wrapper in a subshell. Every run goes
 * through the wrapper shell/run-task.sh (config.sh, random delay, global and per-task hooks) and a RunGroup (groups,
 * kill, log).
 */
import { fromRoot } from '../../install/root.ts';
import { statSync } from 'node:fs';
import path from 'node:path';
import { systemClock, type Clock } from '../../time/clock.ts';
import type { Language } from '../../contract/i18n.ts';
import type { DataPaths } from '../../config/paths.ts';
import { ConfigShReader } from './config-sh.ts';
import { buildEnvironment, inheritedEnvironment, nestedEnvironment, newRunMarker } from './environment.ts';
import { argMax, fitEnvironment, limitsKb, type Dropped } from './env-limits.ts';
import { dateTimeText, processZone } from '../../time/wall-clock.ts';
import { logLines, type LineTable } from './log-format.ts';
import { defaultLogLimitBytes, LogOutput, openLogFile } from './log-output.ts';
import { randomDelaySeconds, randomDelaySettings } from './random-delay.ts';
import { launchDirect, type Launcher } from './launch.ts';
import { defaultReaper } from './reaper.ts';
import { refusedRun, RunGroup, type Member } from './run-group.ts';
import { interpreterArgv, interpreterFor, resolveScript } from './script.ts';
import { defaultSpawner, type Spawner } from './spawner.ts';
import { WrapperSteps } from './wrapper-steps.ts';
import {
  parseDuration,
  parseTaskCommand,
  selectAccounts,
  splitAccounts,
  TaskMode,
  type ParsedCommand,
} from './task-command.ts';
import { RunEnd } from '../../contract/enums.ts';
import type { PanelVariableSource, RunHandle, TaskRunner, TaskRunSpec } from './types.ts';

const wrapper = fromRoot('shell', 'run-task.sh');

export interface ProcessRunnerOptions {
  paths: DataPaths;
  variables: PanelVariableSource;
  language?: () => Language;
  /**
   * The panel's time zone, read at each start: the log's times are in it and the run gets it as TZ. By default the
   * process's own.
   */
  timezone?: () => string;
  /** Time between SIGTERM and SIGKILL on stop and timeout. */
  graceMs?: number;
  /** Variables added after the panel's (NODE_PATH, PYTHONPATH, PATH from the dependencies module). */
  extraEnv?: () => Record<string, string>;
  clock?: Clock;
  /** The daemon's environment (host.processEnvironment), whitelisted before use. */
  daemonEnv: Readonly<NodeJS.ProcessEnv>;
  /** What runs inherit of daemonEnv, when already filtered (the executor's); by default filtered at each run. */
  inherited?: Readonly<Record<string, string>>;
  /** The reader of config.sh to share (one cache); by default its own. */
  configSh?: ConfigShReader;
  /** The run reaper (default: the built one, see reaper.ts); null starts runs without it. */
  reaper?: string | null;
  /** The process starter (default: the built one, see spawner.ts); null: the daemon starts runs itself. */
  spawner?: Spawner | null;
  /** How the run's processes start, instead of the process starter (a `task` inside a run: cli/task-inline.ts). */
  launcher?: Launcher;
  /** Cap of a run's output in its log and live stream, read at each start (default defaultLogLimitBytes). */
  logLimitBytes?: () => number;
  /**
   * The environment of the run this one runs inside (a `task` typed in a running task: cli/task-inline.ts), taken
   * whole instead of built from the panel's variables and the whitelist (environment.ts, nestedEnvironment).
   */
  within?: Readonly<NodeJS.ProcessEnv>;
}

/** Thrown inside start() for a run that cannot start; written to the log and the run ends failed. */
class Refusal extends Error {}

/** Exit code reported for a run refused before anything started (as bash's usage errors). */
const refusedExitCode = 2;

export class ProcessRunner implements TaskRunner {
  private readonly config: ConfigShReader;
  private readonly steps: WrapperSteps;
  private readonly clock: Clock;

  constructor(private readonly options: ProcessRunnerOptions) {
    this.config =
      options.configSh ??
      new ConfigShReader(path.join(options.paths.config, 'config.sh'), inheritedEnvironment(options.daemonEnv));
    this.steps = new WrapperSteps(options.paths.config, this.config);
    this.clock = options.clock ?? systemClock;
  }

  async start(spec: TaskRunSpec): Promise<RunHandle> {
    const runId = spec.marker ?? newRunMarker();
    const startedAt = this.clock.now();
    const lines = logLines[this.options.language?.() ?? 'en'];
    const zone = this.options.timezone?.() ?? processZone();
    const time = (ms: number) => dateTimeText(ms, zone);
    const limit = this.options.logLimitBytes?.() ?? defaultLogLimitBytes;
    const out = spec.output ?? new LogOutput(spec.logFile === null ? null : await openLogFile(spec.logFile), spec.sink);
    out.cap({ bytes: limit, notice: lines.truncated(limit) });
    out.line(lines.start(time(startedAt), spec.title));
    try {
      const plan = await this.plan(spec, runId, lines, zone);
      for (const dropped of plan.leftOut) out.line(lines.leftOut(dropped, limitsKb()));
      if (plan.delay > 0) out.line(lines.delay(plan.delay));
      const launcher = this.options.launcher ?? this.defaultLauncher();
      return await RunGroup.start(
        plan.members,
        {
          out,
          runId,
          startedAt,
          clock: this.clock,
          graceMs: this.options.graceMs ?? 5000,
          timeoutMs: plan.timeoutMs === null ? null : plan.timeoutMs + plan.delay * 1000,
          reaper: this.options.reaper === undefined ? defaultReaper() : this.options.reaper,
          onEnd: (detail) =>
            out.line(lines.end(time(detail.outcome.finishedAt), { ...detail, timeoutMs: plan.timeoutMs })),
        },
        launcher,
      );
    } catch (error) {
      if (!(error instanceof Refusal)) {
        out.end(failedOutcome(startedAt, this.clock.now()));
        throw error;
      }
      out.line(lines.refused(error.message));
      const outcome = failedOutcome(startedAt, this.clock.now());
      out.line(lines.end(time(outcome.finishedAt), { outcome, signal: null, timeoutMs: null }));
      out.end(outcome);
      return refusedRun(runId, outcome);
    }
  }

  private defaultLauncher(): Launcher {
    const spawner = this.options.spawner === undefined ? defaultSpawner() : this.options.spawner;
    return spawner ? (spec) => spawner.launch(spec) : launchDirect;
  }

  /** Everything decided before spawning: the processes, their environment, the timeout and the delay. */
  private async plan(spec: TaskRunSpec, runId: string, lines: LineTable, zone: string) {
    const parsed = parseTaskCommand(spec.command);
    if (!parsed.ok) throw new Refusal(parsed.error);
    const command = parsed.command;
    const { paths } = this.options;
    const { env, kept, panel } = this.options.within
      ? nestedEnvironment(this.options.within, runId)
      : buildEnvironment({
          paths,
          panel: await this.options.variables(),
          extra: this.options.extraEnv?.(),
          run: spec.env,
          runId,
          timezone: zone,
          daemonEnv: this.options.daemonEnv,
          ...(this.options.inherited ? { inherited: this.options.inherited } : {}),
        });
    const script = command.kind === 'script' ? resolveScript(paths.scripts, command.script) : null;
    if (script && !script.ok) throw new Refusal(script.error);
    const cwd = spec.workDir || (script?.ok ? script.dir : paths.scripts);
    if (!isDirectory(cwd)) throw new Refusal(`The work dir does not exist: ${cwd}`);

    const wanted = [
      ...(command.timeoutMs === null ? ['CommandTimeoutTime'] : []),
      ...(command.kind === 'script' && command.bare && !spec.manual ? randomDelaySettings : []),
      ...(command.kind === 'script' && command.envName && env[command.envName] === undefined ? [command.envName] : []),
    ];
    const settings = wanted.length > 0 ? await this.config.values(wanted) : {};
    const timeoutMs = command.timeoutMs ?? parseDuration(settings.CommandTimeoutTime ?? '');
    const delay =
      command.kind === 'script'
        ? randomDelaySeconds({
            eligible: command.bare && !spec.manual,
            script: command.script,
            settings,
            minute: new Date(this.clock.now()).getMinutes(),
          })
        : 0;

    // A chain's `task` parts source task_before.sh / task_after.sh each (cli/task-inline.ts), so the chain does not.
    const steps = this.steps.forRun(env, { hooks: !(command.kind === 'shell' && command.chain) });
    // Only what the wrapper uses: each variable it reads costs bash a command on every run.
    const wrapperEnv: Record<string, string> = { ...env, BAIHU_CONFIG_DIR: paths.config, BAIHU_SOURCE: steps.source };
    if (spec.taskBefore) wrapperEnv.BAIHU_TASK_BEFORE = spec.taskBefore;
    if (spec.taskAfter) wrapperEnv.BAIHU_TASK_AFTER = spec.taskAfter;
    if (delay > 0) wrapperEnv.BAIHU_RUN_DELAY = String(delay);
    if (steps.fit) Object.assign(wrapperEnv, { BAIHU_CONFIG_FIT: '1' }, wrapperLimits(lines));
    const argv = commandArgv(command, script?.ok ? script.file : '', cwd);
    const head = ['bash', wrapper, String(command.hookArgs.length), ...command.hookArgs];
    /** Variables left out of a process, by name (conc's processes would report the same ones again). */
    const leftOut = new Map<string, Dropped>();
    const member = (extra: Record<string, string>, keep: string[], prefix?: string): Member => {
      const memberEnv: Record<string, string> = { ...wrapperEnv, ...extra };
      const names = [...new Set([...kept, ...keep])];
      const all = [...head, String(names.length), ...names, ...argv];
      for (const dropped of fitEnvironment(memberEnv, all, panel)) leftOut.set(dropped.name, dropped);
      // The names config.sh must not override go in argv: as one variable they could pass 128 KiB themselves.
      const keptNow = names.filter((name) => memberEnv[name] !== undefined);
      return { argv: [...head, String(keptNow.length), ...keptNow, ...argv], cwd, env: memberEnv, prefix };
    };
    const plan = (members: Member[]) => ({ members, timeoutMs, delay, leftOut: [...leftOut.values()] });

    if (command.kind === 'shell' || command.mode === TaskMode.normal || command.mode === TaskMode.now) {
      return plan([member({}, [])]);
    }
    const name = command.envName!;
    const accounts = splitAccounts(env[name] ?? settings[name] ?? '');
    if (accounts.length === 0) throw new Refusal(`${command.mode}: the variable ${name} is empty or not set.`);
    const picked = selectAccounts(command.nums, accounts.length);
    if (picked.length === 0) {
      throw new Refusal(
        `${command.mode}: no account of ${name} matches "${command.nums.join(' ')}" (${accounts.length} accounts).`,
      );
    }
    if (command.mode === TaskMode.desi) {
      const value = picked.map((n) => accounts[n - 1]!).join('&');
      return plan([member({ [name]: value }, [name])]);
    }
    return plan(picked.map((n) => member({ [name]: accounts[n - 1]! }, [name], `[${n}] `)));
  }
}

/**
 * What the wrapper needs to leave out a variable that config.sh exports and no process could receive: ARG_MAX and
 * the two log lines as printf formats (name, size in KB), in the run's language.
 */
function wrapperLimits(lines: LineTable): Record<string, string> {
  const format = (reason: 'variable' | 'total') =>
    lines.leftOut({ name: '%s', bytes: 0, reason }, limitsKb(), { configSh: true, size: '%s' });
  return { BAIHU_ARG_MAX: String(argMax()), BAIHU_NOTE_LONG: format('variable'), BAIHU_NOTE_TOTAL: format('total') };
}

/** The argv the wrapper runs. The script is named relative to its folder when that is the work dir (as Qinglong). */
function commandArgv(command: ParsedCommand, file: string, cwd: string): string[] {
  // The wrapper evaluates a plain command in a subshell of its own (see shell/run-task.sh).
  if (command.kind === 'shell') return ['--baihu-shell', command.shell];
  const shown = path.dirname(file) === path.resolve(cwd) ? path.basename(file) : file;
  const interpreter = interpreterFor(file)!;
  // A .sh task is sourced by the wrapper (it sees config.sh's variables and Qinglong's shell helpers). `./`: `.`
  // would look a bare name up on PATH first.
  if (interpreter === 'bash') return ['--baihu-source', shown.includes('/') ? shown : `./${shown}`, ...command.args];
  return interpreterArgv(interpreter, shown, command.args);
}

function isDirectory(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

function failedOutcome(startedAt: number, finishedAt: number) {
  return {
    end: RunEnd.failed,
    exitCode: refusedExitCode,
    startedAt,
    finishedAt,
    durationMs: Math.max(0, finishedAt - startedAt),
  };
}
