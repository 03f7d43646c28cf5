import { useLingui } from '@lingui/react/macro';
import { SelectionToolbar } from '../../components/list/SelectionToolbar.tsx';
import type { Subscription } from './api.ts';
import { isBusy } from './status.tsx';
import type { SubAction } from './useSubActions.tsx';

/** Shown while subscriptions are selected: the batch actions and the count. */
export function SubBatchBar({
  subs,
  onAction,
  onClear,
}: {
  subs: Subscription[];
  onAction: (action: SubAction, subs: Subscription[]) => void;
  onClear: () => void;
}) {
  const { t } = useLingui();
  const action = (label: string, name: SubAction, danger = false, disabled = false) => ({
    label,
    onClick: () => onAction(name, subs),
    danger,
    disabled,
  });
  return (
    <SelectionToolbar
      label={t`Actions for the selected subscriptions`}
      count={subs.length}
      onClear={onClear}
      actions={[
        action(t`Run`, 'run'),
        action(t`Stop`, 'stop', false, !subs.some((sub) => isBusy(sub.status))),
        action(t`Enable`, 'enable'),
        action(t`Disable`, 'disable'),
        action(t`Delete`, 'delete', true),
      ]}
    />
  );
}
