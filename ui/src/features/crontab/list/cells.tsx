import { Link } from 'wouter';
import { PinnedMark } from '../../../components/list/cells.tsx';
import { formatDateTime, formatDuration } from '../../../lib/format.ts';
import type { Cron } from '../api.ts';

export const lastRun = (cron: Cron) =>
  cron.last_execution_time ? formatDateTime(cron.last_execution_time * 1000) : '—';
export const lastDuration = (cron: Cron) =>
  cron.last_running_time !== null && cron.last_running_time !== undefined
    ? formatDuration(cron.last_running_time * 1000)
    : '—';
export const nextRun = (cron: Cron) => (cron.nextRunTime ? formatDateTime(cron.nextRunTime) : '—');

/** The task's name, linking to its detail page, marked when pinned; a long name ends in … (whole in its title). */
export function NameCell({ cron }: { cron: Cron }) {
  return (
    <span className="flex min-w-0 items-center gap-1.5">
      <PinnedMark pinned={cron.isPinned} />
      <Link
        href={`/crontab/detail?id=${cron.id}`}
        title={cron.name}
        className="min-w-0 truncate font-medium text-fg hover:text-primary"
      >
        {cron.name}
      </Link>
    </span>
  );
}
