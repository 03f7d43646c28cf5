import { useLingui } from '@lingui/react/macro';
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
    <div
      role="toolbar"
      aria-label={t`Actions for the selected dependencies`}
      className="flex flex-wrap items-center gap-1.5 border-b border-line bg-primary-soft/60 px-3 py-2"
    >
      <span className="mr-1 text-[13px] font-medium" aria-live="polite">
        {t`${n} selected`}
      </span>
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
      <Button size="sm" variant="link" onClick={onClear}>
        {t`Clear selection`}
      </Button>
    </div>
  );
}
