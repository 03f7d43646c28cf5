import type { FastifyBaseLogger } from 'fastify';
import { appendFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CronStatus, noLogName, OverlapPolicy, RunEndKind, RunStatus, RunTrigger } from '../../contract/enums.ts';
import { runTopic, type EndInfo } from '../../contract/live.ts';
import { parseSchedule } from '../../contract/schedule.ts';
import type { Clock } from '../../clock.ts';
import type { CronRow, CronRunRow } from '../../db/schema.ts';
import type { LiveHub } from '../../live/hub.ts';
import type { DataPaths } from '../../paths.ts';
import { newRunMarker } from '../../runner/environment.ts';
import { logDirName, logFileName } from '../../runner/log-format.ts';
import type { RunHandle, RunOutcome, TaskRunner } from '../../runner/types.ts';
import { Scheduler } from '../../scheduler/scheduler.ts';
import { SettingKey, type SettingsStore } from '../system/settings.ts';
import type { CronEngineApi } from './engine-types.ts';
import type { EngineRepository } from './runs-repository.ts';

export interface RunEndEvent {
  cron: CronRow;
  runId: number;
  end: RunEndKind;
  exitCode: number | null;
  durationMs: number;
  /** How the task's previous run ended, null if this is its first. */
  previousEnd: string | null;
  /** Absolute path of the run's log, null when the task keeps none. */
  logFile: string | null;
}

export interface CronEngineOptions {
  repository: EngineRepository;
  runner: TaskRunner;
  hub: LiveHub;
  paths: DataPaths;
  clock: Clock;
  settings: SettingsStore;
  log: FastifyBaseLogger;
  /** Kills what a crashed daemon left of runs: their groups, processes carrying their markers, and their trees. */
  killLeftovers: (runs: { pgid: number | null; marker: string }[]) => Promise<unknown>;
  /** Extra variables for a run (e.g. the notification token of the run). */
  runEnv?: (runId: number) => Record<string, string>;
  /** Called once per finished run, after its row is saved. */
  onRunEnd?: (event: RunEndEvent) => void;
  /** Called once a run is over in every way (row saved, log closed), whether or not it ever started. */
  onRunSettled?: (runId: number) => void;
}

interface QueuedRun {
  runId: number;
  /** The run marker its processes will carry, recorded in the run row when it is queued (see recover). */
  marker: string;
  cronId: number;
  trigger: string;
  /** Start only once no other run of the task is running (overlap policies queue and replace). */
  waitForIdle: boolean;
}

interface ActiveRun {
  runId: number;
  cronId: number;
  handle: RunHandle | null;
  stopRequested: boolean;
  /** Its outcome is saved; it only remains to be cleaned up. */
  ended?: boolean;
}

/** A task never piles up more than this many waiting runs; further triggers are dropped (as Qinglong does). */
const maxQueuedPerTask = 5;
/** How often the scheduler records that it is alive, to know after a restart which due times were missed. */
const heartbeatMs = 30_000;

export const defaultConcurrency = () => Math.max(os.availableParallelism(), 4);
/** The container's timezone, read once (Intl is slow enough to matter on the list's hot path). */
const systemTimezone = process.env.TZ || Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
export const defaultTimezone = () => systemTimezone;

const statusOfEnd: Record<RunEndKind, number> = {
  success: RunStatus.finished,
  failed: RunStatus.error,
  timeout: RunStatus.error,
  stopped: RunStatus.stopped,
  interrupted: RunStatus.interrupted,
};

const schedulesOf = (cron: CronRow): string[] => [
  cron.schedule,
  ...(JSON.parse(cron.extra_schedules) as { schedule: string }[]).map((s) => s.schedule),
];

/**
 * Decides when tasks run and keeps their state true: timers (through the Scheduler), a FIFO queue under the global
 * concurrency limit, each task's overlap policy, run rows, live logs, and recovery after a crash.
 */
export class CronEngine implements CronEngineApi {
  private readonly scheduler: Scheduler;
  private queue: QueuedRun[] = [];
  private readonly active = new Map<number, ActiveRun>();
  private closed = false;
  private cancelHeartbeat: (() => void) | null = null;
  private readonly idleWaiters = new Set<() => void>();

  constructor(private readonly o: CronEngineOptions) {
    this.scheduler = new Scheduler(
      o.clock,
      () => this.timezone(),
      (cronId, dueAt) => void this.onDue(cronId, dueAt),
    );
    o.hub.addResolver('run:', (topic) => this.resolveTopic(topic));
  }

  timezone(): string {
    return this.o.settings.get(SettingKey.timezone, defaultTimezone());
  }

  concurrency(): number {
    const value = this.o.settings.get(SettingKey.cronConcurrency, defaultConcurrency());
    return Number.isInteger(value) && value > 0 ? value : defaultConcurrency();
  }

  /** Recovers from a crash, arms every enabled task, runs @boot tasks and catches up missed runs. */
  async start(): Promise<void> {
    const lastAlive = this.o.settings.get<number | null>(SettingKey.schedulerHeartbeat, null);
    await this.recover();
    const crons = await this.o.repository.listEnabledCrons();
    for (const cron of crons) this.sync(cron);
    this.heartbeat();
    for (const cron of crons) {
      if (schedulesOf(cron).some((s) => parseSchedule(s).kind === 'boot')) {
        await this.enqueue(cron, RunTrigger.boot);
      } else if (cron.catch_up_minutes > 0 && this.missedDueTime(cron, lastAlive) !== null) {
        await this.enqueue(cron, RunTrigger.catchUp, this.missedDueTime(cron, lastAlive));
      }
    }
  }

  /** The latest due time missed while the daemon was down, within the task's catch-up window; null if none. */
  missedDueTime(cron: CronRow, lastAlive: number | null): number | null {
    const now = this.o.clock.now();
    const since = Math.max(lastAlive ?? 0, cron.last_due_at ?? 0, now - cron.catch_up_minutes * 60_000);
    let missed: number | null = null;
    for (let next = this.scheduler.nextRun(schedulesOf(cron), since); next !== null && next <= now;) {
      missed = next;
      next = this.scheduler.nextRun(schedulesOf(cron), next);
    }
    return missed;
  }

  private heartbeat(): void {
    if (this.closed) return;
    void this.o.settings.set(SettingKey.schedulerHeartbeat, this.o.clock.now()).catch(() => {});
    this.cancelHeartbeat = this.o.clock.setTimer(this.o.clock.now() + heartbeatMs, () => this.heartbeat());
  }

  /** Stops the timers and every run (their logs say "stopped"), so no process outlives the daemon. */
  async close(): Promise<void> {
    this.closed = true;
    this.cancelHeartbeat?.();
    this.scheduler.disarmAll();
    await this.o.settings.set(SettingKey.schedulerHeartbeat, this.o.clock.now()).catch(() => {});
    const cronIds = new Set([...this.queue.map((q) => q.cronId), ...[...this.active.values()].map((a) => a.cronId)]);
    await this.stop([...cronIds]);
    await this.whenIdle();
  }

  /** Resolves once no run is active (used by close and by tests). */
  whenIdle(): Promise<void> {
    if (this.active.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.add(resolve));
  }

  settingsChanged(): void {
    this.scheduler.rearmAll();
    this.pump();
  }

  sync(cron: CronRow): void {
    if (cron.is_disabled || this.closed) this.scheduler.disarm(cron.id);
    else this.scheduler.arm(cron.id, schedulesOf(cron));
  }

  async forget(cronId: number): Promise<void> {
    this.scheduler.disarm(cronId);
    await this.stop([cronId]);
  }

  nextRunTime(cron: CronRow): number | null {
    if (cron.is_disabled) return null;
    return this.scheduler.nextRun(schedulesOf(cron), this.o.clock.now());
  }

  async run(cronIds: number[], trigger: RunTrigger = RunTrigger.manual): Promise<void> {
    for (const id of cronIds) {
      const cron = await this.o.repository.findCron(id);
      if (cron) await this.enqueue(cron, trigger);
    }
  }

  async stop(cronIds: number[]): Promise<number> {
    const ids = new Set(cronIds);
    let affected = 0;
    const dropped = this.queue.filter((q) => ids.has(q.cronId));
    this.queue = this.queue.filter((q) => !ids.has(q.cronId));
    for (const item of dropped) {
      await this.finishUnstarted(item.runId, RunEndKind.stopped);
      affected++;
    }
    const stopping: Promise<void>[] = [];
    for (const run of this.active.values()) {
      if (!ids.has(run.cronId) || run.ended) continue;
      affected++;
      stopping.push(this.stopActive(run));
    }
    await Promise.all(stopping);
    for (const id of ids) await this.refreshStatus(id);
    return affected;
  }

  async stopRun(cronId: number, runId: number): Promise<boolean> {
    const queued = this.queue.find((q) => q.runId === runId && q.cronId === cronId);
    if (queued) {
      this.queue = this.queue.filter((q) => q !== queued);
      await this.finishUnstarted(runId, RunEndKind.stopped);
      await this.refreshStatus(cronId);
      return true;
    }
    const run = this.active.get(runId);
    if (!run || run.cronId !== cronId || run.ended) return false;
    await this.stopActive(run);
    return true;
  }

  private async stopActive(run: ActiveRun): Promise<void> {
    run.stopRequested = true;
    // A run still being launched has no handle yet; launch() stops it as soon as it has one.
    if (run.handle) await run.handle.stop();
  }

  private async onDue(cronId: number, dueAt: number): Promise<void> {
    if (this.closed) return;
    const cron = await this.o.repository.findCron(cronId);
    if (!cron || cron.is_disabled) return;
    await this.o.repository.updateCron(cronId, { last_due_at: dueAt });
    await this.enqueue(cron, RunTrigger.schedule, dueAt);
  }

  /** Applies the task's overlap policy, then queues a run row. */
  private async enqueue(cron: CronRow, trigger: string, dueAt: number | null = null): Promise<void> {
    const running = [...this.active.values()].filter((a) => a.cronId === cron.id && !a.stopRequested);
    const queued = this.queue.filter((q) => q.cronId === cron.id);
    let waitForIdle = false;
    if (running.length > 0 || queued.length > 0) {
      switch (cron.overlap_policy) {
        case OverlapPolicy.skip:
          this.o.log.info({ cronId: cron.id }, 'run skipped: the task is still running');
          return;
        case OverlapPolicy.queue:
          if (queued.length > 0) return;
          waitForIdle = true;
          break;
        case OverlapPolicy.parallel:
          if (queued.length >= maxQueuedPerTask) return;
          break;
        default: // replace
          this.queue = this.queue.filter((q) => q.cronId !== cron.id);
          for (const item of queued) await this.finishUnstarted(item.runId, RunEndKind.stopped);
          for (const run of running) void this.stopActive(run);
          waitForIdle = true;
      }
    }
    const marker = newRunMarker();
    const runId = await this.o.repository.createRun({
      cron_id: cron.id,
      trigger,
      due_at: dueAt,
      queued_at: this.o.clock.now(),
      marker,
    });
    this.queue.push({ runId, marker, cronId: cron.id, trigger, waitForIdle });
    this.pump();
    await this.refreshStatus(cron.id);
  }

  private hasActive(cronId: number): boolean {
    for (const run of this.active.values()) if (run.cronId === cronId) return true;
    return false;
  }

  /** Starts queued runs, oldest first, while the concurrency limit allows. */
  private pump(): void {
    const limit = this.concurrency();
    while (this.active.size < limit && !this.closed) {
      const index = this.queue.findIndex((q) => !q.waitForIdle || !this.hasActive(q.cronId));
      if (index < 0) return;
      const [item] = this.queue.splice(index, 1);
      const run: ActiveRun = { runId: item!.runId, cronId: item!.cronId, handle: null, stopRequested: false };
      this.active.set(run.runId, run);
      void this.launch(run, item!.trigger, item!.marker);
    }
  }

  private workDirOf(cron: CronRow): string | null {
    if (!cron.work_dir) return null;
    return path.isAbsolute(cron.work_dir) ? cron.work_dir : path.join(this.o.paths.scripts, cron.work_dir);
  }

  private async launch(run: ActiveRun, trigger: string, marker: string): Promise<void> {
    const startedAt = this.o.clock.now();
    let logAbs: string | null = null;
    let writer: ReturnType<LiveHub['open']> | null = null;
    let cron: CronRow | undefined;
    try {
      cron = await this.o.repository.findCron(run.cronId);
      if (!cron || run.stopRequested) {
        await this.finishUnstarted(run.runId, RunEndKind.stopped);
        return;
      }
      const logRel =
        cron.log_name === noLogName
          ? null
          : path.posix.join(cron.log_name || logDirName(cron.command, cron.id), logFileName(startedAt));
      logAbs = logRel ? path.join(this.o.paths.log, logRel) : null;
      writer = this.o.hub.open(runTopic(run.runId), logAbs);
      const liveWriter = writer;
      const handle = await this.o.runner.start({
        command: cron.command,
        logFile: logAbs,
        workDir: this.workDirOf(cron),
        taskBefore: cron.task_before,
        taskAfter: cron.task_after,
        env: { ...this.o.runEnv?.(run.runId), BAIHU_CRON_ID: String(cron.id), BAIHU_RUN: String(run.runId) },
        manual: trigger === RunTrigger.manual,
        title: cron.name,
        sink: { data: (chunk) => liveWriter.data(chunk.length), end: () => {} },
        marker,
      });
      run.handle = handle;
      await this.o.repository.markStarted(run.runId, {
        pid: handle.pid,
        marker: handle.runId,
        log_path: logRel,
        started_at: handle.startedAt,
      });
      await this.o.repository.updateCron(cron.id, {
        status: CronStatus.running,
        pid: handle.pid,
        log_path: logRel,
        last_execution_time: Math.floor(handle.startedAt / 1000),
      });
      this.o.hub.broadcast('cronStatus', { id: cron.id, status: CronStatus.running, runId: run.runId });
      if (run.stopRequested) void handle.stop();
      const outcome = await handle.finished;
      await this.finish(run, cron, outcome.end, outcome, logAbs);
    } catch (error) {
      this.o.log.error({ err: error, cronId: run.cronId }, 'run failed to start');
      if (logAbs) {
        mkdirSync(path.dirname(logAbs), { recursive: true });
        appendFileSync(logAbs, `## ${(error as Error).message}\n`);
      }
      const now = this.o.clock.now();
      const outcome = { exitCode: null, startedAt, finishedAt: now, durationMs: now - startedAt };
      if (cron) await this.finish(run, cron, RunEndKind.failed, outcome, logAbs).catch(() => {});
      else await this.finishUnstarted(run.runId, RunEndKind.failed).catch(() => {});
    } finally {
      writer?.end(this.endInfoOf(run.runId));
      this.o.onRunSettled?.(run.runId);
      this.lastEnds.delete(run.runId);
      this.active.delete(run.runId);
      if (this.active.size === 0) for (const resolve of this.idleWaiters) resolve();
      if (this.active.size === 0) this.idleWaiters.clear();
      this.pump();
      await this.refreshStatus(run.cronId).catch(() => {});
    }
  }

  private readonly lastEnds = new Map<number, EndInfo>();
  private endInfoOf(runId: number): EndInfo {
    return this.lastEnds.get(runId) ?? { end: RunEndKind.failed, exitCode: null, durationMs: null };
  }

  private async finish(
    run: ActiveRun,
    cron: CronRow,
    end: RunEndKind,
    outcome: Pick<RunOutcome, 'exitCode' | 'finishedAt' | 'durationMs'>,
    logFile: string | null,
  ): Promise<void> {
    run.ended = true;
    await this.o.repository.markFinished(run.runId, {
      status: statusOfEnd[end],
      end,
      exit_code: outcome.exitCode,
      finished_at: outcome.finishedAt,
      duration_ms: outcome.durationMs,
    });
    await this.o.repository.updateCron(cron.id, {
      last_running_time: Math.round(outcome.durationMs / 100) / 10,
      last_end: end,
      last_exit_code: outcome.exitCode,
    });
    this.lastEnds.set(run.runId, { end, exitCode: outcome.exitCode, durationMs: outcome.durationMs });
    if (this.o.onRunEnd) {
      const previousEnd = await this.o.repository.previousEnd(cron.id, run.runId);
      this.o.onRunEnd({
        cron,
        runId: run.runId,
        end,
        exitCode: outcome.exitCode,
        durationMs: outcome.durationMs,
        previousEnd,
        logFile,
      });
    }
  }

  private async finishUnstarted(runId: number, end: RunEndKind): Promise<void> {
    await this.o.repository.markFinished(runId, {
      status: statusOfEnd[end],
      end,
      exit_code: null,
      finished_at: this.o.clock.now(),
      duration_ms: null,
    });
  }

  /** A task's status follows its runs: running if one runs, queued if one waits, else idle. */
  private async refreshStatus(cronId: number): Promise<void> {
    const running = this.hasActive(cronId);
    const status = running
      ? CronStatus.running
      : this.queue.some((q) => q.cronId === cronId)
        ? CronStatus.queued
        : CronStatus.idle;
    await this.o.repository.updateCron(cronId, running ? { status } : { status, pid: null });
    this.o.hub.broadcast('cronStatus', { id: cronId, status });
  }

  /**
   * Runs a crash left "running" or "queued" are marked interrupted (their logs say so) and what is left of them is
   * killed. Queued runs count too: the marker is recorded when a run is queued, so a run whose processes were
   * spawned just before the crash, before its row said "running", is found as well.
   */
  private async recover(): Promise<void> {
    const unfinished = await this.o.repository.unfinishedRuns();
    const marked = unfinished.flatMap((run) => (run.marker ? [{ pgid: run.pid, marker: run.marker }] : []));
    if (marked.length > 0) await this.o.killLeftovers(marked).catch(() => {});
    for (const run of unfinished) {
      if (run.log_path) {
        const file = path.join(this.o.paths.log, run.log_path);
        try {
          appendFileSync(
            file,
            `\n## Interrupted: the daemon stopped during this run / 守护进程在运行期间停止，本次运行中断\n`,
          );
        } catch {
          // The log may be gone; the row still records the interruption.
        }
      }
      const now = this.o.clock.now();
      await this.o.repository.markFinished(run.id, {
        status: RunStatus.interrupted,
        end: RunEndKind.interrupted,
        exit_code: null,
        finished_at: now,
        duration_ms: run.started_at ? now - run.started_at : null,
      });
    }
    await this.o.repository.resetCronStatuses(CronStatus.idle);
  }

  private async resolveTopic(topic: string): Promise<{ file: string | null; ended: EndInfo | null } | null> {
    const runId = Number(topic.slice('run:'.length));
    if (!Number.isSafeInteger(runId)) return null;
    const run: CronRunRow | undefined = await this.o.repository.findRun(runId);
    if (!run) return null;
    const file = run.log_path ? path.join(this.o.paths.log, run.log_path) : null;
    const ended = run.end ? { end: run.end, exitCode: run.exit_code, durationMs: run.duration_ms } : null;
    return { file, ended };
  }

  /** For tests and benchmarks: how many runs wait and run now. */
  counts(): { queued: number; running: number } {
    return { queued: this.queue.length, running: this.active.size };
  }
}
