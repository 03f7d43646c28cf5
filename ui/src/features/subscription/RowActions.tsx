import { useLingui } from '@lingui/react/macro';
import { Button } from '../../components/ui/Button.tsx';
import { DropdownMenu, MenuItem, MenuSeparator } from '../../components/ui/DropdownMenu.tsx';
import { ActionIcon } from '../crontab/list/icons.tsx';
import type { Subscription } from './api.ts';
import { isBusy } from './status.tsx';
import type { SubAction } from './useSubActions.tsx';

/** Run or stop, log, and a menu with edit, enable/disable and delete; every button names its subscription. */
export function RowActions({ sub, onAction }: { sub: Subscription; onAction: (action: SubAction) => void }) {
  const { t } = useLingui();
  const name = sub.name;
  const busy = isBusy(sub.status);
  return (
    <div className="flex items-center justify-end gap-0.5">
      {busy ? (
        <Button
          size="icon"
          variant="ghost"
          className="size-7!"
          aria-label={t`Stop ${name}`}
          title={t`Stop`}
          onClick={() => onAction('stop')}
        >
          <ActionIcon name="stop" className="size-4 text-danger-text" />
        </Button>
      ) : (
        <Button
          size="icon"
          variant="ghost"
          className="size-7!"
          aria-label={t`Run ${name}`}
          title={t`Run`}
          onClick={() => onAction('run')}
        >
          <ActionIcon name="play" className="size-4 text-primary" />
        </Button>
      )}
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
        <MenuItem onSelect={() => onAction('edit')}>{t`Edit`}</MenuItem>
        {sub.is_disabled ? (
          <MenuItem onSelect={() => onAction('enable')}>{t`Enable`}</MenuItem>
        ) : (
          <MenuItem onSelect={() => onAction('disable')}>{t`Disable`}</MenuItem>
        )}
        <MenuSeparator />
        <MenuItem onSelect={() => onAction('delete')} className="text-danger-text">
          {t`Delete`}
        </MenuItem>
      </DropdownMenu>
    </div>
  );
}
