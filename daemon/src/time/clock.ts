import { SlotHeap } from './slot-heap.ts';

/** Time as the daemon sees it. Tests pass their own clock so lockouts and schedules are exact without waiting. */
export interface Clock {
  now(): number;
  /** Calls `fn` once the clock reaches `at` (ms since the epoch). Returns a function that cancels it. */
  setTimer(at: number, fn: () => void): () => void;
}

/** setTimeout cannot wait longer than about 24.8 days; longer waits are taken in steps. */
const maxTimeout = 2 ** 31 - 1;

/**
 * Every timer of the daemon in one binary heap behind one Node timeout (the earliest). 100,000 armed tasks were
 * 100,000 Node Timeout objects, thousands of Node timer lists (one per distinct delay) and their closures: about a
 * kilobyte each and most of start-up's garbage collection. The heap is the scheduler's (slot-heap.ts): a timer is a
 * slot number, its callback the slot's detail.
 */
export class TimerHeap {
  private readonly heap = new SlotHeap<() => void>();
  private handle: NodeJS.Timeout | null = null;
  /** The slot and time the Node timeout was set for (a freed slot number may come back for another timer). */
  private armedFor = -1;
  private armedAt = NaN;

  constructor(private readonly now: () => number = Date.now) {}

  add(at: number, fn: () => void): () => void {
    const slot = this.heap.allocate(0, fn, -1);
    const generation = this.heap.generationOf(slot);
    this.heap.push(slot, at);
    if (this.heap.peek() === slot) this.arm();
    // Fired or cancelled already: the slot was freed (its generation moved on), perhaps given to another timer.
    return () => {
      if (this.heap.generationOf(slot) === generation) this.heap.release(slot);
    };
  }

  /** Timers waiting (cancelled ones excepted). */
  get size(): number {
    return this.heap.length;
  }

  private arm(): void {
    const first = this.heap.peek();
    const at = first === -1 ? NaN : this.heap.atOf(first);
    if (first === this.armedFor && at === this.armedAt && this.handle) return;
    if (this.handle) clearTimeout(this.handle);
    this.handle = null;
    this.armedFor = first;
    this.armedAt = at;
    if (first === -1) return;
    this.handle = setTimeout(() => this.fire(), Math.min(maxTimeout, Math.max(0, at - this.now())));
    this.handle.unref();
  }

  /** Fires every timer due now, in time order; timers they set (even due ones) wait for the next turn. */
  private fire(): void {
    this.handle = null;
    this.armedFor = -1;
    const now = this.now();
    /** Slot and generation of each due timer. */
    const due: number[] = [];
    for (let top = this.heap.peek(); top !== -1 && this.heap.atOf(top) <= now; top = this.heap.peek()) {
      this.heap.pop();
      due.push(top, this.heap.generationOf(top));
    }
    let i = 0;
    try {
      for (; i < due.length; i += 2) {
        const slot = due[i]!;
        // Cancelled by a timer that fired before it in this turn.
        if (this.heap.generationOf(slot) !== due[i + 1]) continue;
        const fn = this.heap.detailOf(slot)!;
        this.heap.release(slot);
        fn();
      }
    } finally {
      // One threw: the rest of this turn's are dropped, as before, and their slots freed.
      for (i += 2; i < due.length; i += 2)
        if (this.heap.generationOf(due[i]!) === due[i + 1]) this.heap.release(due[i]!);
      this.arm();
    }
  }
}

const timers = new TimerHeap();

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer: (at, fn) => timers.add(at, fn),
};

interface PendingTimer {
  at: number;
  seq: number;
  fn: () => void;
}

/** A clock that only moves when told to; for tests. Timers fire in time order as it is advanced. */
export class ManualClock implements Clock {
  private timers: PendingTimer[] = [];
  private seq = 0;
  /**
   * What `advanceAsync` waits for after each timer it fires, for the work the timer began to finish (and arm the
   * next one): a turn of the event loop, which an in-process SQLite answers within; with a database over a socket,
   * its handle's `quiet()` (test/helpers/app.ts sets it).
   */
  settle: () => Promise<void> = () => new Promise((resolve) => setImmediate(resolve));

  constructor(private time = Date.UTC(2026, 0, 1)) {}

  now(): number {
    return this.time;
  }

  setTimer(at: number, fn: () => void): () => void {
    const timer = { at, seq: this.seq++, fn };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((t) => t !== timer);
    };
  }

  /** Moves time forward without firing timers (for waits that involve no timer, such as a lockout). */
  advance(ms: number): void {
    this.time += ms;
  }

  set(time: number): void {
    this.time = time;
  }

  /** Moves time forward, firing each due timer at its own time, letting promises settle between them. */
  async advanceAsync(ms: number): Promise<void> {
    const target = this.time + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.at <= target).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.time = Math.max(this.time, due.at);
      due.fn();
      await this.settle();
    }
    this.time = target;
  }

  pendingTimers(): number {
    return this.timers.length;
  }
}
