/**
 * A named queue of job runs: first in, first out, under a concurrency limit read at each start (so a new setting
 * applies at once). An `exclusive` run waits, without holding a place, until no run of its key runs; the runs behind
 * it may pass it meanwhile.
 */
export interface QueueItem {
  readonly runId: number;
  readonly spec: { readonly key?: string; readonly exclusive?: boolean };
}

export class JobQueue<T extends QueueItem = QueueItem> {
  private waiting: T[] = [];
  private readonly running = new Map<number, string | undefined>();

  constructor(
    readonly name: string,
    private readonly concurrency: () => number,
    /** Called with each run that leaves the queue to start. */
    private readonly start: (item: T) => void,
  ) {}

  push(item: T): void {
    this.waiting.push(item);
  }

  /** Takes a waiting run off the queue; false when it does not wait here. */
  remove(runId: number): boolean {
    const before = this.waiting.length;
    this.waiting = this.waiting.filter((item) => item.runId !== runId);
    return this.waiting.length !== before;
  }

  /** A run this queue started is over. */
  done(runId: number): void {
    this.running.delete(runId);
  }

  /** Starts waiting runs, oldest first, while the limit allows. */
  pump(): void {
    const limit = this.concurrency();
    while (this.running.size < limit) {
      const index = this.waiting.findIndex((item) => !item.spec.exclusive || !this.isRunning(item.spec.key));
      if (index < 0) return;
      const [item] = this.waiting.splice(index, 1);
      this.running.set(item!.runId, item!.spec.key);
      this.start(item!);
    }
  }

  isRunning(key: string | undefined): boolean {
    if (key === undefined) return false;
    for (const running of this.running.values()) if (running === key) return true;
    return false;
  }

  /** The waiting runs, oldest first; of one key when given. */
  waitingRuns(key?: string): number[] {
    return this.waiting.filter((item) => key === undefined || item.spec.key === key).map((item) => item.runId);
  }

  runningRuns(key?: string): number[] {
    return [...this.running].filter(([, k]) => key === undefined || k === key).map(([runId]) => runId);
  }

  counts(): { queued: number; running: number } {
    return { queued: this.waiting.length, running: this.running.size };
  }
}
