import { Cron } from 'croner';
import { parseSchedule } from '../contract/schedule.ts';
import type { Clock } from '../time/clock.ts';
import { LookAhead, type Armings, type SoonHandler } from './look-ahead.ts';
import { SlotHeap } from '../time/slot-heap.ts';

/** `firedAt` is when the timer fired: lateness is measured there, before any work for the run is done. */
export type DueHandler<K> = (key: K, dueAt: number, firedAt: number) => void;

/** A slot that fired in this turn; `generation` tells whether it was freed (disarmed) before the turn's work. */
interface DueItem {
  slot: number;
  generation: number;
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
 * Turns schedules into timers: one slot per enabled schedule, always set for that schedule's next fire time and
 * re-set as it fires. croner only computes the times; the clock owns the timers, so tests drive them exactly.
 * Keys are whatever names what is armed (a task id; the timetable folds its owner and id into one number).
 *
 * What is armed under a key is an entry: a number indexing the columns below (its key, its schedules — one string,
 * or an array for several —, its interval, its first slot), re-used once disarmed.
 */
export class Scheduler<K = number> {
  private readonly entries = new Map<K, number>();
  private keys: (K | undefined)[] = [];
  private schedules: (string | string[] | undefined)[] = [];
  /** A timer every so many ms instead of schedules (a subscription's interval); NaN for schedules. */
  private every: number[] = [];
  private firstSlot: number[] = [];
  /** Told to the look-ahead's handler since armed (1), and a count of armings to tell one from the next. */
  private told: number[] = [];
  private generations: number[] = [];
  private readonly freeEntries: number[] = [];
  private readonly parsed = new Map<string, Parsed | null>();
  /** Every armed schedule's next fire time, behind one clock timer (the earliest). */
  private readonly slots = new SlotHeap<Parsed>();
  private clockTimer: { at: number; cancel: () => void } | null = null;
  /**
   * Timers that fired in this turn of the event loop. When a thousand tasks are due on the same second their timers
   * fire back to back; the work each one starts (re-arming, database writes, spawning) waits until all of them
   * have fired, so the last timer is not late by the work of the 999 before it.
   */
  private due: DueItem[] = [];
  private soon: LookAhead<K> | null = null;

  constructor(
    private readonly clock: Clock,
    private readonly timezone: () => string,
    private readonly onDue: DueHandler<K>,
  ) {}

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

  /** (Re)arms a task's schedules; `@once`, `@boot` and invalid ones get no timer. */
  arm(key: K, schedules: string[], from = this.clock.now()): void {
    this.disarm(key);
    const now = from;
    const parsed = schedules.map((schedule) => this.cronFor(schedule));
    // The strings shared with every equal one; one schedule is kept without an array around it.
    const kept = schedules.map((s, i) => parsed[i]?.schedule ?? s);
    const entry = this.newEntry(key, kept.length === 1 ? kept[0]! : kept, NaN);
    for (const one of parsed) {
      const next = one ? this.nextAfter(one, now) : null;
      if (one && next !== null) this.queue(this.addSlot(entry, one), next);
    }
    this.armClock();
  }

  /** (Re)arms a timer every `everyMs`, counted from now, then from each due time (never from a late handler). */
  armEvery(key: K, everyMs: number): void {
    this.disarm(key);
    const entry = this.newEntry(key, undefined, everyMs);
    this.queue(this.addSlot(entry, null), this.clock.now() + everyMs);
    this.armClock();
  }

  private newEntry(key: K, schedules: string | string[] | undefined, everyMs: number): number {
    const entry = this.freeEntries.pop() ?? this.keys.length;
    this.keys[entry] = key;
    this.schedules[entry] = schedules;
    this.every[entry] = everyMs;
    this.firstSlot[entry] = -1;
    this.told[entry] = 0;
    this.generations[entry] = ((this.generations[entry] ?? 0) + 1) >>> 0;
    this.entries.set(key, entry);
    return entry;
  }

  private addSlot(entry: number, parsed: Parsed | null): number {
    const slot = this.slots.allocate(entry, parsed, this.firstSlot[entry]!);
    this.firstSlot[entry] = slot;
    return slot;
  }

  private queue(slot: number, at: number): void {
    this.slots.push(slot, at);
    this.soon?.queued(at, this.slots.ownerOf(slot));
  }

  /**
   * `handler` is told, `leadMs` before their due time, which keys are due then (look-ahead.ts): what a run will need
   * can be made while the daemon is idle rather than when a thousand runs start together.
   */
  onSoon(leadMs: number, handler: SoonHandler<K>): void {
    this.soon?.stop();
    const armings: Armings<K> = {
      within: (limit, visit) => this.slots.within(limit, (slot) => visit(this.slots.ownerOf(slot))),
      tell: (entry) => {
        if (this.told[entry] === 1) return false;
        this.told[entry] = 1;
        return true;
      },
      generation: (entry) => this.generations[entry]!,
      keyIf: (entry, generation) => (this.generations[entry] === generation ? this.keys[entry] : undefined),
    };
    this.soon = new LookAhead(this.clock, armings, leadMs, handler);
  }

  /** Keeps the one clock timer set for the earliest slot. */
  private armClock(): void {
    const first = this.slots.peek();
    const at = first === -1 ? null : this.slots.atOf(first);
    if (at !== null && this.clockTimer?.at === at) return;
    this.clockTimer?.cancel();
    this.clockTimer = at === null ? null : { at, cancel: this.clock.setTimer(at, () => this.fire()) };
  }

  /** Every slot due now fires (in time order); re-arming waits for the batch (flush). */
  private fire(): void {
    this.clockTimer = null;
    const firedAt = this.clock.now();
    for (let top = this.slots.peek(); top !== -1 && this.slots.atOf(top) <= firedAt; top = this.slots.peek()) {
      this.slots.pop();
      this.due.push({ slot: top, generation: this.slots.generationOf(top), dueAt: this.slots.atOf(top), firedAt });
      if (this.due.length === 1) setImmediate(() => this.flush());
    }
    this.armClock();
  }

  private flush(): void {
    const batch = this.due;
    this.due = [];
    for (const { slot, generation, dueAt, firedAt } of batch) {
      // Disarmed or re-armed since it fired (its slot freed): the new slots are already in the heap.
      if (this.slots.generationOf(slot) !== generation) continue;
      const entry = this.slots.ownerOf(slot);
      this.rearm(slot, entry, dueAt, firedAt);
      this.onDue(this.keys[entry]!, dueAt, firedAt);
    }
    this.armClock();
  }

  /** From the due time, so a slow handler can neither skip nor repeat a fire time (an interval: nor drift). */
  private rearm(slot: number, entry: number, dueAt: number, firedAt: number): void {
    const everyMs = this.every[entry]!;
    const parsed = this.slots.detailOf(slot);
    const next = !Number.isNaN(everyMs)
      ? Math.max(dueAt, firedAt) + everyMs
      : this.nextAfter(parsed!, Math.max(dueAt, firedAt - 1));
    // A schedule that never fires again keeps its slot out of the heap until the key is disarmed.
    if (next !== null) this.queue(slot, next);
  }

  disarm(key: K): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    for (let slot = this.firstSlot[entry]!; slot !== -1;) {
      const next = this.slots.nextOf(slot);
      this.slots.release(slot);
      slot = next;
    }
    this.keys[entry] = undefined;
    this.schedules[entry] = undefined;
    this.generations[entry] = (this.generations[entry]! + 1) >>> 0;
    this.freeEntries.push(entry);
    this.armClock();
  }

  /** The schedules armed under an entry (none for an interval). */
  private schedulesOf(entry: number): string[] {
    const schedules = this.schedules[entry];
    return schedules === undefined ? [] : typeof schedules === 'string' ? [schedules] : schedules;
  }

  /** After a change of timezone every schedule's timers are recomputed (intervals do not depend on it). */
  rearmAll(): void {
    for (const [key, entry] of [...this.entries]) {
      if (Number.isNaN(this.every[entry]!)) this.arm(key, this.schedulesOf(entry));
    }
  }

  disarmAll(): void {
    for (const key of [...this.entries.keys()]) this.disarm(key);
    this.soon?.stop();
  }

  /**
   * The `limit` armed keys that fire soonest, with their next time. Keys sharing an expression share one croner
   * search (nextAfter), so this stays cheap with thousands armed.
   */
  upcoming(limit: number, accept: (key: K) => boolean = () => true): { key: K; at: number }[] {
    const from = this.clock.now();
    const soonest: { key: K; at: number }[] = [];
    for (const [key, entry] of this.entries) {
      if (!Number.isNaN(this.every[entry]!) || !accept(key)) continue;
      const at = this.nextRun(this.schedulesOf(entry), from);
      if (at === null) continue;
      if (soonest.length === limit && at >= soonest[limit - 1]!.at) continue;
      soonest.push({ key, at });
      soonest.sort((a, b) => a.at - b.at);
      if (soonest.length > limit) soonest.pop();
    }
    return soonest;
  }

  armedCount(): number {
    return this.entries.size;
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
