import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Table, TBody, Td, Th, THead, Tr } from '../../../components/ui/Table.tsx';
import { cn } from '../../../components/ui/cn.ts';
import type { Cron, ListParams } from '../api.ts';
import { CronStatusBadge } from '../status.tsx';
import { Labels, TimeCell } from '../../../components/list/cells.tsx';
import { Checkbox, SelectAllCheckbox, type SelectionProps } from '../../../components/list/Checkbox.tsx';
import { failedCellClass, failedRowClass, LastResult, lastDuration, lastFailed, NameCell } from './cells.tsx';
import { subscriptionLabel, useSubscriptionNames } from './useSubscriptionNames.ts';
import { CronRowActions } from './RowActions.tsx';
import type { RowAction } from './useCronActions.tsx';

type Sorter = ListParams['sorter'];

/** The next sort of a column: ascending, descending, then back to the default order. */
function nextSort(field: string, sorter: Sorter): Sorter {
  const current = sorter?.field === field ? sorter.type : null;
  return current === null ? { field, type: 'ascend' } : current === 'ascend' ? { field, type: 'descend' } : null;
}

const ariaSort = (field: string, sorter: Sorter) =>
  sorter?.field !== field ? 'none' : sorter.type === 'ascend' ? 'ascending' : 'descending';

/** A header's sort button: its label and an arrow saying how the column is sorted. */
function SortButton({
  field,
  sorter,
  onSort,
  children,
}: {
  field: string;
  sorter: Sorter;
  onSort: (sorter: Sorter) => void;
  children: ReactNode;
}) {
  const current = sorter?.field === field ? sorter.type : null;
  return (
    <button
      type="button"
      onClick={() => onSort(nextSort(field, sorter))}
      className={cn('inline-flex items-center gap-1 hover:text-fg', current && 'text-fg')}
    >
      {children}
      <span aria-hidden="true" className="text-[10px] leading-none">
        {current === 'ascend' ? '▲' : current === 'descend' ? '▼' : '↕'}
      </span>
    </button>
  );
}

/** A column header that sorts: ascending, descending, then back to the default order. */
function SortTh({
  field,
  sorter,
  onSort,
  children,
  className,
}: {
  field: string;
  sorter: Sorter;
  onSort: (sorter: Sorter) => void;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Th className={className} aria-sort={ariaSort(field, sorter)}>
      <SortButton field={field} sorter={sorter} onSort={onSort}>
        {children}
      </SortButton>
    </Th>
  );
}

/**
 * How the last run went, in one cell: how it ended (with the exit code of a failure) over when it started and how
 * long it took. One column instead of three keeps the next run in view on a laptop screen.
 */
function LastRunCell({ cron }: { cron: Cron }) {
  if (!cron.last_execution_time) return <span className="text-faint">—</span>;
  return (
    <span className="flex flex-col items-start gap-0.5">
      <LastResult cron={cron} />
      <span className="text-[12px] whitespace-nowrap text-muted tabular-nums">
        <TimeCell ms={cron.last_execution_time * 1000} /> · {lastDuration(cron)}
      </span>
    </span>
  );
}

/** The task table for wide screens: sticky header, sortable columns, a checkbox per row, actions at the end. */
export function CronTable({
  rows,
  sorter,
  onSort,
  selected,
  onSelect,
  onAction,
}: {
  rows: Cron[];
  sorter: Sorter;
  onSort: (sorter: Sorter) => void;
  onAction: (action: RowAction, cron: Cron) => void;
} & SelectionProps) {
  const { t } = useLingui();
  const ids = rows.map((r) => r.id);
  // The subscription column earns its width only once some task on the page comes from a subscription.
  const withSubscriptions = rows.some((r) => r.sub_id !== null);
  // So does the labels column, once some task on the page has a label.
  const withLabels = rows.some((r) => r.labels.length > 0);
  const subscriptions = useSubscriptionNames(rows);
  const sort = { sorter, onSort };
  // Up to ten columns share the width: tighter cell padding keeps "next run" in view on a laptop screen.
  return (
    <Table
      label={t`Scheduled tasks`}
      className="[&_td]:px-2 [&_th]:px-2"
      containerClassName="max-h-[calc(100dvh-260px)] min-h-64 overflow-y-auto"
    >
      <THead>
        <tr>
          <Th className="w-9 pr-0">
            <SelectAllCheckbox
              label={t`Select all tasks on this page`}
              ids={ids}
              selected={selected}
              onSelect={onSelect}
            />
          </Th>
          <SortTh field="name" {...sort}>{t`Name`}</SortTh>
          <SortTh field="command" {...sort}>{t`Command`}</SortTh>
          <SortTh field="schedule" {...sort}>{t`Schedule`}</SortTh>
          <SortTh field="status" {...sort}>{t`Status`}</SortTh>
          {withLabels && (
            <SortTh field="labels" {...sort}>
              {t`Labels`}
            </SortTh>
          )}
          <Th
            aria-sort={
              sorter?.field === 'last_running_time'
                ? ariaSort('last_running_time', sorter)
                : ariaSort('last_execution_time', sorter)
            }
          >
            <span className="inline-flex items-center gap-2 whitespace-nowrap">
              <SortButton field="last_execution_time" {...sort}>
                {t`Last run`}
              </SortButton>
              <SortButton field="last_running_time" {...sort}>
                {t({ message: 'Duration', comment: 'Sorts the task table by how long the last run took' })}
              </SortButton>
            </span>
          </Th>
          <Th>{t`Next run`}</Th>
          {withSubscriptions && (
            <SortTh field="sub_id" {...sort}>
              {t`Subscription`}
            </SortTh>
          )}
          <Th className="sticky right-0 bg-subtle text-right">{t`Actions`}</Th>
        </tr>
      </THead>
      <TBody>
        {rows.map((cron) => (
          <Tr
            key={cron.id}
            className={cn(
              cron.isPinned ? 'bg-primary-soft/30' : '',
              cron.isDisabled ? 'text-muted' : '',
              lastFailed(cron) && failedRowClass,
            )}
          >
            <Td className="pr-0">
              <Checkbox
                label={t`Select ${cron.name}`}
                checked={selected.has(cron.id)}
                onChange={(on) => onSelect([cron.id], on)}
              />
            </Td>
            <Td className="max-w-56 overflow-hidden">
              <NameCell cron={cron} />
            </Td>
            <Td className="max-w-28 truncate font-mono text-[12px]" title={cron.command}>
              {cron.command}
            </Td>
            <Td className="font-mono text-[12px]">{cron.schedule}</Td>
            <Td>
              <CronStatusBadge cron={cron} />
            </Td>
            {withLabels && (
              <Td className="max-w-48 overflow-hidden">
                <Labels labels={cron.labels} />
              </Td>
            )}
            <Td>
              <LastRunCell cron={cron} />
            </Td>
            <Td className="tabular-nums">
              <TimeCell ms={cron.nextRunTime} />
            </Td>
            {withSubscriptions && (
              <Td className="max-w-40 truncate" title={subscriptionLabel(subscriptions, cron.sub_id)}>
                {subscriptionLabel(subscriptions, cron.sub_id)}
              </Td>
            )}
            <Td className={cn('sticky right-0 py-0!', lastFailed(cron) ? failedCellClass : 'bg-surface')}>
              <CronRowActions cron={cron} onAction={(action) => onAction(action, cron)} />
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
