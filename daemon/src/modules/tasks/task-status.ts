/**
 * How a task's row follows its runs: its status (running if one of its runs runs, queued if one waits, else idle),
 * pid and current log while one runs, and the last outcome; each change is broadcast as `cronStatus`.
 */
import { CronStatus } from '../../contract/enums.ts';
import type { CronUpdate } from '../../db/schema.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import type { FinishedRun, StartedRun } from '../../jobs/types.ts';
import type { LiveHub } from '../../live/hub.ts';
import { taskQueue } from '../../scheduler/task-queue.ts';
import type { CronRepository } from './repository.ts';

/** The key of a task's runs in the task queue. */
export const taskKey = (cronId: number) => `task:${cronId}`;

/** How a run that started ended, as its task's row keeps it. */
export function outcomeOf(run: FinishedRun): CronUpdate {
  if (!run.started) return {};
  return {
    // Qinglong's unit (seconds), to the millisecond: a 7 ms run is not "0 s" beside its run history's 7 ms.
    last_running_time: (run.durationMs ?? 0) / 1000,
    last_end: run.end,
    last_exit_code: run.exitCode,
  };
}

export class TaskStatuses {
  constructor(
    private readonly crons: CronRepository,
    private readonly jobs: JobRunner,
    private readonly live: LiveHub,
  ) {}

  /** A run of the task started: its row shows it (one write a run start). */
  async started(cronId: number, run: StartedRun): Promise<void> {
    await this.crons.set(cronId, {
      status: CronStatus.running,
      pid: run.pid,
      log_path: run.logPath,
      last_execution_time: Math.floor(run.startedAt / 1000),
    });
    this.live.broadcast('cronStatus', { id: cronId, status: CronStatus.running, runId: run.runId });
  }

  /** The task's status as its runs say now, saved with `changes` (every run's end). */
  async refresh(cronId: number, changes: CronUpdate = {}): Promise<void> {
    const update = this.updateOf(cronId, changes);
    await this.crons.set(cronId, update);
    this.live.broadcast('cronStatus', { id: cronId, status: update.status });
  }

  /**
   * refresh for several tasks (those queued together): rows that take the same update are written by one statement
   * (1,000 tasks due together: two statements instead of 1,000).
   */
  async refreshMany(tasks: readonly { cronId: number; changes: CronUpdate }[]): Promise<void> {
    const groups = new Map<string, { update: CronUpdate; ids: number[] }>();
    for (const { cronId, changes } of tasks) {
      const update = this.updateOf(cronId, changes);
      const key = JSON.stringify(update);
      const group = groups.get(key);
      if (group) group.ids.push(cronId);
      else groups.set(key, { update, ids: [cronId] });
    }
    for (const { update, ids } of groups.values()) {
      await this.crons.setMany(ids, update);
      for (const id of ids) this.live.broadcast('cronStatus', { id, status: update.status });
    }
  }

  private updateOf(cronId: number, changes: CronUpdate): CronUpdate & { status: CronStatus } {
    const busy = this.jobs.busy(taskQueue, taskKey(cronId));
    const status = busy.running ? CronStatus.running : busy.waiting ? CronStatus.queued : CronStatus.idle;
    return busy.running ? { ...changes, status } : { ...changes, status, pid: null };
  }
}
