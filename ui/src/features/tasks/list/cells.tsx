import { useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { LogStateBadge, type LogState } from '../../../components/log/LogPane.tsx';
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
        className="min-w-0 truncate font-medium text-fg hover:text-primary-text"
      >
        {cron.name}
      </Link>
    </span>
  );
}

const ends = new Set<string>(['success', 'failed', 'stopped', 'timeout', 'interrupted']);

/** How a task's last run ended, with its exit code when it failed; a dash before its first run. */
export function LastResult({ cron }: { cron: Pick<Cron, 'last_end' | 'last_exit_code'> }) {
  const { t } = useLingui();
  if (!cron.last_end || !ends.has(cron.last_end)) return <span className="text-faint">—</span>;
  const code = cron.last_exit_code;
  return (
    <span className="inline-flex items-center gap-1.5">
      <LogStateBadge state={cron.last_end as LogState} />
      {cron.last_end === 'failed' && code !== null && (
        <span className="text-xs text-muted tabular-nums">{t`exit ${code}`}</span>
      )}
    </span>
  );
}

/** The last run failed or timed out: the row is drawn red. */
export const lastFailed = (cron: Pick<Cron, 'last_end'>) => cron.last_end === 'failed' || cron.last_end === 'timeout';

/** A red bar at the row's start and a red tint, for a task whose last run failed. */
export const failedRowClass =
  'bg-[color-mix(in_srgb,var(--color-status-failed)_7%,transparent)] shadow-[inset_3px_0_0_var(--color-status-failed)]';

/** The same tint, opaque, for the sticky actions cell that covers what scrolls under it. */
export const failedCellClass = 'bg-[color-mix(in_srgb,var(--color-status-failed)_7%,var(--color-surface))]';
