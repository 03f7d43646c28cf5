import { useLingui } from '@lingui/react/macro';
import { SelectionToolbar } from '../../components/SelectionToolbar.tsx';
import { Button } from '../../components/ui/Button.tsx';
import type { Subscription } from './api.ts';
import type { SubAction } from './useSubActions.tsx';

/** Shown while subscriptions are selected: the batch actions and the count. */
export function BatchBar({
  subs,
  onAction,
  onClear,
}: {
  subs: Subscription[];
  onAction: (action: SubAction, subs: Subscription[]) => void;
  onClear: () => void;
}) {
  const { t } = useLingui();
  const n = subs.length;
  return (
    <SelectionToolbar label={t`Actions for the selected subscriptions`} count={n} onClear={onClear}>
      <Button size="sm" onClick={() => onAction('run', subs)}>
        {t`Run`}
      </Button>
      <Button size="sm" onClick={() => onAction('stop', subs)}>
        {t`Stop`}
      </Button>
      <Button size="sm" onClick={() => onAction('enable', subs)}>
        {t`Enable`}
      </Button>
      <Button size="sm" onClick={() => onAction('disable', subs)}>
        {t`Disable`}
      </Button>
      <Button size="sm" variant="danger" onClick={() => onAction('delete', subs)}>
        {t`Delete`}
      </Button>
    </SelectionToolbar>
  );
}
