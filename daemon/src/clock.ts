/** Time as the daemon sees it. Tests pass their own clock so lockouts and schedules are exact without waiting. */
export interface Clock {
  now(): number;
  /** Calls `fn` once the clock reaches `at` (ms since the epoch). Returns a function that cancels it. */
  setTimer(at: number, fn: () => void): () => void;
}

/** setTimeout cannot wait longer than about 24.8 days; longer waits are taken in steps. */
const maxTimeout = 2 ** 31 - 1;

interface HeapTimer {
  at: number;
  seq: number;
  fn: () => void;
  done: boolean;
  /** Still in the heap (cancelled ones are counted only while they are). */
  queued: boolean;
}

const earlier = (a: HeapTimer, b: HeapTimer) => a.at < b.at || (a.at === b.at && a.seq < b.seq);

/**
 * Every timer of the daemon in one binary heap behind one Node timeout (the earliest). 100,000 armed tasks were
 * 100,000 Node Timeout objects, thousands of Node timer lists (one per distinct delay) and their closures: about a
 * kilobyte each and most of start-up's garbage collection. Cancelling only marks a timer; marked ones leave the heap
 * when they reach its top, or all at once when they are more than half of it.
 */
export class TimerHeap {
  private heap: HeapTimer[] = [];
  private seq = 0;
  private cancelled = 0;
  private handle: NodeJS.Timeout | null = null;
  private armedFor: HeapTimer | null = null;

  constructor(private readonly now: () => number = Date.now) {}

  add(at: number, fn: () => void): () => void {
    const timer: HeapTimer = { at, seq: this.seq++, fn, done: false, queued: true };
    this.push(timer);
    if (this.heap[0] === timer) this.arm();
    return () => {
      if (timer.done) return;
      timer.done = true;
      if (!timer.queued) return;
      this.cancelled++;
      if (this.cancelled > 1000 && this.cancelled * 2 > this.heap.length) this.compact();
    };
  }

  /** Timers waiting (cancelled ones excepted). */
  get size(): number {
    return this.heap.length - this.cancelled;
  }

  private arm(): void {
    while (this.heap.length > 0 && this.heap[0]!.done) {
      this.pop();
      this.cancelled--;
    }
    const first = this.heap[0];
    if (first === this.armedFor && this.handle) return;
    if (this.handle) clearTimeout(this.handle);
    this.handle = null;
    this.armedFor = first ?? null;
    if (!first) return;
    this.handle = setTimeout(() => this.fire(), Math.min(maxTimeout, Math.max(0, first.at - this.now())));
    this.handle.unref();
  }

  /** Fires every timer due now, in time order; timers they set (even due ones) wait for the next turn. */
  private fire(): void {
    this.handle = null;
    this.armedFor = null;
    const now = this.now();
    const due: HeapTimer[] = [];
    while (this.heap.length > 0 && this.heap[0]!.at <= now) {
      const timer = this.pop()!;
      if (timer.done) this.cancelled--;
      else due.push(timer);
    }
    try {
      for (const timer of due) {
        if (timer.done) continue;
        timer.done = true;
        timer.fn();
      }
    } finally {
      this.arm();
    }
  }

  private compact(): void {
    this.heap = this.heap.filter((timer) => {
      if (timer.done) timer.queued = false;
      return !timer.done;
    });
    this.cancelled = 0;
    for (let i = (this.heap.length >> 1) - 1; i >= 0; i--) this.down(i);
    this.arm();
  }

  private push(timer: HeapTimer): void {
    const heap = this.heap;
    heap.push(timer);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!earlier(heap[i]!, heap[parent]!)) break;
      [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
      i = parent;
    }
  }

  private pop(): HeapTimer | undefined {
    const heap = this.heap;
    const top = heap[0];
    if (top) top.queued = false;
    const last = heap.pop();
    if (heap.length > 0 && last) {
      heap[0] = last;
      this.down(0);
    }
    return top;
  }

  private down(i: number): void {
    const heap = this.heap;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let least = i;
      if (left < heap.length && earlier(heap[left]!, heap[least]!)) least = left;
      if (right < heap.length && earlier(heap[right]!, heap[least]!)) least = right;
      if (least === i) return;
      [heap[i], heap[least]] = [heap[least]!, heap[i]!];
      i = least;
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
      await new Promise((resolve) => setImmediate(resolve));
    }
    this.time = target;
  }

  pendingTimers(): number {
    return this.timers.length;
  }
}
