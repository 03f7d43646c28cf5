import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from '../ui/Button.tsx';

export interface ToolbarAction {
  label: string;
  onClick: () => void;
  /** Drawn in red, after the others (delete). */
  danger?: boolean;
  /** Cannot apply to the selected rows now (Stop with none of them running). */
  disabled?: boolean;
}

/**
 * The bar a list shows while rows are selected: how many, the area's batch actions, and a way to clear the
 * selection. Every list uses this one, so they look and read alike. `children` (extra controls such as the labels
 * button) come after the plain actions and before the dangerous ones.
 */
export function SelectionToolbar({
  label,
  count,
  onClear,
  actions,
  children,
}: {
  /** Accessible name, e.g. "Actions for the selected tasks". */
  label: string;
  count: number;
  onClear: () => void;
  actions: ToolbarAction[];
  children?: ReactNode;
}) {
  const { t } = useLingui();
  const button = ({ label, onClick, danger, disabled }: ToolbarAction) => (
    <Button key={label} size="sm" variant={danger ? 'danger' : undefined} onClick={onClick} disabled={disabled}>
      {label}
    </Button>
  );
  return (
    <div
      role="toolbar"
      aria-label={label}
      className="flex flex-wrap items-center gap-1.5 border-b border-line bg-primary-soft/60 px-3 py-2"
    >
      <span className="mr-1 text-[13px] font-medium" aria-live="polite">
        {t`${count} selected`}
      </span>
      {actions.filter((action) => !action.danger).map(button)}
      {children}
      {actions.filter((action) => action.danger).map(button)}
      <Button size="sm" variant="link" onClick={onClear}>
        {t`Clear selection`}
      </Button>
    </div>
  );
}
