import { useLingui } from '@lingui/react/macro';
import { useState, type DragEvent } from 'react';
import { cn } from '../../components/ui/cn.ts';
import { Table, TBody, Td, Th, THead, Tr } from '../../components/ui/Table.tsx';
import { Labels, PinnedMark, TimeCell } from '../../components/list/cells.tsx';
import { Checkbox, SelectAllCheckbox, type SelectionProps } from '../../components/list/Checkbox.tsx';
import type { Env } from './api.ts';
import { EnvValue } from './EnvValue.tsx';
import { EnvRowActions, MoveButtons } from './RowActions.tsx';
import { EnvStatusBadge } from './status.tsx';
import { canMove } from './useEnvList.ts';
import type { EnvAction } from './useEnvActions.tsx';

export interface EnvListProps extends SelectionProps {
  rows: Env[];
  onAction: (action: EnvAction, env: Env) => void;
  revealed: Set<number>;
  onReveal: (id: number, on: boolean) => void;
  /** Reordering is offered only over the whole list (not while searching). */
  reorderable: boolean;
  onMove: (id: number, toIndex: number) => void;
}

export function NameCell({ env }: { env: Env }) {
  return (
    <span className="inline-flex min-w-0 items-center gap-1.5">
      <PinnedMark pinned={env.isPinned} />
      <span className="truncate font-mono text-[13px] font-medium">{env.name}</span>
    </span>
  );
}

const grip = 'M9 6h.01M15 6h.01M9 12h.01M15 12h.01M9 18h.01M15 18h.01';

/**
 * The variables for wide screens: drag a row by its handle (native drag and drop) or use the arrow buttons to
 * reorder; a drop is only offered within the row's pin group, as the server keeps pinned rows first.
 */
export function EnvTable({
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
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const ids = rows.map((r) => r.id);

  const onDragOver = (event: DragEvent, index: number) => {
    if (dragging === null || !canMove(rows, dragging, index)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    if (over !== index) setOver(index);
  };
  const onDrop = (event: DragEvent, index: number) => {
    event.preventDefault();
    if (dragging !== null && canMove(rows, dragging, index)) onMove(rows[dragging]!.id, index);
    setDragging(null);
    setOver(null);
  };

  return (
    <Table label={t`Environment variables`} containerClassName="max-h-[calc(100dvh-230px)] min-h-64 overflow-y-auto">
      <THead>
        <tr>
          <Th className="w-9 pr-0">
            <SelectAllCheckbox label={t`Select all variables`} ids={ids} selected={selected} onSelect={onSelect} />
          </Th>
          {reorderable && (
            <Th className="w-20 px-1">
              <span className="sr-only">{t`Order`}</span>
            </Th>
          )}
          <Th>{t`Name`}</Th>
          <Th>{t`Value`}</Th>
          <Th>{t`Remarks`}</Th>
          <Th>{t`Status`}</Th>
          <Th>{t`Labels`}</Th>
          <Th>{t`Updated`}</Th>
          <Th className="sticky right-0 bg-subtle text-right">{t`Actions`}</Th>
        </tr>
      </THead>
      <TBody>
        {rows.map((env, index) => {
          const dropHere = over === index && dragging !== null && dragging !== index;
          return (
            <Tr
              key={env.id}
              onDragOver={reorderable ? (e) => onDragOver(e, index) : undefined}
              onDrop={reorderable ? (e) => onDrop(e, index) : undefined}
              className={cn(
                env.isPinned ? 'bg-primary-soft/30' : '',
                env.status ? 'text-muted' : '',
                dragging === index && 'opacity-50',
                dropHere &&
                  (dragging! < index
                    ? 'shadow-[inset_0_-2px_0_var(--color-primary)]'
                    : 'shadow-[inset_0_2px_0_var(--color-primary)]'),
              )}
            >
              <Td className="pr-0">
                <Checkbox
                  label={t`Select ${env.name} (row ${index + 1})`}
                  checked={selected.has(env.id)}
                  onChange={(on) => onSelect([env.id], on)}
                />
              </Td>
              {reorderable && (
                <Td className="px-1 py-0!">
                  <span className="inline-flex items-center">
                    <span
                      draggable
                      onDragStart={(e) => {
                        e.dataTransfer.effectAllowed = 'move';
                        e.dataTransfer.setData('text/plain', String(env.id));
                        setDragging(index);
                      }}
                      onDragEnd={() => {
                        setDragging(null);
                        setOver(null);
                      }}
                      title={t`Drag to reorder`}
                      data-testid="drag-handle"
                      className="flex h-7 w-5 cursor-grab items-center justify-center text-faint hover:text-fg active:cursor-grabbing"
                    >
                      <svg
                        viewBox="0 0 24 24"
                        className="size-4"
                        fill="none"
                        stroke="currentColor"
                        strokeWidth={3.2}
                        strokeLinecap="round"
                        aria-hidden="true"
                      >
                        <path d={grip} />
                      </svg>
                    </span>
                    <MoveButtons
                      name={env.name}
                      position={index + 1}
                      canUp={canMove(rows, index, index - 1)}
                      canDown={canMove(rows, index, index + 1)}
                      onMove={(step) => onMove(env.id, index + step)}
                    />
                  </span>
                </Td>
              )}
              <Td className="max-w-56">
                <NameCell env={env} />
              </Td>
              <Td className="max-w-72">
                <EnvValue
                  name={env.name}
                  value={env.value}
                  revealed={revealed.has(env.id)}
                  onReveal={(on) => onReveal(env.id, on)}
                  className="max-w-full"
                />
              </Td>
              <Td className="max-w-52 truncate" title={env.remarks ?? undefined}>
                {env.remarks || <span className="text-faint">—</span>}
              </Td>
              <Td>
                <EnvStatusBadge env={env} />
              </Td>
              <Td className="max-w-48 overflow-hidden">
                <Labels labels={env.labels} />
              </Td>
              <Td className="tabular-nums">
                <TimeCell ms={Date.parse(env.updatedAt)} />
              </Td>
              <Td className="sticky right-0 bg-surface py-0!">
                <EnvRowActions env={env} onAction={(action) => onAction(action, env)} />
              </Td>
            </Tr>
          );
        })}
      </TBody>
    </Table>
  );
}
