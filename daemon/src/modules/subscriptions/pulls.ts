/**
 * Pulls as jobs: one at a time per subscription (a pull asked for while one runs waits, once, and runs after it).
 * Each has a run row, a log at data/log/<alias>/<time>.log streamed live under `sub:<runId>`; the subscription's row
 * follows its pulls (status, pid, latest log, how the last one ended). Timers are the timetable's.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Clock } from '../../time/clock.ts';
import { RunTrigger, SubscriptionStatus, SubscriptionType } from '../../contract/enums.ts';
import type { SubscriptionRow } from '../../db/schema.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import { JobKind, type FinishedRun, type StartedRun } from '../../jobs/types.ts';
import type { LiveHub } from '../../live/hub.ts';
import { fileNameOfUrl } from './alias.ts';
import { pullSteps, type PullStepsOptions } from './pull-steps.ts';
import type { SubscriptionRepository } from './repository.ts';
import { maskerOf } from './secrets.ts';
import { pullOptionOf } from './serialize.ts';

const pullQueue = 'pulls';

export interface PullsOptions extends Omit<PullStepsOptions, 'hookStarted'> {
  repository: SubscriptionRepository;
  jobs: JobRunner;
  live: LiveHub;
  clock: Clock;
}

const keyOf = (subId: number) => `pull:${subId}`;

export class SubscriptionPulls {
  private readonly pending = new Set<Promise<FinishedRun>>();

  constructor(private readonly o: PullsOptions) {
    o.jobs.defineQueue(pullQueue, () => Infinity);
  }

  /** Whether a pull of this subscription runs or waits. */
  busy(subId: number): boolean {
    const busy = this.o.jobs.busy(pullQueue, keyOf(subId));
    return busy.running || busy.waiting;
  }

  /** The run id of the pull that runs now, if any. */
  activeRun(subId: number): number | null {
    return this.o.jobs.runsOf(pullQueue, keyOf(subId)).running[0] ?? null;
  }

  /** Starts a pull, or queues one behind the running pull of the same subscription (once). */
  /** Queues a pull; its run id, or null when one already waits (or the daemon is closing). */
  async enqueue(subId: number, trigger: string = RunTrigger.manual): Promise<number | null> {
    const busy = this.o.jobs.busy(pullQueue, keyOf(subId));
    if (busy.waiting) return null;
    const row = await this.o.repository.find(subId);
    if (!row) return null;
    const option = pullOptionOf(row);
    const mask = maskerOf([option?.password, option?.private_key]);
    const ticket = await this.o.jobs.enqueue({
      kind: JobKind.pull,
      refId: subId,
      key: keyOf(subId),
      exclusive: true,
      trigger,
      queue: pullQueue,
      title: null,
      mask,
      logPath: (logName) => path.posix.join(row.alias, logName),
      work: {
        steps: async (job) => {
          const current = await this.o.repository.find(subId);
          const steps = { ...this.o, hookStarted: (id: number, pid: number | null) => this.pidOf(id, pid) };
          return pullSteps(steps, current ?? row, job, mask);
        },
      },
      on: { started: (run) => this.started(subId, run), finished: (run) => this.finished(subId, run) },
    });
    if (!ticket) return null;
    this.pending.add(ticket.finished);
    void ticket.finished.finally(() => this.pending.delete(ticket.finished));
    if (busy.running) await this.setStatus(subId, SubscriptionStatus.queued);
    return ticket.runId;
  }

  /** Stops the running pull (git or download aborted, hook process group killed) and drops a waiting one. */
  async stop(subId: number): Promise<boolean> {
    const { waiting, running } = this.o.jobs.runsOf(pullQueue, keyOf(subId));
    for (const runId of waiting) await this.o.jobs.stop(runId);
    if (running.length === 0) {
      if (waiting.length > 0) await this.setStatus(subId, SubscriptionStatus.idle);
      return waiting.length > 0;
    }
    await Promise.all(running.map((runId) => this.o.jobs.stop(runId)));
    return true;
  }

  /** Resolves when no pull runs or waits (tests, benchmarks). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  /** Removes what a subscription left on disk (force delete). */
  async removeFiles(row: SubscriptionRow): Promise<void> {
    const targets = [
      path.join(this.o.paths.scripts, row.alias),
      path.join(this.o.paths.repo, row.alias),
      path.join(this.o.paths['ssh.d'], row.alias),
    ];
    if (row.type === SubscriptionType.file) {
      targets.push(path.join(this.o.paths.raw, `${row.alias}${path.extname(fileNameOfUrl(row.url))}`));
    }
    for (const target of targets) await rm(target, { recursive: true, force: true });
  }

  private async setStatus(subId: number, status: SubscriptionStatus): Promise<void> {
    await this.o.repository.update(subId, { status, updated_at: this.o.clock.now() });
    this.o.live.broadcast('subscriptionStatus', { id: subId, status });
  }

  private async pidOf(subId: number, pid: number | null): Promise<void> {
    await this.o.repository.update(subId, { pid });
  }

  private async started(subId: number, run: StartedRun): Promise<void> {
    await this.o.repository.update(subId, {
      status: SubscriptionStatus.running,
      log_path: run.logPath,
      updated_at: run.startedAt,
    });
    this.o.live.broadcast('subscriptionStatus', { id: subId, status: SubscriptionStatus.running, runId: run.runId });
  }

  /** The row rests as the pull left it: queued when another waits, else as its flag says now (it may have changed). */
  private async finished(subId: number, run: FinishedRun): Promise<void> {
    if (!run.started) return;
    const row = await this.o.repository.find(subId);
    if (!row) return;
    const status = this.o.jobs.busy(pullQueue, keyOf(subId)).waiting
      ? SubscriptionStatus.queued
      : row.is_disabled
        ? SubscriptionStatus.disabled
        : SubscriptionStatus.idle;
    await this.o.repository.update(subId, {
      status,
      pid: null,
      last_end: run.end,
      last_pull_at: run.startedAt,
      updated_at: run.finishedAt,
    });
    const message = (await this.o.jobs.runs.find(run.runId))?.message ?? null;
    this.o.live.broadcast('subscriptionStatus', { id: subId, status, runId: run.runId, end: run.end });
    this.o.live.broadcast('runSubscriptionEnd', { id: subId, runId: run.runId, end: run.end, message });
  }
}
