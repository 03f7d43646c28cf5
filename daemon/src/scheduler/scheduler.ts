import { Cron } from 'croner';
import { parseSchedule } from '../contract/schedule.ts';
import { TimeHeap, type Clock, type Timed } from '../clock.ts';
import { LookAhead, type SoonHandler } from './look-ahead.ts';

/** `firedAt` is when the timer fired: lateness is measured there, before any work for the run is done. */
export type DueHandler<K> = (key: K, dueAt: number, firedAt: number) => void;

/** What is armed under one key: its schedules (or an interval) and one slot in the heap per schedule that fires. */
interface Armed<K> {
  key: K;
  schedules: string[];
  slots: Slot<K>[];
  /** A timer every so many ms instead of schedules (a subscription's interval). */
  everyMs: number | undefined;
  /** Already told to the look-ahead's handler since it was armed. */
  announced?: boolean;
}

/**
 * One schedule's next fire time, in the scheduler's heap. Plain data, re-used as it fires: 100,000 armed tasks were
 * ≈1 KB each as a closure per timer and per re-arm with their contexts (100 MB of heap that every full collection
 * marks), and are ≈0.3 KB as slots.
 */
interface Slot<K> extends Timed {
  entry: Armed<K>;
  /** The schedule (null for an interval). */
  parsed: Parsed | null;
  /** False once disarmed (also between firing and re-arming, when it is out of the heap). */
  live: boolean;
}

interface DueItem<K> {
  slot: Slot<K>;
  dueAt: number;
  firedAt: number;
}

/** A parsed schedule and the last next-run time computed with it. */
interface Parsed {
  /** The expression as first given: every task with the same one keeps this one string. */
  schedule: string;
  cron: Cron;
  /** The whole second (ms / 1000, floored) the last look-up started from, and its answer. */
  second: number;
  next: number | null;
}

/** Parsed schedules are reused: the task list asks for next run times of the same expressions over and over. */
const parsedLimit = 5000;

/**
 * Turns schedules into timers: one timer per enabled schedule, always set for that schedule's next fire time and
 * re-set as it fires. croner only computes the times; the clock owns the timers, so tests drive them exactly.
 * Keys are whatever names what is armed (a task id; `task:12`, `pull:3` when several owners share one instance).
 */
export class Scheduler<K = number> {
  private readonly armed = new Map<K, Armed<K>>();
  private readonly parsed = new Map<string, Parsed | null>();
  /** Every armed schedule's next fire time, behind one clock timer (the earliest). */
  private readonly heap = new TimeHeap<Slot<K>>();
  private seq = 0;
  private clockTimer: { at: number; cancel: () => void } | null = null;
  /**
   * Timers that fired in this turn of the event loop. When a thousand tasks are due on the same second their timers
   * fire back to back; the work each one starts (re-arming, database writes, spawning) waits until all of them
   * have fired, so the last timer is not late by the work of the 999 before it.
   */
  private due: DueItem<K>[] = [];
  private soon: LookAhead<K, Slot<K>> | null = null;

  /** A paused croner instance for an expression in the current timezone; null when it is not a cron schedule. */
  private cronFor(schedule: string): Parsed | null {
    const timezone = this.timezone();
    const key = `${timezone}\n${schedule}`;
    let parsed = this.parsed.get(key);
    if (parsed === undefined) {
      const result = parseSchedule(schedule);
      parsed =
        result.kind === 'cron'
          ? { schedule, cron: new Cron(result.expression, { paused: true, timezone }), second: NaN, next: null }
          : null;
      if (this.parsed.size >= parsedLimit) this.parsed.clear();
      this.parsed.set(key, parsed);
    }
    return parsed;
  }

  /**
   * The schedule's first fire time after `after` (ms), null when none. croner starts its search at the next whole
   * second, so the answer depends only on the second `after` falls in: tasks armed in the same second with the same
   * expression (10,000 tasks at start-up, a page of the list) share one croner search, which costs ≈60–130 µs.
   */
  private nextAfter(parsed: Parsed, after: number): number | null {
    const second = Math.floor(after / 1000);
    if (parsed.second !== second) {
      parsed.next = parsed.cron.nextRun(new Date(after))?.getTime() ?? null;
      parsed.second = second;
    }
    return parsed.next;
  }

  constructor(
    private readonly clock: Clock,
    private readonly timezone: () => string,
    private readonly onDue: DueHandler<K>,
  ) {}

  /** (Re)arms a task's schedules; `@once`, `@boot` and invalid ones get no timer. */
  arm(key: K, schedules: string[]): void {
    this.disarm(key);
    const now = this.clock.now();
    const parsed = schedules.map((schedule) => this.cronFor(schedule));
    // Copied to their exact size (a spread or a push leaves room for 17), the strings shared with every equal one.
    const entry: Armed<K> = {
      key,
      schedules: schedules.map((s, i) => parsed[i]?.schedule ?? s),
      slots: [],
      everyMs: undefined,
    };
    const slots: Slot<K>[] = [];
    for (const one of parsed) {
      const next = one ? this.nextAfter(one, now) : null;
      // The heap's marks are given here: added later, they gave every slot a second object (a property array: at
      // 100,000 tasks 100,000 objects more for each full collection to mark, 4.3 MB against 1.6 in the slots; round 13).
      if (one && next !== null)
        slots.push(this.enqueue({ at: next, seq: 0, entry, parsed: one, live: true, queued: false, removed: false }));
    }
    entry.slots = slots.slice();
    this.armed.set(key, entry);
    this.armClock();
  }

  /** (Re)arms a timer every `everyMs`, counted from now, then from each due time (never from a late handler). */
  armEvery(key: K, everyMs: number): void {
    this.disarm(key);
    const entry: Armed<K> = { key, schedules: [], slots: [], everyMs };
    const at = this.clock.now() + everyMs;
    entry.slots = [this.enqueue({ at, seq: 0, entry, parsed: null, live: true, queued: false, removed: false })];
    this.armed.set(key, entry);
    this.armClock();
  }

  private enqueue(slot: Slot<K>): Slot<K> {
    slot.seq = this.seq++;
    this.heap.push(slot);
    this.soon?.queued(slot);
    return slot;
  }

  /**
   * `handler` is told, `leadMs` before their due time, which keys are due then (look-ahead.ts): what a run will need
   * can be made while the daemon is idle rather than when a thousand runs start together.
   */
  onSoon(leadMs: number, handler: SoonHandler<K>): void {
    this.soon?.stop();
    this.soon = new LookAhead(this.clock, this.heap, leadMs, handler, (entry) => this.armed.get(entry.key) === entry);
  }

  /** Keeps the one clock timer set for the earliest slot. */
  private armClock(): void {
    const first = this.heap.peek();
    if (first && this.clockTimer?.at === first.at) return;
    this.clockTimer?.cancel();
    this.clockTimer = first ? { at: first.at, cancel: this.clock.setTimer(first.at, () => this.fire()) } : null;
  }

  /** Every slot due now fires (in time order); re-arming waits for the batch (flush). */
  private fire(): void {
    this.clockTimer = null;
    const firedAt = this.clock.now();
    for (let top = this.heap.peek(); top && top.at <= firedAt; top = this.heap.peek()) {
      const slot = this.heap.pop()!;
      this.collect({ slot, dueAt: slot.at, firedAt });
    }
    this.armClock();
  }

  private collect(item: DueItem<K>): void {
    this.due.push(item);
    if (this.due.length === 1) setImmediate(() => this.flush());
  }

  private flush(): void {
    const batch = this.due;
    this.due = [];
    for (const { slot, dueAt, firedAt } of batch) {
      // Disarmed or re-armed since it fired: the new slots are already in the heap.
      if (!slot.live) continue;
      this.rearm(slot, dueAt, firedAt);
      this.onDue(slot.entry.key, dueAt, firedAt);
    }
    this.armClock();
  }

  /** From the due time, so a slow handler can neither skip nor repeat a fire time (an interval: nor drift). */
  private rearm(slot: Slot<K>, dueAt: number, firedAt: number): void {
    const { everyMs } = slot.entry;
    const next =
      everyMs !== undefined
        ? Math.max(dueAt, firedAt) + everyMs
        : this.nextAfter(slot.parsed!, Math.max(dueAt, firedAt - 1));
    if (next === null) {
      slot.live = false;
      return;
    }
    slot.at = next;
    this.enqueue(slot);
  }

  disarm(key: K): void {
    const entry = this.armed.get(key);
    if (!entry) return;
    this.armed.delete(key);
    for (const slot of entry.slots) {
      slot.live = false;
      this.heap.remove(slot);
    }
    this.armClock();
  }

  /** After a change of timezone every schedule's timers are recomputed (intervals do not depend on it). */
  rearmAll(): void {
    for (const [key, entry] of [...this.armed]) if (entry.everyMs === undefined) this.arm(key, entry.schedules);
  }

  disarmAll(): void {
    for (const key of [...this.armed.keys()]) this.disarm(key);
    this.soon?.stop();
  }

  /**
   * The `limit` armed keys that fire soonest, with their next time. Keys sharing an expression share one croner
   * search (nextAfter), so this stays cheap with thousands armed.
   */
  upcoming(limit: number, accept: (key: K) => boolean = () => true): { key: K; at: number }[] {
    const from = this.clock.now();
    const soonest: { key: K; at: number }[] = [];
    for (const [key, entry] of this.armed) {
      if (entry.everyMs !== undefined || !accept(key)) continue;
      const at = this.nextRun(entry.schedules, from);
      if (at === null) continue;
      if (soonest.length === limit && at >= soonest[limit - 1]!.at) continue;
      soonest.push({ key, at });
      soonest.sort((a, b) => a.at - b.at);
      if (soonest.length > limit) soonest.pop();
    }
    return soonest;
  }

  armedCount(): number {
    return this.armed.size;
  }

  /** The earliest next fire time over several schedules, in ms; null when none fires. */
  nextRun(schedules: string[], from: number): number | null {
    let best: number | null = null;
    for (const schedule of schedules) {
      const parsed = this.cronFor(schedule);
      const next = parsed ? this.nextAfter(parsed, from) : null;
      if (next !== null && (best === null || next < best)) best = next;
    }
    return best;
  }
}
