import { Cron } from 'croner';
import { parseSchedule } from '../contract/schedule.ts';
import type { Clock } from '../clock.ts';

/** `firedAt` is when the timer fired: lateness is measured there, before any work for the run is done. */
export type DueHandler<K> = (key: K, dueAt: number, firedAt: number) => void;

interface DueItem<K> {
  key: K;
  dueAt: number;
  firedAt: number;
  entry: Armed;
  rearm: () => void;
}

interface Armed {
  schedules: string[];
  cancels: (() => void)[];
  /** A timer every so many ms instead of schedules (a subscription's interval). */
  everyMs?: number;
}

/** A parsed schedule and the last next-run time computed with it. */
interface Parsed {
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
  private readonly armed = new Map<K, Armed>();
  private readonly parsed = new Map<string, Parsed | null>();
  /**
   * Timers that fired in this turn of the event loop. When a thousand tasks are due on the same second their timers
   * fire back to back; the work each one starts (re-arming, database writes, spawning) waits until all of them
   * have fired, so the last timer is not late by the work of the 999 before it.
   */
  private due: DueItem<K>[] = [];

  /** A paused croner instance for an expression in the current timezone; null when it is not a cron schedule. */
  private cronFor(schedule: string): Parsed | null {
    const timezone = this.timezone();
    const key = `${timezone}\n${schedule}`;
    let parsed = this.parsed.get(key);
    if (parsed === undefined) {
      const result = parseSchedule(schedule);
      parsed =
        result.kind === 'cron'
          ? { cron: new Cron(result.expression, { paused: true, timezone }), second: NaN, next: null }
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
    // Sized up front: an empty array written at [0] takes room for 17 elements (100,000 tasks: 14 MB).
    const entry: Armed = { schedules, cancels: new Array<() => void>(schedules.length) };
    this.armed.set(key, entry);
    schedules.forEach((schedule, index) => {
      const parsed = this.cronFor(schedule);
      if (!parsed) return;
      const armNext = (after: number) => {
        const next = this.nextAfter(parsed, after);
        if (next === null) return;
        entry.cancels[index] = this.clock.setTimer(next, () => {
          if (this.armed.get(key) !== entry) return;
          // Re-armed from the due time, so a slow handler can neither skip nor repeat a fire time.
          const firedAt = this.clock.now();
          this.collect({ key, dueAt: next, firedAt, entry, rearm: () => armNext(Math.max(next, firedAt - 1)) });
        });
      };
      armNext(this.clock.now());
    });
  }

  /** (Re)arms a timer every `everyMs`, counted from now, then from each due time (never from a late handler). */
  armEvery(key: K, everyMs: number): void {
    this.disarm(key);
    const entry: Armed = { schedules: [], cancels: [], everyMs };
    this.armed.set(key, entry);
    const armNext = (from: number) => {
      const at = from + everyMs;
      entry.cancels[0] = this.clock.setTimer(at, () => {
        if (this.armed.get(key) !== entry) return;
        const firedAt = this.clock.now();
        this.collect({ key, dueAt: at, firedAt, entry, rearm: () => armNext(Math.max(at, firedAt)) });
      });
    };
    armNext(this.clock.now());
  }

  private collect(item: DueItem<K>): void {
    this.due.push(item);
    if (this.due.length === 1) setImmediate(() => this.flush());
  }

  private flush(): void {
    const batch = this.due;
    this.due = [];
    for (const item of batch) {
      // Disarmed or re-armed since it fired: the new timers are already set.
      if (this.armed.get(item.key) !== item.entry) continue;
      item.rearm();
      this.onDue(item.key, item.dueAt, item.firedAt);
    }
  }

  disarm(key: K): void {
    const entry = this.armed.get(key);
    if (!entry) return;
    for (const cancel of entry.cancels) cancel?.();
    this.armed.delete(key);
  }

  /** After a change of timezone every schedule's timers are recomputed (intervals do not depend on it). */
  rearmAll(): void {
    for (const [key, entry] of [...this.armed]) if (entry.everyMs === undefined) this.arm(key, entry.schedules);
  }

  disarmAll(): void {
    for (const key of [...this.armed.keys()]) this.disarm(key);
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
