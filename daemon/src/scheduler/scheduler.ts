import { Cron } from 'croner';
import { parseSchedule } from '../contract/schedule.ts';
import type { Clock } from '../clock.ts';

/** `firedAt` is when the timer fired: lateness is measured there, before any work for the run is done. */
export type DueHandler = (cronId: number, dueAt: number, firedAt: number) => void;

interface DueItem {
  cronId: number;
  dueAt: number;
  firedAt: number;
  entry: Armed;
  rearm: () => void;
}

interface Armed {
  schedules: string[];
  cancels: (() => void)[];
}

/**
 * Turns schedules into timers: one timer per enabled schedule, always set for that schedule's next fire time and
 * re-set as it fires. croner only computes the times; the clock owns the timers, so tests drive them exactly.
 */
/** Parsed schedules are reused: the task list asks for next run times of the same expressions over and over. */
const parsedLimit = 5000;

export class Scheduler {
  private readonly armed = new Map<number, Armed>();
  private readonly parsed = new Map<string, Cron | null>();
  /**
   * Timers that fired in this turn of the event loop. When a thousand tasks are due on the same second their timers
   * fire back to back; the work each one starts (re-arming, database writes, spawning) waits until all of them
   * have fired, so the last timer is not late by the work of the 999 before it.
   */
  private due: DueItem[] = [];

  /** A paused croner instance for an expression in the current timezone; null when it is not a cron schedule. */
  private cronFor(schedule: string): Cron | null {
    const timezone = this.timezone();
    const key = `${timezone}\n${schedule}`;
    let cron = this.parsed.get(key);
    if (cron === undefined) {
      const result = parseSchedule(schedule);
      cron = result.kind === 'cron' ? new Cron(result.expression, { paused: true, timezone }) : null;
      if (this.parsed.size >= parsedLimit) this.parsed.clear();
      this.parsed.set(key, cron);
    }
    return cron;
  }

  constructor(
    private readonly clock: Clock,
    private readonly timezone: () => string,
    private readonly onDue: DueHandler,
  ) {}

  /** (Re)arms a task's schedules; `@once`, `@boot` and invalid ones get no timer. */
  arm(cronId: number, schedules: string[]): void {
    this.disarm(cronId);
    const entry: Armed = { schedules, cancels: [] };
    this.armed.set(cronId, entry);
    schedules.forEach((schedule, index) => {
      const cron = this.cronFor(schedule);
      if (!cron) return;
      const armNext = (after: number) => {
        const next = cron.nextRun(new Date(after))?.getTime();
        if (next === undefined) return;
        entry.cancels[index] = this.clock.setTimer(next, () => {
          if (this.armed.get(cronId) !== entry) return;
          // Re-armed from the due time, so a slow handler can neither skip nor repeat a fire time.
          const firedAt = this.clock.now();
          this.collect({ cronId, dueAt: next, firedAt, entry, rearm: () => armNext(Math.max(next, firedAt - 1)) });
        });
      };
      armNext(this.clock.now());
    });
  }

  private collect(item: DueItem): void {
    this.due.push(item);
    if (this.due.length === 1) setImmediate(() => this.flush());
  }

  private flush(): void {
    const batch = this.due;
    this.due = [];
    for (const item of batch) {
      // Disarmed or re-armed since it fired: the new timers are already set.
      if (this.armed.get(item.cronId) !== item.entry) continue;
      item.rearm();
      this.onDue(item.cronId, item.dueAt, item.firedAt);
    }
  }

  disarm(cronId: number): void {
    const entry = this.armed.get(cronId);
    if (!entry) return;
    for (const cancel of entry.cancels) cancel?.();
    this.armed.delete(cronId);
  }

  /** After a change of timezone every timer is recomputed. */
  rearmAll(): void {
    for (const [cronId, entry] of [...this.armed]) this.arm(cronId, entry.schedules);
  }

  disarmAll(): void {
    for (const cronId of [...this.armed.keys()]) this.disarm(cronId);
  }

  armedCount(): number {
    return this.armed.size;
  }

  /** The earliest next fire time over several schedules, in ms; null when none fires. */
  nextRun(schedules: string[], from: number): number | null {
    let best: number | null = null;
    for (const schedule of schedules) {
      const next = this.cronFor(schedule)?.nextRun(new Date(from));
      if (next && (best === null || next.getTime() < best)) best = next.getTime();
    }
    return best;
  }
}
