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
  /**
   * How many runs of each key wait and run: a task's status is asked at every step of each of its runs, and a burst
   * of 1,000 due runs scanned the whole queue for each (≈3 million comparisons).
   */
  private readonly waitingByKey = new Map<string, number>();
  private readonly runningByKey = new Map<string, number>();

  constructor(
    readonly name: string,
    private readonly concurrency: () => number,
    /** Called with each run that leaves the queue to start. */
    private readonly start: (item: T) => void,
  ) {}

  push(item: T): void {
    this.waiting.push(item);
    count(this.waitingByKey, item.spec.key, 1);
  }

  /** Takes a waiting run off the queue; false when it does not wait here. */
  remove(runId: number): boolean {
    const index = this.waiting.findIndex((item) => item.runId === runId);
    if (index < 0) return false;
    const [item] = this.waiting.splice(index, 1);
    count(this.waitingByKey, item!.spec.key, -1);
    return true;
  }

  /** A run this queue started is over. */
  done(runId: number): void {
    if (!this.running.has(runId)) return;
    count(this.runningByKey, this.running.get(runId), -1);
    this.running.delete(runId);
  }

  /** Starts waiting runs, oldest first, while the limit allows. */
  pump(): void {
    const limit = this.concurrency();
    while (this.running.size < limit) {
      const index = this.waiting.findIndex((item) => !item.spec.exclusive || !this.isRunning(item.spec.key));
      if (index < 0) return;
      const [item] = this.waiting.splice(index, 1);
      count(this.waitingByKey, item!.spec.key, -1);
      this.running.set(item!.runId, item!.spec.key);
      count(this.runningByKey, item!.spec.key, 1);
      this.start(item!);
    }
  }

  isRunning(key: string | undefined): boolean {
    return key !== undefined && this.runningByKey.has(key);
  }

  isWaiting(key: string): boolean {
    return this.waitingByKey.has(key);
  }

  /** The waiting runs, oldest first; of one key when given. */
  waitingRuns(key?: string): number[] {
    if (key !== undefined && !this.waitingByKey.has(key)) return [];
    return this.waiting.filter((item) => key === undefined || item.spec.key === key).map((item) => item.runId);
  }

  runningRuns(key?: string): number[] {
    if (key !== undefined && !this.runningByKey.has(key)) return [];
    return [...this.running].filter(([, k]) => key === undefined || k === key).map(([runId]) => runId);
  }

  counts(): { queued: number; running: number } {
    return { queued: this.waiting.length, running: this.running.size };
  }
}

/** Adds `by` to a key's count; a count that reaches 0 leaves the map (has() is then "none"). */
function count(counts: Map<string, number>, key: string | undefined, by: number): void {
  if (key === undefined) return;
  const next = (counts.get(key) ?? 0) + by;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
}
