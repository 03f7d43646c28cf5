/**
 * The task run queue's policy: how many task runs at once (the concurrency setting), and what a new run of a task
 * does while another of the same task runs or waits (the task's overlap policy; a task never piles up more than a
 * few waiting runs).
 */
import { OverlapPolicy } from '../contract/enums.ts';
import type { JobRunner } from '../jobs/runner.ts';
import type { JobSpec, JobTicket } from '../jobs/types.ts';
import type { SettingsStore } from '../settings/store.ts';

export const taskQueue = 'tasks';

/** Further triggers of a task with this many runs waiting are dropped (as Qinglong does). */
const maxQueuedPerTask = 5;

/** A job spec without what the policy decides (a union's members each keep their own fields). */
export type TaskJobSpec = (JobSpec extends infer S
  ? S extends unknown
    ? Omit<S, 'queue' | 'exclusive'>
    : never
  : never) & {
  key: string;
};

interface Logger {
  info(obj: object, msg?: string): void;
}

export class TaskQueuePolicy {
  constructor(
    private readonly jobs: JobRunner,
    private readonly settings: SettingsStore,
    private readonly log: Logger,
  ) {
    jobs.defineQueue(taskQueue, () => settings.get('cronConcurrency'));
  }

  /** After the concurrency setting changed: start what the new limit allows. */
  concurrencyChanged(): void {
    this.jobs.pump(taskQueue);
  }

  /**
   * Queues a run of a task (`spec.key` names the task) under its overlap policy; null when the policy drops it.
   * replace: the new run stops the running one and takes the place of waiting ones; queue: it waits until the
   * running one ended (once); parallel: it runs beside; skip: it is dropped.
   */
  async admit(spec: TaskJobSpec, policy: string): Promise<JobTicket | null> {
    return (await this.admitMany([{ spec, policy }]))[0]!;
  }

  /**
   * Runs of several tasks (tasks due together), each under its own policy as `admit`, in the order given: those let
   * through are queued together (one insert, jobs.enqueueMany). A task named twice (two of its schedules due at
   * once) meets its policy again with the first run already queued, as one after the other.
   */
  async admitMany(runs: readonly { spec: TaskJobSpec; policy: string }[]): Promise<(JobTicket | null)[]> {
    const tickets: (JobTicket | null)[] = [];
    let batch: { index: number; spec: JobSpec }[] = [];
    const keys = new Set<string>();
    const enqueueBatch = async () => {
      const queued = await this.jobs.enqueueMany(batch.map((entry) => entry.spec));
      batch.forEach((entry, i) => (tickets[entry.index] = queued[i] ?? null));
      batch = [];
      keys.clear();
    };
    for (const [index, { spec, policy }] of runs.entries()) {
      if (keys.has(spec.key)) await enqueueBatch();
      const exclusive = await this.makeRoom(spec, policy);
      tickets[index] = null;
      if (exclusive === null) continue;
      batch.push({ index, spec: { ...spec, queue: taskQueue, exclusive } });
      keys.add(spec.key);
    }
    await enqueueBatch();
    return tickets;
  }

  /** What the task's policy does with a new run: null drops it, else whether it must wait for the task's runs. */
  private async makeRoom(spec: TaskJobSpec, policy: string): Promise<boolean | null> {
    const { waiting, running } = this.jobs.runsOf(taskQueue, spec.key);
    if (running.length === 0 && waiting.length === 0) return false;
    switch (policy) {
      case OverlapPolicy.skip:
        this.log.info({ task: spec.refId }, 'run skipped: the task is still running');
        return null;
      case OverlapPolicy.queue:
        return waiting.length > 0 ? null : true;
      case OverlapPolicy.parallel:
        return waiting.length >= maxQueuedPerTask ? null : false;
      default: // replace
        for (const runId of waiting) await this.jobs.stop(runId);
        for (const runId of running) void this.jobs.stop(runId);
        return true;
    }
  }
}
