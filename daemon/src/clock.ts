/** Time as the daemon sees it. Tests pass their own clock so lockouts and schedules are exact without waiting. */
export interface Clock {
  now(): number;
  /** Calls `fn` once the clock reaches `at` (ms since the epoch). Returns a function that cancels it. */
  setTimer(at: number, fn: () => void): () => void;
}

/** setTimeout cannot wait longer than about 24.8 days; longer waits are taken in steps. */
const maxTimeout = 2 ** 31 - 1;

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer(at, fn) {
    let handle: NodeJS.Timeout;
    const arm = () => {
      const delay = at - Date.now();
      if (delay > maxTimeout) {
        handle = setTimeout(arm, maxTimeout);
      } else {
        handle = setTimeout(fn, Math.max(0, delay));
      }
      handle.unref();
    };
    arm();
    return () => clearTimeout(handle);
  },
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
