import { IntervalUnit, SubscriptionScheduleType } from '@contract/enums.ts';
import { useLingui } from '@lingui/react/macro';
import { Input } from '../../../components/ui/Input.tsx';
import { SegmentedControl } from '../../../components/ui/SegmentedControl.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { SchedulePreview } from '../../tasks/index.ts';
import { unitLabel } from '../schedule.ts';
import type { DraftProps } from './fields.tsx';
import type { ScheduleKind, Unit } from './model.ts';
import { TextField } from '../../../components/TextField.tsx';

/** When pulls run: a cron schedule (with the same preview as tasks) or every so many minutes, hours or days. */
export function ScheduleChoice({ draft, set, errors }: DraftProps) {
  const { t } = useLingui();
  const scheduleTypes: { value: ScheduleKind; label: string }[] = [
    { value: SubscriptionScheduleType.crontab, label: t`Cron` },
    { value: SubscriptionScheduleType.interval, label: t`Interval` },
  ];
  const units = Object.values(IntervalUnit).map((value) => ({ value, label: unitLabel(value) }));
  return (
    <>
      <div className="flex flex-col gap-1.5">
        <span className="text-[13px] font-medium" aria-hidden="true">
          {t`Schedule type`}
        </span>
        <div>
          <SegmentedControl
            label={t`Schedule type`}
            value={draft.scheduleType}
            onChange={(scheduleType) => set({ scheduleType })}
            options={scheduleTypes}
          />
        </div>
      </div>
      {draft.scheduleType === SubscriptionScheduleType.crontab ? (
        <>
          <TextField
            label={t`Schedule`}
            error={errors.schedule}
            hint={t`5 fields (minute hour day month weekday) or 6 with seconds first, e.g. 0 */2 * * *`}
            value={draft.schedule}
            onChange={(text) => set({ schedule: text })}
            placeholder="0 */2 * * *"
            className="font-mono"
            autoComplete="off"
            spellCheck={false}
          />
          <SchedulePreview schedule={draft.schedule} />
        </>
      ) : (
        <fieldset className="flex flex-col gap-1.5">
          <legend className="mb-1.5 text-[13px] font-medium">{t`Pull every`}</legend>
          <div className="flex gap-2">
            <Input
              type="number"
              min={1}
              aria-label={t`Interval`}
              aria-invalid={errors.interval_schedule ? true : undefined}
              value={draft.intervalValue}
              onChange={(e) => set({ intervalValue: e.target.value })}
              className="w-28"
            />
            <Select
              aria-label={t`Unit`}
              value={draft.intervalUnit}
              onChange={(e) => set({ intervalUnit: e.target.value as Unit })}
              options={units}
              className="w-36"
            />
          </div>
          {errors.interval_schedule && <p className="text-xs text-danger-text">{errors.interval_schedule}</p>}
        </fieldset>
      )}
    </>
  );
}
