import { useLingui } from '@lingui/react/macro';
import { SelectionToolbar } from '../../components/list/SelectionToolbar.tsx';
import type { Dependency } from './api.ts';
import type { DepAction } from './useDepActions.tsx';

/** Shown while dependencies are selected: the batch actions and the count. */
export function DepBatchBar({
  deps,
  onAction,
  onClear,
}: {
  deps: Dependency[];
  onAction: (action: DepAction, deps: Dependency[]) => void;
  onClear: () => void;
}) {
  const { t } = useLingui();
  const action = (label: string, name: DepAction, danger = false) => ({
    label,
    onClick: () => onAction(name, deps),
    danger,
  });
  return (
    <SelectionToolbar
      label={t`Actions for the selected dependencies`}
      count={deps.length}
      onClear={onClear}
      actions={[
        action(t`Reinstall`, 'reinstall'),
        action(t`Cancel install`, 'cancel'),
        action(t`Delete`, 'delete', true),
        action(t`Force delete`, 'forceDelete', true),
      ]}
    />
  );
}
