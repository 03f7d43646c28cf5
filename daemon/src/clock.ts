/** Time as the daemon sees it. Tests pass their own clock so lockouts and schedules are exact without waiting. */
export interface Clock {
  now(): number;
  /** Calls `fn` once the clock reaches `at` (ms since the epoch). Returns a function that cancels it. */
  setTimer(at: number, fn: () => void): () => void;
}

/** setTimeout cannot wait longer than about 24.8 days; longer waits are taken in steps. */
const maxTimeout = 2 ** 31 - 1;

/** An entry of a TimeHeap: earliest `at` first; equal times in the order they were added (`seq`). */
export interface Timed {
  at: number;
  seq: number;
}

const earlier = (a: Timed, b: Timed) => a.at < b.at || (a.at === b.at && a.seq < b.seq);

/** A binary min-heap of timed entries (the timers below, the scheduler's armed schedules). */
export class TimeHeap<T extends Timed> {
  private items: T[] = [];

  get size(): number {
    return this.items.length;
  }

  peek(): T | undefined {
    return this.items[0];
  }

  push(item: T): void {
    const items = this.items;
    items.push(item);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!earlier(items[i]!, items[parent]!)) break;
      [items[i], items[parent]] = [items[parent]!, items[i]!];
      i = parent;
    }
  }

  pop(): T | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length > 0 && last) {
      items[0] = last;
      this.down(0);
    }
    return top;
  }

  /** Keeps the entries `keep` accepts, in one pass (then re-ordered in linear time). */
  retain(keep: (item: T) => boolean): void {
    this.items = this.items.filter(keep);
    for (let i = (this.items.length >> 1) - 1; i >= 0; i--) this.down(i);
  }

  private down(i: number): void {
    const items = this.items;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let least = i;
      if (left < items.length && earlier(items[left]!, items[least]!)) least = left;
      if (right < items.length && earlier(items[right]!, items[least]!)) least = right;
      if (least === i) return;
      [items[i], items[least]] = [items[least]!, items[i]!];
      i = least;
    }
  }
}

interface HeapTimer extends Timed {
  fn: () => void;
  done: boolean;
  /** Still in the heap (cancelled ones are counted only while they are). */
  queued: boolean;
}

/**
 * Every timer of the daemon in one binary heap behind one Node timeout (the earliest). 100,000 armed tasks were
 * 100,000 Node Timeout objects, thousands of Node timer lists (one per distinct delay) and their closures: about a
 * kilobyte each and most of start-up's garbage collection. Cancelling only marks a timer; marked ones leave the heap
 * when they reach its top, or all at once when they are more than half of it.
 */
export class TimerHeap {
  private readonly heap = new TimeHeap<HeapTimer>();
  private seq = 0;
  private cancelled = 0;
  private handle: NodeJS.Timeout | null = null;
  private armedFor: HeapTimer | null = null;

  constructor(private readonly now: () => number = Date.now) {}

  add(at: number, fn: () => void): () => void {
    const timer: HeapTimer = { at, seq: this.seq++, fn, done: false, queued: true };
    this.heap.push(timer);
    if (this.heap.peek() === timer) this.arm();
    return () => {
      if (timer.done) return;
      timer.done = true;
      if (!timer.queued) return;
      this.cancelled++;
      if (this.cancelled > 1000 && this.cancelled * 2 > this.heap.size) this.compact();
    };
  }

  /** Timers waiting (cancelled ones excepted). */
  get size(): number {
    return this.heap.size - this.cancelled;
  }

  private arm(): void {
    while (this.heap.peek()?.done) {
      this.pop();
      this.cancelled--;
    }
    const first = this.heap.peek();
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
    for (let top = this.heap.peek(); top && top.at <= now; top = this.heap.peek()) {
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
    this.heap.retain((timer) => {
      if (timer.done) timer.queued = false;
      return !timer.done;
    });
    this.cancelled = 0;
    this.arm();
  }

  private pop(): HeapTimer | undefined {
    const top = this.heap.pop();
    if (top) top.queued = false;
    return top;
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
