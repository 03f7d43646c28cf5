import { SubscriptionScheduleType } from '@contract/enums.ts';
import { t } from '@lingui/core/macro';
import type { Subscription } from './api.ts';

export const unitLabel = (unit: string): string =>
  unit === 'days' ? t`days` : unit === 'hours' ? t`hours` : unit === 'minutes' ? t`minutes` : t`seconds`;

/** A subscription's schedule in a few words: the cron expression, or "Every 2 hours". */
export function scheduleText(sub: Pick<Subscription, 'schedule_type' | 'schedule' | 'interval_schedule'>): string {
  if (sub.schedule_type === SubscriptionScheduleType.interval && sub.interval_schedule) {
    const { value, type } = sub.interval_schedule;
    const unit = unitLabel(type);
    return t`Every ${value} ${unit}`;
  }
  return sub.schedule ?? '—';
}
