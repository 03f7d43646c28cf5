import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { formatDateTime } from '../../../lib/format.ts';
import { formatDuration } from '../../live/duration.ts';
import type { Cron } from '../api.ts';
import { ActionIcon } from './icons.tsx';

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
    <span className="inline-flex flex-wrap gap-1">
      {labels.map((label) => (
        <span key={label} className="rounded bg-primary-soft px-1.5 text-[12px] text-primary">
          {label}
        </span>
      ))}
    </span>
  );
}
