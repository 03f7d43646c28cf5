/**
 * Task runs as jobs: queued by hand, at start-up, from a shell or when due (tasks due together are queued together),
 * each under its task's overlap policy; what a run runs is read when its turn comes (task-content.ts), its task's row
 * follows it (task-status.ts), and its end goes to whoever sends notices. Timers and the queue's policy belong to the
 * scheduler; the run itself to the job kernel.
 */
import path from 'node:path';
import type { Clock } from '../../time/clock.ts';
import { CronStatus, RunTrigger } from '../../contract/enums.ts';
import type { CronRow, CronUpdate } from '../../db/schema.ts';
import { scriptOf } from '../../jobs/executor/task-command.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import { JobKind, type FinishedRun, type JobListener } from '../../jobs/types.ts';
import type { LiveHub } from '../../live/hub.ts';
import type { DataPaths } from '../../config/paths.ts';
import { taskQueue, type TaskQueuePolicy } from '../../scheduler/task-queue.ts';
import type { Timetable } from '../../scheduler/timetable.ts';
import { LogFolders } from './log-folders.ts';
import type { ArmableCron, CronRepository } from './repository.ts';
import { shellRunLogPath, taskContent, workDirOf } from './task-content.ts';
import { outcomeOf, taskKey, TaskStatuses } from './task-status.ts';

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

/** A run to queue for a task, and what to save on its row with the status that follows. */
interface Admission {
  cron: CronRow;
  trigger: string;
  dueAt: number | null;
  changes: CronUpdate;
}

/** Tasks read per query at start-up. */
const startupPage = 200;
const schedulesOf = (cron: Pick<CronRow, 'schedule' | 'extra_schedules'>): string[] => [
  cron.schedule,
  ...(JSON.parse(cron.extra_schedules) as { schedule: string }[]).map((s) => s.schedule),
];

export class TaskRuns {
  /**
   * Tasks due together (their timers fire in one turn) are queued together: their rows read in one statement, their
   * runs inserted together, their statuses set together: one by one, a thousand tasks due on the same second would
   * hold the daemon's thread before the first run could start. Batches are admitted one after the other.
   */
  private admissions: Promise<void> = Promise.resolve();
  private due: { cronId: number; dueAt: number }[] = [];

  private readonly statuses: TaskStatuses;
  /** The row each started run ran, until it settled: its notice names the task as it ran (and reads no row again). */
  private readonly ran = new Map<number, CronRow>();

  /** Makes the log folders of tasks due in a few seconds that never ran (log-folders.ts). */
  readonly logFolders: LogFolders;

  constructor(private readonly o: TaskRunsOptions) {
    this.statuses = new TaskStatuses(o.crons, o.jobs, o.live);
    this.logFolders = new LogFolders(o.crons, o.paths.log, o.log);
    o.timetable.onSoon('task', (ids) => this.logFolders.prepare(ids));
    o.timetable.onDue('task', (cronId, dueAt) => {
      this.due.push({ cronId, dueAt });
      if (this.due.length > 1) return;
      const failed = (err: unknown) => o.log.error({ err }, 'due runs were not queued');
      this.admissions = this.admissions.then(() => this.admitDue()).catch(failed);
    });
  }

  timezone(): string {
    return this.o.timetable.timezone();
  }

  /** After a task is created, updated, enabled or disabled: re-arm (or disarm) its timers from the saved row. */
  sync(cron: ArmableCron, from?: number): void {
    if (cron.is_disabled) this.o.timetable.disarm('task', cron.id);
    else this.o.timetable.arm('task', cron.id, schedulesOf(cron), from);
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
    await this.enqueueMany(await this.admissionsOf(cronIds.map((id) => ({ id, trigger, dueAt: null }))));
  }

  /**
   * `task ...` typed in a shell while the daemon runs (the local route): a run in the history of the task that runs
   * the same script (as Qinglong's task.sh finds the cron by its script), or of no task. It skips the overlap policy,
   * as a command typed by hand does on Qinglong, but waits for a place under the concurrency limit.
   */
  async runFromShell(
    command: string,
    script: string | null,
  ): Promise<{ runId: number; logPath: (logName: string) => string; cronId: number | null } | null> {
    const cron = script === null ? undefined : await this.taskOfScript(script);
    const logPath = shellRunLogPath(command, cron);
    const ticket = await this.o.jobs.enqueue({
      kind: JobKind.task,
      refId: cron?.id ?? null,
      queue: taskQueue,
      key: cron ? taskKey(cron.id) : undefined,
      trigger: RunTrigger.shell,
      title: cron?.name ?? command,
      notifyToken: true,
      logPath,
      work: {
        command: {
          command,
          workDir: cron ? workDirOf(cron, this.o.paths.scripts) : null,
          taskBefore: cron?.task_before ?? null,
          taskAfter: cron?.task_after ?? null,
          manual: false,
          env: cron ? { BAIHU_CRON_ID: String(cron.id) } : {},
        },
      },
      on: cron && this.listener,
    });
    if (!ticket) return null;
    if (cron) await this.statuses.refresh(cron.id);
    return { runId: ticket.runId, logPath, cronId: cron?.id ?? null };
  }

  private async taskOfScript(script: string): Promise<CronRow | undefined> {
    const candidates = await this.o.crons.withCommandLike(path.posix.basename(script));
    return candidates.find((cron) => scriptOf(cron.command, this.o.paths.scripts) === script);
  }

  /** Stops every running run and drops every waiting run of these tasks; answers how many runs that was. */
  async stop(cronIds: number[]): Promise<number> {
    const runIds = cronIds.flatMap((id) => {
      const { waiting, running } = this.o.jobs.runsOf(taskQueue, taskKey(id));
      return [...waiting, ...running];
    });
    const stopped = await Promise.all(runIds.map((runId) => this.o.jobs.stop(runId)));
    for (const id of cronIds) await this.statuses.refresh(id);
    return stopped.filter(Boolean).length;
  }

  /** Stops one run (instance) of a task; false when it neither runs nor waits. */
  async stopRun(cronId: number, runId: number): Promise<boolean> {
    const { waiting, running } = this.o.jobs.runsOf(taskQueue, taskKey(cronId));
    if (!waiting.includes(runId) && !running.includes(runId)) return false;
    return this.o.jobs.stop(runId);
  }

  /** At start-up (after the kernel's recovery): idle rows, armed timers, @boot runs and catch-up. */
  async start(): Promise<void> {
    await this.o.crons.resetStatuses(CronStatus.idle);
    // Every task is armed before any start-up run is queued (a run's start must not wait behind the arming).
    const startups: { id: number; trigger: RunTrigger; dueAt?: number }[] = [];
    // Armed after listening, a page at a time with requests answered between (a turn of the event loop each), every
    // one from the moment the arming began: a task due meanwhile fires at once instead of a period later.
    const from = this.o.clock.now();
    for (let page = await this.o.crons.listEnabled(0, startupPage); page.length > 0;) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      for (const cron of page) {
        this.sync(cron, from);
        const startup = this.o.timetable.startupRun(schedulesOf(cron), {
          minutes: cron.catch_up_minutes,
          lastDueAt: cron.last_due_at,
        });
        if (startup?.trigger === 'boot') startups.push({ id: cron.id, trigger: RunTrigger.boot });
        else if (startup) startups.push({ id: cron.id, trigger: RunTrigger.catchUp, dueAt: startup.dueAt });
      }
      page = page.length < startupPage ? [] : await this.o.crons.listEnabled(page.at(-1)!.id, startupPage);
    }
    await this.enqueueMany(await this.admissionsOf(startups));
  }

  /** For tests and benchmarks: how many task runs wait and run now. */
  counts(): { queued: number; running: number } {
    return this.o.jobs.counts(taskQueue);
  }

  /** Resolves once no job runs or waits (tests). */
  whenIdle(): Promise<void> {
    return this.o.jobs.whenIdle();
  }

  private async admitDue(): Promise<void> {
    const due = this.due.map(({ cronId, dueAt }) => ({ id: cronId, trigger: RunTrigger.schedule, dueAt }));
    this.due = [];
    const admissions = await this.admissionsOf(due);
    await this.enqueueMany(
      admissions
        .filter(({ cron }) => !cron.is_disabled)
        .map((admission) => ({ ...admission, changes: { last_due_at: admission.dueAt } })),
    );
  }

  /** The tasks' rows, read in one statement, in the order asked (tasks that are gone are left out). */
  private async admissionsOf(runs: readonly { id: number; trigger: string; dueAt?: number | null }[]) {
    const rows = new Map((await this.o.crons.findMany([...new Set(runs.map((run) => run.id))])).map((r) => [r.id, r]));
    return runs.flatMap(({ id, trigger, dueAt }): Admission[] => {
      const cron = rows.get(id);
      return cron ? [{ cron, trigger, dueAt: dueAt ?? null, changes: {} }] : [];
    });
  }

  /**
   * Queues runs of tasks, each under its task's overlap policy, with one insert of the runs and one update of the
   * rows per status that follows. What a run runs is read when its turn comes (a task edited while its
   * run waits runs as edited); a waiting run holds its ids and this area's shared `prepare` and `on`, nothing more.
   */
  private async enqueueMany(admissions: readonly Admission[]): Promise<void> {
    await this.o.policy.admitMany(
      admissions.map(({ cron, trigger, dueAt }) => ({
        spec: {
          kind: JobKind.task,
          refId: cron.id,
          key: taskKey(cron.id),
          trigger,
          dueAt,
          notifyToken: true,
          prepare: this.prepare,
          on: this.listener,
        },
        policy: cron.overlap_policy,
      })),
    );
    // One update of the rows per step of a run (a burst of 1,000 runs writes each of these 1,000 times).
    await this.statuses.refreshMany(admissions.map(({ cron, changes }) => ({ cronId: cron.id, changes })));
  }

  private readonly prepare = async (job: { runId: number; refId: number | null; trigger: string }) => {
    const cron = job.refId === null ? undefined : await this.o.crons.find(job.refId);
    if (cron) this.ran.set(job.runId, cron);
    return cron ? taskContent(cron, job.trigger, this.o.paths.scripts) : null;
  };

  private readonly listener: JobListener = {
    started: (run) => this.statuses.started(run.refId!, run),
    finished: (run) => this.finished(run),
    settled: (run) => {
      this.ran.delete(run.runId);
      return this.statuses.refresh(run.refId!, outcomeOf(run));
    },
  };

  private async finished(run: FinishedRun): Promise<void> {
    // The outcome itself is saved with the status that follows, once the run has left the queue (settled).
    const cron = this.ran.get(run.runId);
    if (!run.started || !this.o.onRunEnd || !cron) return;
    const runs = this.o.jobs.runs;
    this.o.onRunEnd({ cron, run, previousEnd: () => runs.previousEnd(JobKind.task, cron.id, run.runId) });
  }
}
