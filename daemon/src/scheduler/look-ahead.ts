/**
 * The scheduler's look-ahead (Scheduler.onSoon): tells a handler, `leadMs` before their due time, which keys are due
 * then, so that what their runs need can be made while the daemon is idle. Each arming is told at most once; one
 * armed closer than `leadMs` to its due time is told at once. Early or repeated news is harmless to the handler,
 * missed news only costs the run the work it would have done anyway.
 */
import type { Clock, TimeHeap, Timed } from '../clock.ts';

/** Told which keys are due within the look-ahead (each at most once per arming), before their due time. */
export type SoonHandler<K> = (keys: K[]) => void;

/** What is armed under a key, as the look-ahead sees it. */
export interface Arming<K> {
  key: K;
  /** Already told since it was armed. */
  announced?: boolean;
}

/** A fire time of an arming, in the scheduler's heap. */
export interface ArmedSlot<K> extends Timed {
  entry: Arming<K>;
  /** False once disarmed. */
  live: boolean;
}

export class LookAhead<K, S extends ArmedSlot<K>> {
  /** Every slot due by then has been told. */
  private until = -Infinity;
  /** Fires `leadMs` before the earliest slot after `until`. */
  private timer: { at: number; cancel: () => void } | null = null;
  /** Armings told in this turn, handed over together after it. */
  private pending: Arming<K>[] = [];
  private stopped = false;

  constructor(
    private readonly clock: Clock,
    private readonly heap: TimeHeap<S>,
    private readonly leadMs: number,
    private readonly handler: SoonHandler<K>,
    /** Whether an arming is still the key's current one (not disarmed or re-armed since). */
    private readonly current: (arming: Arming<K>) => boolean,
  ) {
    this.look();
  }

  /** A slot entered the heap (armed, or re-armed after it fired). */
  queued(slot: S): void {
    if (this.stopped) return;
    if (slot.at <= this.until) this.announce(slot.entry);
    else if (!this.timer || slot.at - this.leadMs < this.timer.at) this.setTimer(slot.at);
  }

  stop(): void {
    this.stopped = true;
    this.timer?.cancel();
    this.timer = null;
  }

  private look(): void {
    this.timer = null;
    this.until = this.clock.now() + this.leadMs;
    const next = this.heap.within(this.until, (slot) => {
      if (slot.live) this.announce(slot.entry);
    });
    this.setTimer(next);
  }

  private setTimer(dueAt: number | null): void {
    this.timer?.cancel();
    const at = dueAt === null ? null : dueAt - this.leadMs;
    this.timer = at === null ? null : { at, cancel: this.clock.setTimer(at, () => this.look()) };
  }

  private announce(arming: Arming<K>): void {
    if (arming.announced) return;
    arming.announced = true;
    this.pending.push(arming);
    if (this.pending.length > 1) return;
    setImmediate(() => {
      const told = this.pending;
      this.pending = [];
      if (this.stopped) return;
      // Disarmed or re-armed meanwhile: not told (a new arming is told on its own).
      this.handler(told.filter((one) => this.current(one)).map((one) => one.key));
    });
  }
}
