/** One run as the kernel holds it while it waits and runs, and what its steps may do. */
import type { Clock } from '../time/clock.ts';
import { RunEnd, RunStatus } from '../contract/enums.ts';
import type { NewJobRun } from '../db/schema.ts';
import type { Language } from '../contract/i18n.ts';
import { newRunMarker } from './executor/environment.ts';
import type { Executor } from './executor/executor.ts';
import type { RunHandle, RunOutcome } from './executor/types.ts';
import type { JobLog } from './job-log.ts';
import { Later } from './later.ts';
import type { JobQueue } from './queue.ts';
import type { JobRunsRepository } from './runs-repository.ts';
import {
  runsCommand,
  type CommandWork,
  type FinishedRun,
  type JobContent,
  type JobControl,
  type JobSpec,
  type JobTicket,
  type StartedRun,
  type StepsEnd,
} from './types.ts';

export interface Run {
  runId: number;
  spec: JobSpec;
  queue: JobQueue<Run>;
  started: Later<StartedRun>;
  finished: Later<FinishedRun>;
  /** The process that runs now, once it left the queue. */
  handle: RunHandle | null;
  /** Aborted by a stop; only jobs of steps have one (a command is stopped through its process). */
  abort: AbortController | null;
  stopRequested: boolean;
  /** Its outcome is saved; it only remains to be cleaned up. */
  ended: boolean;
  logPath: string | null;
  /** The marker chosen when a command was queued (steps get one per program). */
  marker: string | null;
}

/**
 * The row of a run being queued. A command's marker is chosen now and saved with the row, so crash recovery finds
 * its processes even when the daemon dies while they are being spawned.
 */
export function queuedRow(spec: JobSpec, queuedAt: number): NewJobRun {
  return {
    marker: runsCommand(spec) ? newRunMarker() : null,
    kind: spec.kind,
    ref_id: spec.refId,
    trigger: spec.trigger,
    status: RunStatus.queued,
    due_at: spec.dueAt ?? null,
    queued_at: queuedAt,
  };
}

export function newRun(runId: number, spec: JobSpec, queue: JobQueue<Run>, marker: string | null): Run {
  return {
    runId,
    marker,
    spec,
    queue,
    started: new Later(),
    finished: new Later(),
    handle: null,
    abort: runsCommand(spec) ? null : new AbortController(),
    stopRequested: false,
    ended: false,
    logPath: null,
  };
}

/** What the run runs: a prepared command is read now (a task edited while its run waited runs as edited). */
export function contentOf(run: Run): JobContent | Promise<(JobContent & { work: CommandWork }) | null> {
  const { spec } = run;
  return 'prepare' in spec ? spec.prepare({ runId: run.runId, refId: spec.refId, trigger: spec.trigger }) : spec;
}

/** What `enqueue` hands back; its promises are made when asked for. */
export function ticketOf(run: Run): JobTicket {
  return {
    runId: run.runId,
    get started() {
      return run.started.promise;
    },
    get finished() {
      return run.finished.promise;
    },
  };
}

/** The end of a run that never started (stopped while it waited). */
export function unstarted(run: Run, now: number): FinishedRun {
  run.started.reject(new Error('The run was stopped before it started.'));
  const times = { startedAt: now, finishedAt: now, durationMs: null };
  return {
    runId: run.runId,
    refId: run.spec.refId,
    end: RunEnd.stopped,
    exitCode: null,
    ...times,
    logFile: null,
    started: false,
    message: null,
  };
}

/** What a job of steps may do: write into its log, run programs (each recorded on the row, each stopped by a stop). */
/** What a job of steps reaches through its control (the kernel's options). */
export interface ControlDeps {
  executor: Executor;
  runs: JobRunsRepository;
  language: () => Language;
  timezone: () => string;
}

export function controlOf(run: Run, log: JobLog, startedAt: number, deps: ControlDeps): JobControl {
  const { executor, runs } = deps;
  const language = deps.language();
  const zone = deps.timezone();
  return {
    runId: run.runId,
    startedAt,
    signal: run.abort!.signal,
    language,
    zone,
    inherited: executor.inherited,
    line: (text) => log.line(text),
    write: (text) => log.write(text),
    tail: () => log.tailText(),
    process: () => (run.handle ? { pid: run.handle.pid, marker: run.handle.runId } : null),
    exec: async (argv) => {
      const handle = executor.runArgv(argv, { output: log.output, language });
      run.handle = handle;
      await runs.update(run.runId, { pid: handle.pid || null, marker: handle.runId });
      if (run.stopRequested) void handle.stop();
      const result: RunOutcome = await handle.finished;
      run.handle = null;
      return result;
    },
  };
}

/** A job of steps: what it does is its own, lines included; the kernel keeps its processes and its outcome. */
export async function runSteps(
  run: Run,
  steps: (job: JobControl) => Promise<StepsEnd>,
  control: JobControl,
  log: JobLog,
  clock: Clock,
): Promise<StepsEnd & Pick<FinishedRun, 'startedAt' | 'finishedAt' | 'durationMs'>> {
  let result: StepsEnd;
  try {
    result = await steps(control);
  } catch (error) {
    log.line(`## ${(error as Error).message}`);
    result = { end: run.abort?.signal.aborted ? RunEnd.stopped : RunEnd.failed, exitCode: null };
  }
  const finishedAt = clock.now();
  return { ...result, startedAt: control.startedAt, finishedAt, durationMs: finishedAt - control.startedAt };
}
