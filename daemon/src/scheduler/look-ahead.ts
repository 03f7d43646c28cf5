/**
 * The scheduler's look-ahead (Scheduler.onSoon): tells a handler, `leadMs` before their due time, which keys are due
 * then, so that what their runs need can be made while the daemon is idle. Each arming is told at most once; one
 * armed closer than `leadMs` to its due time is told at once. Early or repeated news is harmless to the handler,
 * missed news only costs the run the work it would have done anyway.
 */
import type { Clock } from '../time/clock.ts';

/** Told which keys are due within the look-ahead (each at most once per arming), before their due time. */
export type SoonHandler<K> = (keys: K[]) => void;

/** The scheduler's armings (numbered entries) as the look-ahead sees them. */
export interface Armings<K> {
  /** Calls `visit` with the entry of every slot due by `limit`; returns the earliest time after it (null: none). */
  within(limit: number, visit: (entry: number) => void): number | null;
  /** Marks the entry's current arming as told; false when it already was. */
  tell(entry: number): boolean;
  /** What identifies the entry's current arming (it changes when the entry is disarmed or armed again). */
  generation(entry: number): number;
  /** The entry's key while it is still armed as it was at `generation`. */
  keyIf(entry: number, generation: number): K | undefined;
}

export class LookAhead<K> {
  /** Every slot due by then has been told. */
  private until = -Infinity;
  /** Fires `leadMs` before the earliest slot after `until`. */
  private timer: { at: number; cancel: () => void } | null = null;
  /** Armings told in this turn (entry, generation, …), handed over together after it. */
  private pending: number[] = [];
  private stopped = false;

  constructor(
    private readonly clock: Clock,
    private readonly armings: Armings<K>,
    private readonly leadMs: number,
    private readonly handler: SoonHandler<K>,
  ) {
    this.look();
  }

  /** A slot of `entry` entered the heap for `at` (armed, or re-armed after it fired). */
  queued(at: number, entry: number): void {
    if (this.stopped) return;
    if (at <= this.until) this.announce(entry);
    else if (!this.timer || at - this.leadMs < this.timer.at) this.setTimer(at);
  }

  stop(): void {
    this.stopped = true;
    this.timer?.cancel();
    this.timer = null;
  }

  private look(): void {
    this.timer = null;
    this.until = this.clock.now() + this.leadMs;
    this.setTimer(this.armings.within(this.until, (entry) => this.announce(entry)));
  }

  private setTimer(dueAt: number | null): void {
    this.timer?.cancel();
    const at = dueAt === null ? null : dueAt - this.leadMs;
    this.timer = at === null ? null : { at, cancel: this.clock.setTimer(at, () => this.look()) };
  }

  private announce(entry: number): void {
    if (!this.armings.tell(entry)) return;
    this.pending.push(entry, this.armings.generation(entry));
    if (this.pending.length > 2) return;
    setImmediate(() => {
      const told = this.pending;
      this.pending = [];
      if (this.stopped) return;
      // Disarmed or re-armed meanwhile: not told (a new arming is told on its own).
      const keys: K[] = [];
      for (let i = 0; i < told.length; i += 2) {
        const key = this.armings.keyIf(told[i]!, told[i + 1]!);
        if (key !== undefined) keys.push(key);
      }
      this.handler(keys);
    });
  }
}
