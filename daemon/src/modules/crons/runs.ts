/**
 * Task runs as jobs: what a task runs (its command, log folder, work dir, hooks) and how its row follows its runs
 * (status, pid, the current log, the last outcome, the notice). Timers and the queue's policy belong to the
 * scheduler; the run itself to the job kernel.
 */
import path from 'node:path';
import type { Clock } from '../../clock.ts';
import { CronStatus, noLogName, RunTrigger } from '../../contract/enums.ts';
import type { CronRow, CronUpdate } from '../../db/schema.ts';
import { logDirName, logFileName } from '../../jobs/executor/log-format.ts';
import { scriptOf } from '../../jobs/executor/task-command.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import {
  JobKind,
  type CommandWork,
  type FinishedRun,
  type JobContent,
  type JobListener,
  type StartedRun,
} from '../../jobs/types.ts';
import type { LiveHub } from '../../live/hub.ts';
import type { DataPaths } from '../../paths.ts';
import { taskQueue, type TaskQueuePolicy } from '../../scheduler/task-queue.ts';
import type { Timetable } from '../../scheduler/timetable.ts';
import type { ArmableCron, CronRepository } from './repository.ts';

/** What a finished run tells whoever sends notices. */
export interface TaskRunEnd {
  cron: CronRow;
  run: FinishedRun;
  /**
   * How the task's previous run ended, null if this is its first: read on request, since only one policy asks
   * (a success after a failure), and a burst of 1,000 runs would otherwise read it 1,000 times for nothing.
   */
  previousEnd: () => Promise<string | null>;
}

export interface TaskRunsOptions {
  crons: CronRepository;
  jobs: JobRunner;
  policy: TaskQueuePolicy;
  timetable: Timetable;
  live: LiveHub;
  paths: DataPaths;
  clock: Clock;
  log: { error(obj: object, msg?: string): void };
  /** Called once per run that ended after it started, after its row is saved. */
  onRunEnd?: (end: TaskRunEnd) => void;
}

/** Tasks read per query at start-up. */
const startupPage = 200;
const keyOf = (cronId: number) => `task:${cronId}`;
const schedulesOf = (cron: Pick<CronRow, 'schedule' | 'extra_schedules'>): string[] => [
  cron.schedule,
  ...(JSON.parse(cron.extra_schedules) as { schedule: string }[]).map((s) => s.schedule),
];

export class TaskRuns {
  /**
   * Due tasks are queued one at a time (all at once, the first run's statements waited behind 3,000 others). The
   * chain runs as one turn of the event loop (≈250 ms for 1,000, before any run starts). A turn per admission, or
   * per 32, started the first run within 30 ms but cost the daemon 3–6 % more CPU in the burst (a commit per turn),
   * and the p99 did not move (docs/performance.md, round 10).
   */
  private admissions: Promise<void> = Promise.resolve();

  constructor(private readonly o: TaskRunsOptions) {
    o.timetable.onDue('task', (cronId, dueAt) => {
      const failed = (err: unknown) => o.log.error({ task: cronId, err }, 'a due run was not queued');
      this.admissions = this.admissions.then(() => this.onDue(cronId, dueAt)).catch(failed);
    });
  }

  timezone(): string {
    return this.o.timetable.timezone();
  }

  /** After a task is created, updated, enabled or disabled: re-arm (or disarm) its timers from the saved row. */
  sync(cron: ArmableCron): void {
    if (cron.is_disabled) this.o.timetable.disarm('task', cron.id);
    else this.o.timetable.arm('task', cron.id, schedulesOf(cron));
  }

  /** Before a task is deleted: disarm its timers, drop its waiting runs and stop its running ones. */
  async forget(cronId: number): Promise<void> {
    this.o.timetable.disarm('task', cronId);
    await this.stop([cronId]);
  }

  /** Next fire time (ms) over the main and extra schedules, in the scheduler's time zone; null when none. */
  nextRunTime(cron: CronRow): number | null {
    if (cron.is_disabled) return null;
    return this.o.timetable.nextRun(schedulesOf(cron));
  }

  /** Runs by hand (PUT /api/crons/run), under each task's overlap policy and the concurrency limit. */
  async run(cronIds: number[], trigger: RunTrigger = RunTrigger.manual): Promise<void> {
    for (const id of cronIds) {
      const cron = await this.o.crons.find(id);
      if (cron) await this.enqueue(cron, trigger);
    }
  }

  /**
   * `task ...` typed in a shell while the daemon runs (the local route): a run in the history of the task that runs
   * the same script (as Qinglong's task.sh finds the cron by its script), or of no task. It skips the overlap policy,
   * as a command typed by hand does on Qinglong, but waits for a place under the concurrency limit.
   */
  async runFromShell(
    command: string,
    script: string | null,
  ): Promise<{ runId: number; logPath: (at: number) => string; cronId: number | null } | null> {
    const cron = script === null ? undefined : await this.taskOfScript(script);
    const logPath = (startedAt: number) =>
      path.posix.join(
        cron?.log_name && cron.log_name !== noLogName ? cron.log_name : logDirName(command, cron?.id),
        logFileName(startedAt),
      );
    const ticket = await this.o.jobs.enqueue({
      kind: JobKind.task,
      refId: cron?.id ?? null,
      queue: taskQueue,
      key: cron ? keyOf(cron.id) : undefined,
      trigger: RunTrigger.shell,
      title: cron?.name ?? command,
      notifyToken: true,
      logPath,
      work: {
        command: {
          command,
          workDir: cron ? this.workDirOf(cron) : null,
          taskBefore: cron?.task_before ?? null,
          taskAfter: cron?.task_after ?? null,
          manual: false,
          env: cron ? { BAIHU_CRON_ID: String(cron.id) } : {},
        },
      },
      on: cron && this.listener,
    });
    if (!ticket) return null;
    if (cron) await this.refreshStatus(cron.id);
    return { runId: ticket.runId, logPath, cronId: cron?.id ?? null };
  }

  private async taskOfScript(script: string): Promise<CronRow | undefined> {
    const candidates = await this.o.crons.withCommandLike(path.posix.basename(script));
    return candidates.find((cron) => scriptOf(cron.command, this.o.paths.scripts) === script);
  }

  /** Stops every running run and drops every waiting run of these tasks; answers how many runs that was. */
  async stop(cronIds: number[]): Promise<number> {
    const runIds = cronIds.flatMap((id) => {
      const { waiting, running } = this.o.jobs.runsOf(taskQueue, keyOf(id));
      return [...waiting, ...running];
    });
    const stopped = await Promise.all(runIds.map((runId) => this.o.jobs.stop(runId)));
    for (const id of cronIds) await this.refreshStatus(id);
    return stopped.filter(Boolean).length;
  }

  /** Stops one run (instance) of a task; false when it neither runs nor waits. */
  async stopRun(cronId: number, runId: number): Promise<boolean> {
    const { waiting, running } = this.o.jobs.runsOf(taskQueue, keyOf(cronId));
    if (!waiting.includes(runId) && !running.includes(runId)) return false;
    return this.o.jobs.stop(runId);
  }

  /** At start-up (after the kernel's recovery): idle rows, armed timers, @boot runs and catch-up. */
  async start(): Promise<void> {
    await this.o.crons.resetStatuses(CronStatus.idle);
    // Every task is armed before any start-up run is queued (a run's start must not wait behind the arming).
    const startups: { id: number; trigger: RunTrigger; dueAt?: number }[] = [];
    for (let page = await this.o.crons.listEnabled(0, startupPage); page.length > 0;) {
      for (const cron of page) {
        this.sync(cron);
        const startup = this.o.timetable.startupRun(schedulesOf(cron), {
          minutes: cron.catch_up_minutes,
          lastDueAt: cron.last_due_at,
        });
        if (startup?.trigger === 'boot') startups.push({ id: cron.id, trigger: RunTrigger.boot });
        else if (startup) startups.push({ id: cron.id, trigger: RunTrigger.catchUp, dueAt: startup.dueAt });
      }
      page = page.length < startupPage ? [] : await this.o.crons.listEnabled(page.at(-1)!.id, startupPage);
    }
    for (const { id, trigger, dueAt } of startups) {
      const cron = await this.o.crons.find(id);
      if (cron) await this.enqueue(cron, trigger, dueAt);
    }
  }

  /** For tests and benchmarks: how many task runs wait and run now. */
  counts(): { queued: number; running: number } {
    return this.o.jobs.counts(taskQueue);
  }

  /** Resolves once no job runs or waits (tests). */
  whenIdle(): Promise<void> {
    return this.o.jobs.whenIdle();
  }

  private async onDue(cronId: number, dueAt: number): Promise<void> {
    const cron = await this.o.crons.find(cronId);
    if (!cron || cron.is_disabled) return;
    await this.enqueue(cron, RunTrigger.schedule, dueAt, { last_due_at: dueAt });
  }

  private workDirOf(cron: CronRow): string | null {
    if (!cron.work_dir) return null;
    return path.isAbsolute(cron.work_dir) ? cron.work_dir : path.join(this.o.paths.scripts, cron.work_dir);
  }

  /**
   * Queues a run under the task's overlap policy. What it runs is read when its turn comes (a task edited while its
   * run waits runs as edited); a waiting run holds its ids and this area's shared `prepare` and `on`, nothing more.
   */
  private async enqueue(
    cron: CronRow,
    trigger: string,
    dueAt: number | null = null,
    changes: CronUpdate = {},
  ): Promise<void> {
    const spec = { kind: JobKind.task, refId: cron.id, key: keyOf(cron.id), trigger, dueAt, notifyToken: true };
    await this.o.policy.admit({ ...spec, prepare: this.prepare, on: this.listener }, cron.overlap_policy);
    // One update of the row per step of a run (a burst of 1,000 runs writes each of these 1,000 times).
    await this.refreshStatus(cron.id, changes);
  }

  private readonly prepare = async (job: { refId: number | null; trigger: string }) => {
    const cron = job.refId === null ? undefined : await this.o.crons.find(job.refId);
    return cron ? this.contentOf(cron, job.trigger) : null;
  };

  private readonly listener: JobListener = {
    started: (run) => this.started(run.refId!, run),
    finished: (run) => this.finished(run.refId!, run),
    settled: (run) => this.refreshStatus(run.refId!, this.outcomeOf(run)),
  };

  private contentOf(cron: CronRow, trigger: string): JobContent & { work: CommandWork } {
    return {
      title: cron.name,
      logPath: (startedAt: number) =>
        cron.log_name === noLogName
          ? null
          : path.posix.join(cron.log_name || logDirName(cron.command, cron.id), logFileName(startedAt)),
      work: {
        command: {
          command: cron.command,
          workDir: this.workDirOf(cron),
          taskBefore: cron.task_before,
          taskAfter: cron.task_after,
          manual: trigger === RunTrigger.manual,
          env: { BAIHU_CRON_ID: String(cron.id) },
        },
      },
    };
  }

  private async started(cronId: number, run: StartedRun): Promise<void> {
    await this.o.crons.set(cronId, {
      status: CronStatus.running,
      pid: run.pid,
      log_path: run.logPath,
      last_execution_time: Math.floor(run.startedAt / 1000),
    });
    this.o.live.broadcast('cronStatus', { id: cronId, status: CronStatus.running, runId: run.runId });
  }

  /** How a run that started ended, saved on its task's row with the status that follows (settled). */
  private outcomeOf(run: FinishedRun): CronUpdate {
    if (!run.started) return {};
    return {
      last_running_time: Math.round((run.durationMs ?? 0) / 100) / 10,
      last_end: run.end,
      last_exit_code: run.exitCode,
    };
  }

  private async finished(cronId: number, run: FinishedRun): Promise<void> {
    // The outcome itself is saved with the status that follows, once the run has left the queue (settled).
    if (!run.started || !this.o.onRunEnd) return;
    const cron = await this.o.crons.find(cronId);
    if (!cron) return;
    const runs = this.o.jobs.runs;
    this.o.onRunEnd({ cron, run, previousEnd: () => runs.previousEnd(JobKind.task, cron.id, run.runId) });
  }

  /** A task's status follows its runs: running if one runs, queued if one waits, else idle. */
  private async refreshStatus(cronId: number, changes: CronUpdate = {}): Promise<void> {
    const busy = this.o.jobs.busy(taskQueue, keyOf(cronId));
    const status = busy.running ? CronStatus.running : busy.waiting ? CronStatus.queued : CronStatus.idle;
    await this.o.crons.set(cronId, busy.running ? { ...changes, status } : { ...changes, status, pid: null });
    this.o.live.broadcast('cronStatus', { id: cronId, status });
  }
}
