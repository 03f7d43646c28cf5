/**
 * Everything that runs by the clock, in one instance: the schedules of tasks, subscriptions, scheduled backups and
 * log deletion (a change of the time zone re-arms them all), the heartbeat that tells a restart which due times it
 * missed, and catch-up. Areas say what is armed and what happens when it is due; the timetable keeps the timers.
 */
import type { Clock } from '../time/clock.ts';
import { ScheduleKeyword } from '../contract/schedule.ts';
import type { SettingsStore } from '../settings/store.ts';
import { Scheduler } from './scheduler.ts';

/** Who owns a timer; an owner's ids never meet another's. */
export type TimerOwner = 'task' | 'subscription' | 'backup' | 'retention';
const owners: readonly TimerOwner[] = ['task', 'subscription', 'backup', 'retention'];

/**
 * A timer's key: the owner's id and the owner in one number (a string such as `task:12` is one object more for
 * each armed task for the collector to mark).
 */
type Key = number;
const keyOf = (owner: TimerOwner, id: number): Key => id * owners.length + owners.indexOf(owner);
const ownerOf = (key: Key): TimerOwner => owners[key % owners.length]!;
const idOf = (key: Key): number => Math.floor(key / owners.length);

/** How often the scheduler records that it is alive, to know after a restart which due times were missed. */
const heartbeatMs = 30_000;

/**
 * How long before their due time owners hear what is due (onSoon): long enough to make a thousand tasks' first log
 * folders one after the other on a slow disk (ext4 right after many files were removed: about a millisecond each).
 */
export const soonLeadMs = 5_000;

export interface CatchUp {
  /** Minutes back a missed due time still runs; 0 = never. */
  minutes: number;
  /** The last due time already handled. */
  lastDueAt: number | null;
}

export class Timetable {
  private readonly timers: Scheduler<Key>;
  private readonly handlers = new Map<TimerOwner, (id: number, dueAt: number) => void>();
  private readonly soonHandlers = new Map<TimerOwner, (ids: number[]) => void>();
  private lateness: ((lateMs: number) => void) | null = null;
  private cancelHeartbeat: (() => void) | null = null;
  private closed = false;
  /** When the daemon was last known alive before this start (null: never, or not started yet). */
  private lastAlive: number | null = null;

  constructor(
    private readonly clock: Clock,
    private readonly settings: SettingsStore,
  ) {
    this.timers = new Scheduler<Key>(
      clock,
      () => this.timezone(),
      (key, dueAt) => this.due(key, dueAt),
    );
  }

  /** The IANA zone schedules are read in. */
  timezone(): string {
    return this.settings.get('timezone');
  }

  /** What happens when something of `owner` is due. */
  onDue(owner: TimerOwner, handler: (id: number, dueAt: number) => void): void {
    this.handlers.set(owner, handler);
  }

  /**
   * Told, `soonLeadMs` before, which of `owner`'s ids are due then (each once per arming): to get ready for their
   * runs while the daemon is idle. What is armed closer than that to its due time is told at once.
   */
  onSoon(owner: TimerOwner, handler: (ids: number[]) => void): void {
    if (this.soonHandlers.size === 0) this.timers.onSoon(soonLeadMs, (keys) => this.soon(keys));
    this.soonHandlers.set(owner, handler);
  }

  /** Told how late (ms after its due time) each timer fired: the metrics' scheduler lateness. */
  observeLateness(observer: (lateMs: number) => void): void {
    this.lateness = observer;
  }

  /**
   * (Re)arms schedules (cron expressions; `@once`, `@boot` and invalid ones get no timer) from `from` (now): start-up
   * arms from the moment it began, so a due time passed while it armed in slices still fires, late, not skipped.
   */
  arm(owner: TimerOwner, id: number, schedules: string[], from?: number): void {
    if (!this.closed) this.timers.arm(keyOf(owner, id), schedules, from);
  }

  /** (Re)arms a timer every `everyMs`. */
  armEvery(owner: TimerOwner, id: number, everyMs: number): void {
    if (!this.closed) this.timers.armEvery(keyOf(owner, id), everyMs);
  }

  disarm(owner: TimerOwner, id: number): void {
    this.timers.disarm(keyOf(owner, id));
  }

  /** The earliest next fire time over several schedules (ms), in the current zone; null when none fires. */
  nextRun(schedules: string[], from = this.clock.now()): number | null {
    return this.timers.nextRun(schedules, from);
  }

  /** What of `owner` fires next: ids and times, soonest first. */
  upcoming(owner: TimerOwner, limit: number): { id: number; at: number }[] {
    return this.timers.upcoming(limit, (key) => ownerOf(key) === owner).map(({ key, at }) => ({ id: idOf(key), at }));
  }

  /** After the time zone changed: every schedule is re-armed. */
  rearm(): void {
    this.timers.rearmAll();
  }

  /** Remembers when the daemon was last alive, then keeps saying it is. */
  start(): void {
    this.lastAlive = this.settings.get('schedulerHeartbeat');
    this.heartbeat();
  }

  /**
   * What runs at start-up: `boot` for an `@boot` schedule, else the latest due time missed while the daemon was down
   * within the catch-up window, else nothing.
   */
  startupRun(
    schedules: string[],
    catchUp: CatchUp,
  ): { trigger: 'boot' } | { trigger: 'catchUp'; dueAt: number } | null {
    // A plain comparison, not parseSchedule: that builds a croner object per schedule, and start-up asks this of
    // every enabled task (seconds at 100,000 tasks).
    if (schedules.some((s) => s.trim() === ScheduleKeyword.boot)) return { trigger: 'boot' };
    if (catchUp.minutes <= 0) return null;
    const now = this.clock.now();
    const since = Math.max(this.lastAlive ?? 0, catchUp.lastDueAt ?? 0, now - catchUp.minutes * 60_000);
    let missed: number | null = null;
    for (let next = this.timers.nextRun(schedules, since); next !== null && next <= now;) {
      missed = next;
      next = this.timers.nextRun(schedules, next);
    }
    return missed === null ? null : { trigger: 'catchUp', dueAt: missed };
  }

  /** Stops every timer and records the moment, so the next start knows what it missed. */
  async close(): Promise<void> {
    this.closed = true;
    this.cancelHeartbeat?.();
    this.timers.disarmAll();
    await this.settings.set('schedulerHeartbeat', this.clock.now()).catch(() => {});
  }

  private due(key: Key, dueAt: number): void {
    if (this.closed) return;
    this.lateness?.(this.clock.now() - dueAt);
    this.handlers.get(ownerOf(key))?.(idOf(key), dueAt);
  }

  private soon(keys: Key[]): void {
    if (this.closed) return;
    const byOwner = new Map<TimerOwner, number[]>();
    for (const key of keys) {
      const owner = ownerOf(key);
      if (!this.soonHandlers.has(owner)) continue;
      let ids = byOwner.get(owner);
      if (!ids) byOwner.set(owner, (ids = []));
      ids.push(idOf(key));
    }
    for (const [owner, ids] of byOwner) this.soonHandlers.get(owner)!(ids);
  }

  private heartbeat(): void {
    if (this.closed) return;
    void this.settings.set('schedulerHeartbeat', this.clock.now()).catch(() => {});
    this.cancelHeartbeat = this.clock.setTimer(this.clock.now() + heartbeatMs, () => this.heartbeat());
  }
}
