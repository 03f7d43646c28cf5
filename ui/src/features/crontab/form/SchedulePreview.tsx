import { nextRuns, parseSchedule } from '@contract/schedule.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { describeSchedule } from '../describe.ts';

const timeFormat = () =>
  new Intl.DateTimeFormat(document.documentElement.lang || undefined, {
    weekday: 'short',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  });

/** What a schedule means: a sentence for common shapes and its next five fire times, computed by the same parser as the daemon. */
export function SchedulePreview({ schedule, id }: { schedule: string; id?: string }) {
  const { t } = useLingui();
  const preview = useMemo(() => {
    const parsed = parseSchedule(schedule);
    if (parsed.kind !== 'cron') return null;
    const format = timeFormat();
    return {
      description: describeSchedule(parsed.expression),
      expression: parsed.expression,
      times: nextRuns(parsed.expression, 5, new Date()).map((d) => format.format(d)),
    };
  }, [schedule]);
  if (!preview) return null;
  return (
    <section
      id={id}
      aria-label={t`Schedule preview`}
      className="rounded-md border border-line bg-subtle px-3 py-2 text-[13px]"
    >
      <p className="font-medium" data-testid="schedule-description">
        {preview.description ?? <span className="font-mono">{preview.expression}</span>}
      </p>
      <p className="mt-1 text-xs text-muted">
        <Trans>Next 5 runs, in this browser's local time:</Trans>
      </p>
      <ol className="mt-0.5 font-mono text-xs tabular-nums">
        {preview.times.map((time) => (
          <li key={time}>{time}</li>
        ))}
      </ol>
    </section>
  );
}
