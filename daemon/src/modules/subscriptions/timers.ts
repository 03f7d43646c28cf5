/**
 * When subscriptions pull by themselves: a cron schedule or an interval, kept by the daemon's one timetable (so a
 * change of the time zone re-arms them with the tasks). Disabled subscriptions have no timers.
 */
import { SubscriptionScheduleType } from '../../contract/enums.ts';
import type { SubscriptionRow } from '../../db/schema.ts';
import type { Timetable } from '../../scheduler/timetable.ts';
import { intervalOf } from './serialize.ts';
import { intervalLengthMs } from './validate.ts';

export class SubscriptionTimers {
  constructor(private readonly timetable: Timetable) {}

  /** (Re)arms after a create, update, enable or disable. */
  sync(row: SubscriptionRow): void {
    this.forget(row.id);
    if (row.is_disabled) return;
    if (row.schedule_type === SubscriptionScheduleType.interval) {
      const interval = intervalOf(row);
      if (interval) this.timetable.armEvery('subscription', row.id, intervalLengthMs(interval));
    } else if (row.schedule) {
      this.timetable.arm('subscription', row.id, [row.schedule]);
    }
  }

  forget(subId: number): void {
    this.timetable.disarm('subscription', subId);
  }
}
