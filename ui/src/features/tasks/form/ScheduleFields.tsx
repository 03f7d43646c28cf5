import { useLingui } from '@lingui/react/macro';
import { Button } from '../../../components/ui/Button.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { SegmentedControl } from '../../../components/ui/SegmentedControl.tsx';
import type { Errors } from '../../../lib/formRules.ts';
import type { Draft, ScheduleType } from './model.ts';
import { SchedulePreview } from './SchedulePreview.tsx';
import { TextField } from '../../../components/TextField.tsx';

/** Schedule type, the schedule with its live preview, and the extra schedules. */
export function ScheduleFields({
  draft,
  set,
  errors,
}: {
  draft: Draft;
  set: (patch: Partial<Draft>) => void;
  errors: Errors;
}) {
  const { t } = useLingui();
  const types: { value: ScheduleType; label: string }[] = [
    { value: 'normal', label: t`On a schedule` },
    { value: 'once', label: t`Manual only` },
    { value: 'boot', label: t`At start-up` },
  ];
  const typeHint: Record<ScheduleType, string> = {
    normal: t`Runs at the times of a cron expression.`,
    once: t`Never scheduled (@once): runs only when you start it.`,
    boot: t`Runs once each time the panel starts (@boot).`,
  };
  const setExtra = (index: number, value: string) =>
    set({ extraSchedules: draft.extraSchedules.map((s, i) => (i === index ? value : s)) });

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1.5">
        <span className="text-[13px] font-medium" id="schedule-type-label">
          {t`Schedule type`}
        </span>
        <SegmentedControl
          label={t`Schedule type`}
          value={draft.scheduleType}
          onChange={(scheduleType) => set({ scheduleType })}
          options={types}
        />
        <p className="text-xs text-muted">{typeHint[draft.scheduleType]}</p>
      </div>
      {draft.scheduleType === 'normal' && (
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
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1.5 text-[13px] font-medium">{t`Extra schedules`}</legend>
            {draft.extraSchedules.map((schedule, index) => (
              <div key={index} className="flex flex-col gap-1">
                <div className="flex gap-2">
                  <Input
                    aria-label={t`Extra schedule ${index + 1}`}
                    aria-invalid={errors[`extra_schedules.${index}`] ? true : undefined}
                    value={schedule}
                    onChange={(e) => setExtra(index, e.target.value)}
                    className="font-mono"
                    spellCheck={false}
                  />
                  <Button
                    aria-label={t`Remove extra schedule ${index + 1}`}
                    onClick={() => set({ extraSchedules: draft.extraSchedules.filter((_, i) => i !== index) })}
                  >
                    {t`Remove`}
                  </Button>
                </div>
                {errors[`extra_schedules.${index}`] && (
                  <p className="text-xs text-danger-text">{errors[`extra_schedules.${index}`]}</p>
                )}
              </div>
            ))}
            {errors.extra_schedules && <p className="text-xs text-danger-text">{errors.extra_schedules}</p>}
            <div>
              <Button
                size="sm"
                onClick={() => set({ extraSchedules: [...draft.extraSchedules, ''] })}
                disabled={draft.extraSchedules.length >= 20}
              >
                {t`Add a schedule`}
              </Button>
            </div>
          </fieldset>
        </>
      )}
    </div>
  );
}
