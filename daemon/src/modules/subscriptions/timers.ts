/**
 * When subscriptions pull by themselves: a cron schedule (its own instance of the engine's Scheduler, same clock and
 * timezone) or an interval (a timer re-armed from each due time). Disabled subscriptions have no timers.
 */
import type { Clock } from '../../clock.ts';
import { SubscriptionScheduleType } from '../../contract/enums.ts';
import type { SubscriptionRow } from '../../db/schema.ts';
import { Scheduler } from '../../scheduler/scheduler.ts';
import { intervalOf } from './serialize.ts';
import { intervalLengthMs } from './validate.ts';

export class SubscriptionTimers {
  private readonly scheduler: Scheduler;
  private readonly intervals = new Map<number, () => void>();

  constructor(
    private readonly clock: Clock,
    timezone: () => string,
    private readonly onDue: (subId: number) => void,
  ) {
    this.scheduler = new Scheduler(clock, timezone, (subId) => onDue(subId));
  }

  /** (Re)arms after a create, update, enable or disable. */
  sync(row: SubscriptionRow): void {
    this.forget(row.id);
    if (row.is_disabled) return;
    if (row.schedule_type === SubscriptionScheduleType.interval) {
      const interval = intervalOf(row);
      if (!interval) return;
      const length = intervalLengthMs(interval);
      const arm = (from: number) => {
        const at = from + length;
        this.intervals.set(
          row.id,
          this.clock.setTimer(at, () => {
            arm(Math.max(at, this.clock.now()));
            this.onDue(row.id);
          }),
        );
      };
      arm(this.clock.now());
    } else if (row.schedule) {
      this.scheduler.arm(row.id, [row.schedule]);
    }
  }

  forget(subId: number): void {
    this.scheduler.disarm(subId);
    this.intervals.get(subId)?.();
    this.intervals.delete(subId);
  }

  nextRun(row: SubscriptionRow): number | null {
    if (row.is_disabled || row.schedule_type !== SubscriptionScheduleType.crontab || !row.schedule) return null;
    return this.scheduler.nextRun([row.schedule], this.clock.now());
  }

  close(): void {
    this.scheduler.disarmAll();
    for (const cancel of this.intervals.values()) cancel();
    this.intervals.clear();
  }
}
