import { useLingui } from '@lingui/react/macro';
import { cn } from '../../components/ui/cn.ts';
import { Labels } from '../../components/list/cells.tsx';
import { Checkbox } from '../../components/list/Checkbox.tsx';
import { EnvValue } from './EnvValue.tsx';
import { NameCell, type EnvListProps } from './EnvTable.tsx';
import { EnvRowActions, MoveButtons } from './RowActions.tsx';
import { EnvStatusBadge } from './status.tsx';
import { canMove } from './useEnvList.ts';

/** The variables at phone width: one card each, with the same checkbox, value, status, order buttons and actions. */
export function EnvCards({
  rows,
  selected,
  onSelect,
  onAction,
  revealed,
  onReveal,
  reorderable,
  onMove,
}: EnvListProps) {
  const { t } = useLingui();
  return (
    <ul aria-label={t`Environment variables`} className="flex flex-col divide-y divide-line">
      {rows.map((env, index) => (
        <li
          key={env.id}
          className={cn(
            'flex gap-3 px-3 py-3',
            env.isPinned ? 'bg-primary-soft/30' : '',
            env.status ? 'text-muted' : '',
          )}
        >
          <div className="pt-0.5">
            <Checkbox
              label={t`Select ${env.name} (row ${index + 1})`}
              checked={selected.has(env.id)}
              onChange={(on) => onSelect([env.id], on)}
            />
          </div>
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <div className="flex items-center justify-between gap-2">
              <NameCell env={env} />
              <EnvStatusBadge env={env} />
            </div>
            <EnvValue
              name={env.name}
              value={env.value}
              revealed={revealed.has(env.id)}
              onReveal={(on) => onReveal(env.id, on)}
            />
            {env.remarks && <p className="truncate text-[12px] text-muted">{env.remarks}</p>}
            {env.labels.length > 0 && <Labels labels={env.labels} />}
            <div className="-my-1 -mr-1 flex items-center justify-between">
              {reorderable ? (
                <MoveButtons
                  name={env.name}
                  position={index + 1}
                  canUp={canMove(rows, index, index - 1)}
                  canDown={canMove(rows, index, index + 1)}
                  onMove={(step) => onMove(env.id, index + step)}
                />
              ) : (
                <span />
              )}
              <EnvRowActions env={env} onAction={(action) => onAction(action, env)} />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
