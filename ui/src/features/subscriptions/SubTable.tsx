import { useLingui } from '@lingui/react/macro';
import { Table, TBody, Td, Th, THead, Tr } from '../../components/ui/Table.tsx';
import { TimeCell } from '../../components/list/cells.tsx';
import { Checkbox, SelectAllCheckbox, type SelectionProps } from '../../components/list/Checkbox.tsx';
import type { Subscription } from './api.ts';
import { SubRowActions } from './RowActions.tsx';
import { scheduleText } from './schedule.ts';
import { EndBadge, SubStatusBadge, typeLabels } from './status.tsx';
import type { SubAction } from './useSubActions.tsx';

export interface SubListProps extends SelectionProps {
  rows: Subscription[];
  onAction: (action: SubAction, sub: Subscription) => void;
}

function TypeText({ type }: { type: string }) {
  const { i18n } = useLingui();
  const label = typeLabels[type];
  return <>{label ? i18n._(label) : type}</>;
}

/** The subscriptions for wide screens. */
export function SubTable({ rows, selected, onSelect, onAction }: SubListProps) {
  const { t } = useLingui();
  const ids = rows.map((r) => r.id);
  return (
    <Table label={t`Subscriptions`} containerClassName="max-h-[calc(100dvh-220px)] min-h-64 overflow-y-auto">
      <THead>
        <tr>
          <Th className="w-9 pr-0">
            <SelectAllCheckbox label={t`Select all subscriptions`} ids={ids} selected={selected} onSelect={onSelect} />
          </Th>
          <Th>{t`Name`}</Th>
          <Th>{t`Type`}</Th>
          <Th>{t`Link`}</Th>
          <Th>{t`Branch`}</Th>
          <Th>{t`Schedule`}</Th>
          <Th>{t`Status`}</Th>
          <Th>{t`Last pull`}</Th>
          <Th className="sticky right-0 bg-subtle text-right">{t`Actions`}</Th>
        </tr>
      </THead>
      <TBody>
        {rows.map((sub) => (
          <Tr key={sub.id}>
            <Td className="pr-0">
              <Checkbox
                label={t`Select ${sub.name}`}
                checked={selected.has(sub.id)}
                onChange={(on) => onSelect([sub.id], on)}
              />
            </Td>
            <Td className="max-w-36 truncate font-medium" title={sub.name}>
              {sub.name}
            </Td>
            <Td className="whitespace-nowrap">
              <TypeText type={sub.type} />
            </Td>
            <Td className="max-w-40 truncate font-mono text-[12.5px]" title={sub.url}>
              {sub.url}
            </Td>
            <Td className="max-w-28 truncate font-mono text-[12.5px]" title={sub.branch ?? undefined}>
              {sub.branch || <span className="text-faint">—</span>}
            </Td>
            <Td className="font-mono text-[12.5px] whitespace-nowrap">{scheduleText(sub)}</Td>
            <Td>
              <SubStatusBadge status={sub.status} />
            </Td>
            <Td className="whitespace-nowrap tabular-nums">
              <span className="inline-flex items-center gap-1.5">
                <TimeCell ms={sub.last_pull_at} />
                <EndBadge end={sub.last_end} />
              </span>
            </Td>
            <Td className="sticky right-0 bg-surface py-0!">
              <SubRowActions sub={sub} onAction={(action) => onAction(action, sub)} />
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}

/** The subscriptions at phone width: one card each, with the same checkbox, status and actions. */
export function SubCards({ rows, selected, onSelect, onAction }: SubListProps) {
  const { t } = useLingui();
  return (
    <ul aria-label={t`Subscriptions`} className="flex flex-col divide-y divide-line">
      {rows.map((sub) => (
        <li key={sub.id} className="flex gap-3 px-3 py-3">
          <div className="pt-0.5">
            <Checkbox
              label={t`Select ${sub.name}`}
              checked={selected.has(sub.id)}
              onChange={(on) => onSelect([sub.id], on)}
            />
          </div>
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <div className="flex items-center justify-between gap-2">
              <span className="truncate font-medium">{sub.name}</span>
              <SubStatusBadge status={sub.status} />
            </div>
            <p className="truncate font-mono text-[12px] text-muted" title={sub.url}>
              {sub.url}
              {sub.branch ? ` · ${sub.branch}` : ''}
            </p>
            <p className="text-[12px] text-muted">
              <TypeText type={sub.type} /> · <span className="font-mono">{scheduleText(sub)}</span>
            </p>
            <div className="-my-1 -mr-1 flex items-center gap-x-2 text-[12px] text-muted">
              <span className="inline-flex items-center gap-1.5">
                {t`Last pull`} <TimeCell ms={sub.last_pull_at} />
                <EndBadge end={sub.last_end} />
              </span>
              <span className="ml-auto">
                <SubRowActions sub={sub} onAction={(action) => onAction(action, sub)} />
              </span>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
