import { useLingui } from '@lingui/react/macro';
import { Button } from '../../components/ui/Button.tsx';
import { DropdownMenu, MenuItem, MenuSeparator } from '../../components/ui/DropdownMenu.tsx';
import { ActionIcon } from '../crontab/list/icons.tsx';
import type { Dependency } from './api.ts';
import { isBusy } from './status.tsx';
import type { DepAction } from './useDepActions.tsx';

const reinstallIcon = 'M20 12a8 8 0 1 1-2.3-5.7M20 4v5h-5';

/** Log, reinstall or cancel, and a menu with edit, delete and force delete; every button names its dependency. */
export function RowActions({ dep, onAction }: { dep: Dependency; onAction: (action: DepAction) => void }) {
  const { t } = useLingui();
  const name = dep.name;
  const busy = isBusy(dep.status);
  return (
    <div className="flex items-center justify-end gap-0.5">
      <Button
        size="icon"
        variant="ghost"
        className="size-7!"
        aria-label={t`Log of ${name}`}
        title={t`Log`}
        onClick={() => onAction('log')}
      >
        <ActionIcon name="log" />
      </Button>
      {busy ? (
        <Button
          size="icon"
          variant="ghost"
          className="size-7!"
          aria-label={t`Cancel install of ${name}`}
          title={t`Cancel install`}
          onClick={() => onAction('cancel')}
        >
          <ActionIcon name="stop" className="size-4 text-danger-text" />
        </Button>
      ) : (
        <Button
          size="icon"
          variant="ghost"
          className="size-7!"
          aria-label={t`Reinstall ${name}`}
          title={t`Reinstall`}
          onClick={() => onAction('reinstall')}
        >
          <svg
            viewBox="0 0 24 24"
            className="size-4 text-primary"
            fill="none"
            stroke="currentColor"
            strokeWidth={1.8}
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
          >
            <path d={reinstallIcon} />
          </svg>
        </Button>
      )}
      <DropdownMenu
        trigger={
          <Button
            size="icon"
            variant="ghost"
            className="size-7!"
            aria-label={t`More actions for ${name}`}
            title={t`More`}
          >
            <ActionIcon name="more" />
          </Button>
        }
      >
        <MenuItem onSelect={() => onAction('edit')}>{t`Edit and reinstall`}</MenuItem>
        {busy && <MenuItem onSelect={() => onAction('reinstall')}>{t`Reinstall`}</MenuItem>}
        <MenuSeparator />
        <MenuItem onSelect={() => onAction('delete')} className="text-danger-text">
          {t`Delete`}
        </MenuItem>
        <MenuItem onSelect={() => onAction('forceDelete')} className="text-danger-text">
          {t`Force delete`}
        </MenuItem>
      </DropdownMenu>
    </div>
  );
}
