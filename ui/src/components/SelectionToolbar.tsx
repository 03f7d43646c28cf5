import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from './ui/Button.tsx';

/**
 * The bar a list shows while rows are selected: how many, the area's batch actions (children), and a way to clear
 * the selection. Every list uses this one, so they look and read alike.
 */
export function SelectionToolbar({
  label,
  count,
  onClear,
  children,
}: {
  /** Accessible name, e.g. "Actions for the selected tasks". */
  label: string;
  count: number;
  onClear: () => void;
  children: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <div
      role="toolbar"
      aria-label={label}
      className="flex flex-wrap items-center gap-1.5 border-b border-line bg-primary-soft/60 px-3 py-2"
    >
      <span className="mr-1 text-[13px] font-medium" aria-live="polite">
        {t`${count} selected`}
      </span>
      {children}
      <Button size="sm" variant="link" onClick={onClear}>
        {t`Clear selection`}
      </Button>
    </div>
  );
}
