import { useLingui } from '@lingui/react/macro';
import { Table, TBody, Td, Th, THead, Tr } from '../../components/ui/Table.tsx';
import { TimeCell } from '../../components/list/cells.tsx';
import { Checkbox, SelectAllCheckbox, type SelectionProps } from '../../components/list/Checkbox.tsx';
import type { Dependency } from './api.ts';
import { DepRowActions } from './RowActions.tsx';
import { DepStatusBadge } from './status.tsx';
import type { DepAction } from './useDepActions.tsx';

export interface DepListProps extends SelectionProps {
  rows: Dependency[];
  onAction: (action: DepAction, dep: Dependency) => void;
}

/** The dependencies of one type for wide screens. */
export function DepTable({ rows, selected, onSelect, onAction }: DepListProps) {
  const { t } = useLingui();
  const ids = rows.map((r) => r.id);
  return (
    <Table label={t`Dependencies`} containerClassName="max-h-[calc(100dvh-260px)] min-h-64 overflow-y-auto">
      <THead>
        <tr>
          <Th className="w-9 pr-0">
            <SelectAllCheckbox label={t`Select all dependencies`} ids={ids} selected={selected} onSelect={onSelect} />
          </Th>
          <Th>{t`Name`}</Th>
          <Th>{t`Status`}</Th>
          <Th>{t`Remark`}</Th>
          <Th>{t`Created`}</Th>
          <Th>{t`Updated`}</Th>
          <Th className="sticky right-0 bg-subtle text-right">{t`Actions`}</Th>
        </tr>
      </THead>
      <TBody>
        {rows.map((dep) => (
          <Tr key={dep.id}>
            <Td className="pr-0">
              <Checkbox
                label={t`Select ${dep.name}`}
                checked={selected.has(dep.id)}
                onChange={(on) => onSelect([dep.id], on)}
              />
            </Td>
            <Td className="max-w-72 truncate font-mono text-[13px] font-medium" title={dep.name}>
              {dep.name}
            </Td>
            <Td>
              <DepStatusBadge status={dep.status} />
            </Td>
            <Td className="max-w-60 truncate" title={dep.remark ?? undefined}>
              {dep.remark || <span className="text-faint">—</span>}
            </Td>
            <Td className="tabular-nums">
              <TimeCell ms={Date.parse(dep.createdAt)} />
            </Td>
            <Td className="tabular-nums">
              <TimeCell ms={Date.parse(dep.updatedAt)} />
            </Td>
            <Td className="sticky right-0 bg-surface py-0!">
              <DepRowActions dep={dep} onAction={(action) => onAction(action, dep)} />
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}

/** The dependencies at phone width: one card each, with the same checkbox, status and actions. */
export function DepCards({ rows, selected, onSelect, onAction }: DepListProps) {
  const { t } = useLingui();
  return (
    <ul aria-label={t`Dependencies`} className="flex flex-col divide-y divide-line">
      {rows.map((dep) => (
        <li key={dep.id} className="flex gap-3 px-3 py-3">
          <div className="pt-0.5">
            <Checkbox
              label={t`Select ${dep.name}`}
              checked={selected.has(dep.id)}
              onChange={(on) => onSelect([dep.id], on)}
            />
          </div>
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <div className="flex items-center justify-between gap-2">
              <span className="truncate font-mono text-[13px] font-medium">{dep.name}</span>
              <DepStatusBadge status={dep.status} />
            </div>
            {dep.remark && <p className="truncate text-[12px] text-muted">{dep.remark}</p>}
            <div className="-my-1 -mr-1 flex items-center gap-x-3 text-[12px] text-muted">
              <span>
                {t`Updated`} <TimeCell ms={Date.parse(dep.updatedAt)} />
              </span>
              <span className="ml-auto">
                <DepRowActions dep={dep} onAction={(action) => onAction(action, dep)} />
              </span>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
