import { useLingui } from '@lingui/react/macro';
import { SelectionToolbar } from '../../components/SelectionToolbar.tsx';
import { Button } from '../../components/ui/Button.tsx';
import type { Dependency } from './api.ts';
import type { DepAction } from './useDepActions.tsx';

/** Shown while dependencies are selected: the batch actions and the count. */
export function BatchBar({
  deps,
  onAction,
  onClear,
}: {
  deps: Dependency[];
  onAction: (action: DepAction, deps: Dependency[]) => void;
  onClear: () => void;
}) {
  const { t } = useLingui();
  const n = deps.length;
  return (
    <SelectionToolbar label={t`Actions for the selected dependencies`} count={n} onClear={onClear}>
      <Button size="sm" onClick={() => onAction('reinstall', deps)}>
        {t`Reinstall`}
      </Button>
      <Button size="sm" onClick={() => onAction('cancel', deps)}>
        {t`Cancel install`}
      </Button>
      <Button size="sm" variant="danger" onClick={() => onAction('delete', deps)}>
        {t`Delete`}
      </Button>
      <Button size="sm" variant="danger" onClick={() => onAction('forceDelete', deps)}>
        {t`Force delete`}
      </Button>
    </SelectionToolbar>
  );
}
