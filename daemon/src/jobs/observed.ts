import { JobRunner, type JobRunnerOptions } from './runner.ts';
import type { JobSpec, JobTicket } from './types.ts';

/** Told of every run's start and end, whatever its kind (the metrics count them). Must be cheap and never throw. */
export interface JobObserver {
  runStarted(kind: string, refId: number | null): void;
  /** `durationMs` is null for a run that never started. */
  runFinished(kind: string, refId: number | null, end: string, durationMs: number | null): void;
}

/**
 * The kernel with an observer: every job's `started` and `settled` reactions also tell the observer, and the queues'
 * lengths can be read in one call. A subclass, so the kernel itself stays as it is.
 */
export class ObservedJobRunner extends JobRunner {
  private readonly queueNames: string[] = [];

  constructor(
    options: JobRunnerOptions,
    private readonly observer: JobObserver,
  ) {
    super(options);
  }

  override defineQueue(name: string, concurrency: () => number): void {
    if (!this.queueNames.includes(name)) this.queueNames.push(name);
    super.defineQueue(name, concurrency);
  }

  /** Every enqueue goes through here (the kernel's `enqueue` is one spec of it). */
  override enqueueMany(specs: readonly JobSpec[]): Promise<JobTicket[]> {
    return super.enqueueMany(specs.map((spec) => this.observed(spec)));
  }

  private observed(spec: JobSpec): JobSpec {
    const { kind, refId } = spec;
    const on = spec.on;
    return {
      ...spec,
      on: {
        ...on,
        started: (run) => {
          this.observer.runStarted(kind, refId);
          return on?.started?.(run);
        },
        settled: (run) => {
          this.observer.runFinished(kind, refId, run.end, run.started ? run.durationMs : null);
          return on?.settled?.(run);
        },
      },
    };
  }

  /** Runs waiting and running now, per queue (the metrics read it at each scrape). */
  load(): { queued: Record<string, number>; running: Record<string, number> } {
    const queued: Record<string, number> = {};
    const running: Record<string, number> = {};
    for (const name of this.queueNames) ({ queued: queued[name], running: running[name] } = this.counts(name));
    return { queued, running };
  }
}
