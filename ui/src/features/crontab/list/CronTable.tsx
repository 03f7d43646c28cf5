import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Table, TBody, Td, Th, THead, Tr } from '../../../components/ui/Table.tsx';
import { cn } from '../../../components/ui/cn.ts';
import type { Cron, ListParams } from '../api.ts';
import { CronStatusBadge } from '../status.tsx';
import { Labels, TimeCell } from '../../../components/list/cells.tsx';
import { Checkbox, SelectAllCheckbox, type SelectionProps } from '../../../components/list/Checkbox.tsx';
import { lastDuration, NameCell } from './cells.tsx';
import { CronRowActions } from './RowActions.tsx';
import type { RowAction } from './useCronActions.tsx';

type Sorter = ListParams['sorter'];

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
  const current = sorter?.field === field ? sorter.type : null;
  const next: Sorter =
    current === null ? { field, type: 'ascend' } : current === 'ascend' ? { field, type: 'descend' } : null;
  return (
    <Th
      className={className}
      aria-sort={current === 'ascend' ? 'ascending' : current === 'descend' ? 'descending' : 'none'}
    >
      <button
        type="button"
        onClick={() => onSort(next)}
        className={cn('inline-flex items-center gap-1 hover:text-fg', current && 'text-fg')}
      >
        {children}
        <span aria-hidden="true" className="text-[10px] leading-none">
          {current === 'ascend' ? '▲' : current === 'descend' ? '▼' : '↕'}
        </span>
      </button>
    </Th>
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
  const sort = { sorter, onSort };
  // Ten columns share the width: tighter cell padding keeps "next run" in view on a laptop screen.
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
          <SortTh field="labels" {...sort}>{t`Labels`}</SortTh>
          <SortTh field="last_execution_time" {...sort}>{t`Last run`}</SortTh>
          <SortTh field="last_running_time" {...sort}>{t`Last duration`}</SortTh>
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
            className={cn(cron.isPinned ? 'bg-primary-soft/30' : '', cron.isDisabled ? 'text-muted' : '')}
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
            <Td className="max-w-32 truncate font-mono text-[12px]" title={cron.command}>
              {cron.command}
            </Td>
            <Td className="font-mono text-[12px]">{cron.schedule}</Td>
            <Td>
              <CronStatusBadge cron={cron} />
            </Td>
            <Td className="max-w-48 overflow-hidden">
              <Labels labels={cron.labels} />
            </Td>
            <Td className="tabular-nums">
              <TimeCell ms={cron.last_execution_time ? cron.last_execution_time * 1000 : null} />
            </Td>
            <Td className="tabular-nums">{lastDuration(cron)}</Td>
            <Td className="tabular-nums">
              <TimeCell ms={cron.nextRunTime} />
            </Td>
            {withSubscriptions && <Td>{cron.sub_id ? `#${cron.sub_id}` : '—'}</Td>}
            <Td className="sticky right-0 bg-surface py-0!">
              <CronRowActions cron={cron} onAction={(action) => onAction(action, cron)} />
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
