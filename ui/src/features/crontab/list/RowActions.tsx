import { CronStatus } from '@contract/enums.ts';
import { useLingui } from '@lingui/react/macro';
import { Button } from '../../../components/ui/Button.tsx';
import { DropdownMenu, MenuItem, MenuSeparator } from '../../../components/ui/DropdownMenu.tsx';
import type { Cron } from '../api.ts';
import { ActionIcon } from './icons.tsx';
import type { RowAction } from './useCronActions.tsx';

/** Run or stop, log, and a menu with edit, enable/disable, pin/unpin and delete; every button names its task. */
export function RowActions({ cron, onAction }: { cron: Cron; onAction: (action: RowAction) => void }) {
  const { t } = useLingui();
  const busy = cron.status === CronStatus.running || cron.status === CronStatus.queued;
  const name = cron.name;
  return (
    <div className="flex items-center justify-end gap-0.5">
      {busy ? (
        <Button
          size="icon"
          variant="ghost"
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
        {busy && <MenuItem onSelect={() => onAction('run')}>{t`Run again`}</MenuItem>}
        {!busy && <MenuItem onSelect={() => onAction('stop')}>{t`Stop`}</MenuItem>}
        <MenuItem onSelect={() => onAction(cron.isDisabled ? 'enable' : 'disable')}>
          {cron.isDisabled ? t`Enable` : t`Disable`}
        </MenuItem>
        <MenuItem onSelect={() => onAction(cron.isPinned ? 'unpin' : 'pin')}>
          {cron.isPinned ? t`Unpin` : t`Pin`}
        </MenuItem>
        <MenuSeparator />
        <MenuItem onSelect={() => onAction('delete')} className="text-danger-text">
          {t`Delete`}
        </MenuItem>
      </DropdownMenu>
    </div>
  );
}
