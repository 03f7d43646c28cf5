/**
 * The low-level primitive for everything that is not a task: an argv (no shell) in its own process group, with the
 * same log, live output, timeout, stop and stray-process guarantees as a task run. The dependencies module runs
 * `npm install` / `pip install` through it.
 */
import { systemClock, type Clock } from '../../time/clock.ts';
import type { Language } from '../../contract/i18n.ts';
import { newRunMarker, runIdVariable } from './environment.ts';
import { dateTimeText } from '../../time/wall-clock.ts';
import { logLines } from './log-format.ts';
import { defaultLogLimitBytes, LogOutput, openLogFileSync } from './log-output.ts';
import { defaultReaper } from './reaper.ts';
import { RunGroup } from './run-group.ts';
import type { OutputSink, RunHandle, RunOutput } from './types.ts';

export interface SpawnCommandOptions {
  argv: string[];
  cwd: string;
  /** The whole environment of the process (build it with buildEnvironment); the run marker is added. */
  env: Record<string, string>;
  logFile?: string | null;
  sink?: OutputSink;
  /** The log to write into instead of opening `logFile` (a job's log, already open). */
  output?: RunOutput;
  timeoutMs?: number | null;
  graceMs?: number;
  clock?: Clock;
  /** With a title, the log gets the runner's start and end lines, in `language` (default en) and `zone` (UTC). */
  title?: string;
  language?: Language;
  zone?: string;
  /** Cap of the program's output in the log and the sink (default defaultLogLimitBytes). */
  logLimitBytes?: number;
  /** The run reaper (default: the built one, see reaper.ts); null starts the program without it. */
  reaper?: string | null;
}

export function spawnCommand(options: SpawnCommandOptions): RunHandle {
  if (options.argv.length === 0) throw new Error('spawnCommand needs a program to run');
  const clock = options.clock ?? systemClock;
  const runId = newRunMarker();
  const startedAt = clock.now();
  const lines = logLines[options.language ?? 'en'];
  const limit = options.logLimitBytes ?? defaultLogLimitBytes;
  const out = options.output ?? new LogOutput(options.logFile ? openLogFileSync(options.logFile) : null, options.sink);
  out.cap({ bytes: limit, notice: lines.truncated(limit) });
  const title = options.title;
  const zone = options.zone ?? 'UTC';
  if (title !== undefined) out.line(lines.start(dateTimeText(startedAt, zone), title));
  return RunGroup.now([{ argv: options.argv, cwd: options.cwd, env: { ...options.env, [runIdVariable]: runId } }], {
    out,
    runId,
    startedAt,
    clock,
    graceMs: options.graceMs ?? 5000,
    timeoutMs: options.timeoutMs ?? null,
    reaper: options.reaper === undefined ? defaultReaper() : options.reaper,
    onEnd:
      title === undefined
        ? undefined
        : (detail) => out.line(lines.end(dateTimeText(detail.outcome.finishedAt, zone), detail)),
  });
}
