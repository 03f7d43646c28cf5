/** One run as the kernel holds it while it waits and runs, and what its steps may do. */
import { RunEnd } from '../contract/enums.ts';
import type { Language } from '../contract/i18n.ts';
import type { Executor } from './executor/executor.ts';
import type { RunHandle, RunOutcome } from './executor/types.ts';
import type { JobLog } from './job-log.ts';
import type { JobQueue } from './queue.ts';
import type { JobRunsRepository } from './runs-repository.ts';
import type { FinishedRun, JobControl, JobSpec, StartedRun } from './types.ts';

export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

export interface Run {
  runId: number;
  spec: JobSpec;
  queue: JobQueue;
  started: Deferred<StartedRun>;
  finished: Deferred<FinishedRun>;
  /** The process that runs now, once it left the queue. */
  handle: RunHandle | null;
  abort: AbortController;
  stopRequested: boolean;
  /** Its outcome is saved; it only remains to be cleaned up. */
  ended: boolean;
  logPath: string | null;
  /** The marker chosen when a command was queued (steps get one per program). */
  marker: string | null;
}

export function newRun(runId: number, spec: JobSpec, queue: JobQueue, marker: string | null): Run {
  const run: Run = {
    runId,
    marker,
    spec,
    queue,
    started: deferred(),
    finished: deferred(),
    handle: null,
    abort: new AbortController(),
    stopRequested: false,
    ended: false,
    logPath: null,
  };
  // Callers that do not wait for the start must not see an unhandled rejection when it never comes.
  run.started.promise.catch(() => {});
  return run;
}

/** The end of a run that never started (stopped while it waited). */
export function unstarted(run: Run, now: number): FinishedRun {
  run.started.reject(new Error('The run was stopped before it started.'));
  const times = { startedAt: now, finishedAt: now, durationMs: null };
  return {
    runId: run.runId,
    end: RunEnd.stopped,
    exitCode: null,
    ...times,
    logFile: null,
    started: false,
    message: null,
  };
}

/** What a job of steps may do: write into its log, run programs (each recorded on the row, each stopped by a stop). */
export function controlOf(
  run: Run,
  log: JobLog,
  startedAt: number,
  executor: Executor,
  runs: JobRunsRepository,
  language: Language,
): JobControl {
  return {
    runId: run.runId,
    startedAt,
    signal: run.abort.signal,
    language,
    inherited: executor.inherited,
    line: (text) => log.line(text),
    write: (text) => log.write(text),
    tail: () => log.tailText(),
    process: () => (run.handle ? { pid: run.handle.pid, marker: run.handle.runId } : null),
    exec: async (argv) => {
      const handle = executor.runArgv(argv, { sink: log.sink, language });
      run.handle = handle;
      await runs.update(run.runId, { pid: handle.pid || null, marker: handle.runId });
      if (run.stopRequested) void handle.stop();
      const result: RunOutcome = await handle.finished;
      run.handle = null;
      return result;
    },
  };
}
