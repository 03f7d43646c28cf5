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
  /** The heap's own marks: in it, and removed while in it (it leaves when it reaches the top or at compaction). */
  queued?: boolean;
  removed?: boolean;
}

const earlier = (a: Timed, b: Timed) => a.at < b.at || (a.at === b.at && a.seq < b.seq);

/**
 * A binary min-heap of timed entries (the daemon's timers below, the scheduler's armed schedules). Removal only
 * marks an entry; marked ones leave when they reach the top, or all at once when they are more than half of it.
 */
export class TimeHeap<T extends Timed> {
  private items: T[] = [];
  private removedCount = 0;

  /** Entries waiting (removed ones excepted). */
  get size(): number {
    return this.items.length - this.removedCount;
  }

  /** The earliest entry that was not removed. */
  peek(): T | undefined {
    while (this.items[0]?.removed) {
      this.take();
      this.removedCount--;
    }
    return this.items[0];
  }

  push(item: T): void {
    item.queued = true;
    item.removed = false;
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

  /**
   * Calls `visit` with every entry (removed ones excepted) whose time is `limit` or earlier, in no particular order,
   * and returns the earliest time after `limit` (null when none). Only those entries and the ones right below them
   * are looked at: a heap entry is never earlier than its parent.
   */
  within(limit: number, visit: (item: T) => void): number | null {
    const items = this.items;
    let after: number | null = null;
    const stack = items.length > 0 ? [0] : [];
    while (stack.length > 0) {
      const i = stack.pop()!;
      const item = items[i]!;
      if (item.at > limit) {
        // A removed entry's time still bounds the times below it; an early answer only means looking again sooner.
        if (after === null || item.at < after) after = item.at;
        continue;
      }
      if (!item.removed) visit(item);
      if (2 * i + 1 < items.length) stack.push(2 * i + 1);
      if (2 * i + 2 < items.length) stack.push(2 * i + 2);
    }
    return after;
  }

  /** Takes the earliest entry that was not removed. */
  pop(): T | undefined {
    return this.peek() && this.take();
  }

  /** Removes an entry still in the heap (anything else is left as it is). */
  remove(item: T): void {
    if (!item.queued || item.removed) return;
    item.removed = true;
    this.removedCount++;
    if (this.removedCount > 1000 && this.removedCount * 2 > this.items.length) {
      this.items = this.items.filter((entry) => {
        if (entry.removed) entry.queued = false;
        return !entry.removed;
      });
      this.removedCount = 0;
      for (let i = (this.items.length >> 1) - 1; i >= 0; i--) this.down(i);
    }
  }

  private take(): T | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length > 0 && last) {
      items[0] = last;
      this.down(0);
    }
    if (top) top.queued = false;
    return top;
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
  /** Fired or cancelled. */
  done: boolean;
}

/**
 * Every timer of the daemon in one binary heap behind one Node timeout (the earliest). 100,000 armed tasks were
 * 100,000 Node Timeout objects, thousands of Node timer lists (one per distinct delay) and their closures: about a
 * kilobyte each and most of start-up's garbage collection.
 */
export class TimerHeap {
  private readonly heap = new TimeHeap<HeapTimer>();
  private seq = 0;
  private handle: NodeJS.Timeout | null = null;
  private armedFor: HeapTimer | null = null;

  constructor(private readonly now: () => number = Date.now) {}

  add(at: number, fn: () => void): () => void {
    const timer: HeapTimer = { at, seq: this.seq++, fn, done: false };
    this.heap.push(timer);
    if (this.heap.peek() === timer) this.arm();
    return () => {
      if (timer.done) return;
      timer.done = true;
      this.heap.remove(timer);
    };
  }

  /** Timers waiting (cancelled ones excepted). */
  get size(): number {
    return this.heap.size;
  }

  private arm(): void {
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
    for (let top = this.heap.peek(); top && top.at <= now; top = this.heap.peek()) due.push(this.heap.pop()!);
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
