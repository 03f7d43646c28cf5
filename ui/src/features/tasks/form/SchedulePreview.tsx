import { nextRuns, parseSchedule } from '@contract/schedule.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { formatDateTime, panelZone } from '../../../lib/format.ts';
import { describeSchedule } from '../describe.ts';

/**
 * What a schedule means: a sentence for common shapes and its next five fire times, computed by the same parser as the
 * daemon, in the panel's time zone (where the daemon reads schedules), shown as every time is.
 */
export function SchedulePreview({ schedule, id }: { schedule: string; id?: string }) {
  const { t } = useLingui();
  const zone = panelZone();
  const preview = useMemo(() => {
    const parsed = parseSchedule(schedule);
    if (parsed.kind !== 'cron') return null;
    return {
      description: describeSchedule(parsed.expression),
      expression: parsed.expression,
      times: nextRuns(parsed.expression, 5, new Date(), panelZone()).map((d) => formatDateTime(d.getTime())),
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
        <Trans>Next 5 runs ({zone}):</Trans>
      </p>
      <ol className="mt-0.5 font-mono text-xs tabular-nums">
        {preview.times.map((time) => (
          <li key={time}>{time}</li>
        ))}
      </ol>
    </section>
  );
}
