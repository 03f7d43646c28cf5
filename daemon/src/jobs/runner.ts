/**
 * The job kernel. Given a job (what to run, which queue), it creates the run row, waits its turn in the queue, opens
 * the log file and the live topic, runs the job through the executor, writes the start and end lines, saves how it
 * ended, and tells the area that asked. Task runs, debug runs, dependency installs and subscription pulls are jobs.
 */
import path from 'node:path';
import type { Clock } from '../time/clock.ts';
import { RunEnd, RunStatus } from '../contract/enums.ts';
import type { Language } from '../contract/i18n.ts';
import type { LiveHub } from '../live/hub.ts';
import type { DataPaths } from '../config/paths.ts';
import { redactUrls } from '../errors/redact.ts';
import type { Executor } from './executor/executor.ts';
import { logFileName } from './executor/log-format.ts';
import { JobLog } from './job-log.ts';
import { JobQueue } from './queue.ts';
import { recoverRuns } from './recovery.ts';
import { contentOf, controlOf, newRun, queuedRow, runSteps, ticketOf, unstarted, type Run } from './run.ts';
import { statusOfEnd, type JobRunsRepository } from './runs-repository.ts';
import { addTopicResolvers, topicOf } from './topics.ts';
import { type FinishedRun, type JobSpec, type JobTicket, type StartedRun, type StepsEnd } from './types.ts';

interface Logger {
  error(obj: object, msg?: string): void;
}

/** Notification tokens of runs (notifications/run-tokens.ts). */
export interface RunTokenIssuer {
  envFor(runId: number): Record<string, string>;
  revoke(runId: number): void;
}

export interface JobRunnerOptions {
  executor: Executor;
  runs: JobRunsRepository;
  live: LiveHub;
  paths: DataPaths;
  clock: Clock;
  log: Logger;
  /** The language of the lines the kernel writes, and the panel's time zone (logs are named in it). */
  language: () => Language;
  timezone: () => string;
  tokens?: RunTokenIssuer;
}

/** How a run ended, before the kernel adds what it knows itself. */
type Outcome = Omit<FinishedRun, 'runId' | 'refId' | 'logFile' | 'started' | 'message'> &
  Pick<StepsEnd, 'message' | 'detail'>;

const reasonOf = (error: unknown) => redactUrls(error instanceof Error ? error.message : String(error));

export class JobRunner {
  private readonly queues = new Map<string, JobQueue<Run>>();
  private readonly waiting = new Map<number, Run>();
  private readonly active = new Map<number, Run>();
  private readonly idleWaiters = new Set<() => void>();
  private closed = false;
  /** The last launch's log open: launches take their logs in launch order. */
  private lastOpen: Promise<unknown> = Promise.resolve();

  constructor(private readonly o: JobRunnerOptions) {
    addTopicResolvers(o.live, o.runs, (relative) => path.join(o.paths.log, relative));
  }

  /** A queue and how many of its runs may run at once (read at every start, so a new setting applies at once). */
  defineQueue(name: string, concurrency: () => number): void {
    this.queues.set(
      name,
      new JobQueue<Run>(name, concurrency, (run) => {
        this.waiting.delete(run.runId);
        this.active.set(run.runId, run);
        void this.launch(run);
      }),
    );
  }

  /** Creates the run row (queued) and queues the run; null once the daemon is closing. */
  async enqueue(spec: JobSpec): Promise<JobTicket | null> {
    const [ticket] = await this.enqueueMany([spec]);
    return ticket ?? null;
  }

  /**
   * Creates the rows (queued) of several runs in one go and queues them in the order given, then starts what the
   * limits allow: tasks due together are queued so (a statement per run kept the first run from starting until the
   * last of 1,000 was queued). Empty once the daemon is closing.
   */
  async enqueueMany(specs: readonly JobSpec[]): Promise<JobTicket[]> {
    const queues = specs.map((spec) => {
      const queue = this.queues.get(spec.queue);
      if (!queue) throw new Error(`No job queue named ${spec.queue}`);
      return queue;
    });
    if (this.closed || specs.length === 0) return [];
    const queuedAt = this.o.clock.now();
    const rows = specs.map((spec) => queuedRow(spec, queuedAt));
    const runIds = await this.o.runs.insertMany(rows);
    const runs = specs.map((spec, i) => newRun(runIds[i]!, spec, queues[i]!, rows[i]!.marker ?? null));
    for (const run of runs) {
      this.waiting.set(run.runId, run);
      run.queue.push(run);
    }
    for (const queue of new Set(queues)) queue.pump();
    return runs.map(ticketOf);
  }

  /** Starts what a queue's limit allows now (after the limit changed). */
  pump(queue: string): void {
    if (!this.closed) this.queues.get(queue)?.pump();
  }

  /** Stops a run (a waiting one leaves the queue, a running one is killed); resolves once over, false if neither. */
  async stop(runId: number): Promise<boolean> {
    const waiting = this.waiting.get(runId);
    if (waiting?.queue.remove(runId)) {
      this.waiting.delete(runId);
      await this.settle(waiting, unstarted(waiting, this.o.clock.now()), null);
      return true;
    }
    const run = this.active.get(runId);
    if (!run || run.ended) return false;
    run.stopRequested = true;
    run.abort?.abort();
    // A run still being launched has no handle yet; launch() stops it as soon as it has one.
    await run.handle?.stop();
    await run.finished.promise;
    return true;
  }

  /** Runs of a key in a queue: waiting ones, and running ones that were not asked to stop. */
  runsOf(queue: string, key: string): { waiting: number[]; running: number[] } {
    const q = this.queues.get(queue);
    if (!q) return { waiting: [], running: [] };
    const running = q.runningRuns(key).filter((id) => !this.active.get(id)?.stopRequested);
    return { waiting: q.waitingRuns(key), running };
  }

  /** Whether a run of the key runs (stopping ones included) or waits. */
  busy(queue: string, key: string): { running: boolean; waiting: boolean } {
    const q = this.queues.get(queue);
    return { running: q?.isRunning(key) ?? false, waiting: q?.isWaiting(key) ?? false };
  }

  counts(queue: string): { queued: number; running: number } {
    return this.queues.get(queue)?.counts() ?? { queued: 0, running: 0 };
  }

  /** The logs being written now (relative to data/log), with the live topic of each. */
  activeLogs(): Map<string, string> {
    const logs = new Map<string, string>();
    for (const run of this.active.values()) {
      if (run.logPath && !run.ended) logs.set(run.logPath, topicOf(run.spec.kind, run.runId, run.spec.refId));
    }
    return logs;
  }

  /** Resolves once no run waits or runs. */
  whenIdle(): Promise<void> {
    if (this.active.size === 0 && this.waiting.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.add(resolve));
  }

  /** At start-up: runs a crash left unfinished are marked interrupted and what is left of them is killed. */
  recover(): Promise<void> {
    return recoverRuns(this.o.runs, this.o.executor, this.o.paths.log, this.o.clock);
  }

  /** Drops what waits and stops what runs (their logs say so), so no process outlives the daemon. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.waiting.keys(), ...this.active.keys()].map((id) => this.stop(id)));
    await this.whenIdle();
  }

  /** The runs table, for the areas' own views of their runs. */
  get runs(): JobRunsRepository {
    return this.o.runs;
  }

  get executor(): Executor {
    return this.o.executor;
  }

  private async launch(run: Run): Promise<void> {
    const { spec } = run;
    const startedAt = this.o.clock.now();
    let log: JobLog | null = null;
    let logFile: string | null = null;
    let outcome: Outcome;
    let started = false;
    try {
      const content = run.stopRequested ? null : await contentOf(run);
      if (!content || run.stopRequested) {
        await this.settle(run, unstarted(run, this.o.clock.now()), null);
        return;
      }
      run.logPath = content.logPath(logFileName(startedAt, this.o.timezone()));
      logFile = run.logPath ? path.join(this.o.paths.log, run.logPath) : null;
      const topic = topicOf(spec.kind, run.runId, spec.refId);
      // Opened in parallel on the pool, taken in launch order: runs that start together start in queue order.
      const opened = JobLog.open(this.o.live, topic, logFile, spec.mask, spec.keepTail);
      const previous = this.lastOpen;
      this.lastOpen = opened.catch(() => {});
      log = await previous.then<JobLog>(() => opened);
      const tokenEnv = spec.notifyToken ? (this.o.tokens?.envFor(run.runId) ?? {}) : {};
      const { work } = content;
      if ('command' in work) {
        // The run's row and marker are committed before anything is spawned: crash recovery finds its processes.
        this.o.runs.saveNow();
        const handle = await this.o.executor.runTask({
          ...work.command,
          env: { ...tokenEnv, ...work.command.env, BAIHU_RUN: String(run.runId) },
          ...(run.marker ? { marker: run.marker } : {}),
          logFile: null,
          output: log.output,
          title: content.title ?? '',
        });
        run.handle = handle;
        started = true;
        await this.markStarted(run, { pid: handle.pid, marker: handle.runId, startedAt: handle.startedAt });
        if (run.stopRequested) void handle.stop();
        const result = await handle.finished;
        outcome = { ...result, exitCode: result.exitCode };
      } else {
        started = true;
        await this.markStarted(run, { pid: 0, marker: null, startedAt });
        const control = controlOf(run, log, startedAt, this.o);
        outcome = await runSteps(run, work.steps, control, log, this.o.clock);
      }
    } catch (error) {
      // The daemon's log gets the text only, URLs redacted: a git or fetch error can quote a secret URL.
      this.o.log.error({ reason: reasonOf(error), kind: spec.kind, refId: spec.refId }, 'job run failed');
      log?.line(`## ${(error as Error).message}`);
      run.started.reject(error);
      const now = this.o.clock.now();
      outcome = { end: RunEnd.failed, exitCode: null, startedAt, finishedAt: now, durationMs: now - startedAt };
    }
    const { message = null, detail: _detail, ...ended } = outcome;
    const finished: FinishedRun = { runId: run.runId, refId: spec.refId, logFile, started, ...ended, message };
    await this.settle(run, finished, log, outcome);
  }

  private async markStarted(run: Run, at: { pid: number; marker: string | null; startedAt: number }): Promise<void> {
    await this.o.runs.update(run.runId, {
      status: RunStatus.running,
      pid: at.pid || null,
      marker: at.marker,
      log_path: run.logPath,
      started_at: at.startedAt,
    });
    const started: StartedRun = { runId: run.runId, refId: run.spec.refId, logPath: run.logPath, ...at };
    run.started.resolve(started);
    await this.react(run, () => run.spec.on?.started?.(started));
  }

  /** Frees the run's place, saves the outcome, lets the area react and ends the live topic. */
  private async settle(
    run: Run,
    finished: FinishedRun,
    log: JobLog | null,
    extra: Pick<StepsEnd, 'message' | 'detail'> = {},
  ): Promise<void> {
    run.ended = true;
    // Its place is free once its processes ended: the bookkeeping below must not hold the next run back.
    run.queue.done(run.runId);
    if (!this.closed) run.queue.pump();
    try {
      await this.o.runs.update(run.runId, {
        status: statusOfEnd[finished.end],
        end: finished.end,
        exit_code: finished.exitCode,
        finished_at: finished.finishedAt,
        duration_ms: finished.durationMs,
        ...(extra.message === undefined ? {} : { message: extra.message }),
        ...(extra.detail === undefined ? {} : { detail: JSON.stringify(extra.detail) }),
      });
      await this.react(run, () => run.spec.on?.finished?.(finished));
    } finally {
      log?.end({ end: finished.end, exitCode: finished.exitCode, durationMs: finished.durationMs });
      if (run.spec.notifyToken) this.o.tokens?.revoke(run.runId);
      this.active.delete(run.runId);
      this.waiting.delete(run.runId);
      run.finished.resolve(finished);
      await this.react(run, () => run.spec.on?.settled?.(finished));
      if (this.active.size === 0 && this.waiting.size === 0) {
        for (const resolve of this.idleWaiters) resolve();
        this.idleWaiters.clear();
      }
    }
  }

  /** An area's reaction: its failure is logged, it never breaks the run's bookkeeping. */
  private async react(run: Run, reaction: () => Promise<void> | void): Promise<void> {
    try {
      await reaction();
    } catch (error) {
      this.o.log.error({ reason: reasonOf(error), kind: run.spec.kind, refId: run.spec.refId }, 'job reaction failed');
    }
  }
}
