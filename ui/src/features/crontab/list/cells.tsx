import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { formatDateTime } from '../../../lib/format.ts';
import { formatDuration } from '../../live/duration.ts';
import type { Cron } from '../api.ts';
import { ActionIcon } from './icons.tsx';

/** A short date and time for dense cells (the full one is in the title). */
export function shortDateTime(ms: number): string {
  const date = new Date(ms);
  const sameYear = date.getFullYear() === new Date().getFullYear();
  return new Intl.DateTimeFormat(document.documentElement.lang || undefined, {
    ...(sameYear ? {} : { year: 'numeric' }),
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(date);
}

export function TimeCell({ ms }: { ms: number | null | undefined }) {
  if (!ms) return <span className="text-faint">—</span>;
  return (
    <time dateTime={new Date(ms).toISOString()} title={formatDateTime(ms)}>
      {shortDateTime(ms)}
    </time>
  );
}

export const lastRun = (cron: Cron) =>
  cron.last_execution_time ? formatDateTime(cron.last_execution_time * 1000) : '—';
export const lastDuration = (cron: Cron) =>
  cron.last_running_time !== null && cron.last_running_time !== undefined
    ? formatDuration(cron.last_running_time * 1000)
    : '—';
export const nextRun = (cron: Cron) => (cron.nextRunTime ? formatDateTime(cron.nextRunTime) : '—');

/** The task's name, linking to its detail page, marked when pinned. */
export function NameCell({ cron }: { cron: Cron }) {
  const { t } = useLingui();
  return (
    <span className="inline-flex min-w-0 items-center gap-1.5">
      {cron.isPinned ? (
        <span title={t`Pinned`} className="shrink-0 text-primary">
          <ActionIcon name="pin" className="size-3.5" />
          <span className="sr-only">
            <Trans>Pinned</Trans>
          </span>
        </span>
      ) : null}
      <Link href={`/crontab/detail?id=${cron.id}`} className="truncate font-medium text-fg hover:text-primary">
        {cron.name}
      </Link>
    </span>
  );
}

export function Labels({ labels }: { labels: string[] }) {
  if (labels.length === 0) return <span className="text-faint">—</span>;
  return (
    <span className="inline-flex gap-1">
      {labels.map((label) => (
        <span key={label} className="rounded bg-primary-soft px-1.5 text-[12px] text-primary">
          {label}
        </span>
      ))}
    </span>
  );
}
