import { useLingui } from '@lingui/react/macro';
import { cn } from '../../../components/ui/cn.ts';
import type { Cron } from '../api.ts';
import { CronStatusBadge } from '../status.tsx';
import { Labels, TimeCell } from '../../../components/list/cells.tsx';
import { Checkbox, type SelectionProps } from '../../../components/list/Checkbox.tsx';
import { failedRowClass, LastResult, lastDuration, lastFailed, NameCell } from './cells.tsx';
import { subscriptionLabel, useSubscriptionNames } from './useSubscriptionNames.ts';
import { CronRowActions } from './RowActions.tsx';
import type { RowAction } from './useCronActions.tsx';

/** The task list at phone width: one card per task with the same checkbox, status and actions as the table. */
export function CronCards({
  rows,
  selected,
  onSelect,
  onAction,
}: {
  rows: Cron[];
  onAction: (action: RowAction, cron: Cron) => void;
} & SelectionProps) {
  const { t } = useLingui();
  const subscriptions = useSubscriptionNames(rows);
  return (
    <ul aria-label={t`Scheduled tasks`} className="flex flex-col divide-y divide-line">
      {rows.map((cron) => (
        <li
          key={cron.id}
          className={cn(
            'flex gap-3 px-3 py-3',
            cron.isPinned ? 'bg-primary-soft/30' : '',
            lastFailed(cron) && failedRowClass,
          )}
        >
          <div className="pt-0.5">
            <Checkbox
              label={t`Select ${cron.name}`}
              checked={selected.has(cron.id)}
              onChange={(on) => onSelect([cron.id], on)}
            />
          </div>
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <div className="flex items-center justify-between gap-2">
              <NameCell cron={cron} />
              <CronStatusBadge cron={cron} />
            </div>
            <code className="truncate text-[12px] text-muted" title={cron.command}>
              {cron.command}
            </code>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-[12px] text-muted">
              <span className="font-mono">{cron.schedule}</span>
              {cron.sub_id !== null && (
                <span className="truncate">
                  {t({ message: 'From', context: 'the subscription a task came from' })}{' '}
                  {subscriptionLabel(subscriptions, cron.sub_id)}
                </span>
              )}
              <span>
                {t({ message: 'Next', context: 'the time of the next run' })} <TimeCell ms={cron.nextRunTime} />
              </span>
            </div>
            {cron.labels.length > 0 && <Labels labels={cron.labels} />}
            {/* Each piece keeps to one line; the actions move under them when the width runs out. */}
            <div className="-my-1 -mr-1 flex flex-wrap items-center gap-x-3 text-[12px] text-muted">
              {cron.last_execution_time ? (
                <>
                  <LastResult cron={cron} />
                  <span className="whitespace-nowrap">
                    {t`Last`} <TimeCell ms={cron.last_execution_time * 1000} />
                  </span>
                  <span className="whitespace-nowrap">{lastDuration(cron)}</span>
                </>
              ) : (
                <span>{t`Not run yet`}</span>
              )}
              <span className="ml-auto">
                <CronRowActions cron={cron} onAction={(action) => onAction(action, cron)} />
              </span>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
