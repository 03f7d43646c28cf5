import { EnvStatus } from '@contract/enums.ts';
import { useLingui } from '@lingui/react/macro';
import { Button } from '../../components/ui/Button.tsx';
import { DropdownMenu, MenuItem, MenuSeparator } from '../../components/ui/DropdownMenu.tsx';
import { ActionIcon } from '../crontab/list/icons.tsx';
import type { Env } from './api.ts';
import type { EnvAction } from './useEnvActions.tsx';

/** Edit, and a menu with enable/disable, pin/unpin and delete; every button names its variable. */
export function RowActions({ env, onAction }: { env: Env; onAction: (action: EnvAction) => void }) {
  const { t } = useLingui();
  const name = env.name;
  const disabled = env.status === EnvStatus.disabled;
  return (
    <div className="flex items-center justify-end gap-0.5">
      <Button
        size="icon"
        variant="ghost"
        className="size-7!"
        aria-label={t`Edit ${name}`}
        title={t`Edit`}
        onClick={() => onAction('edit')}
      >
        <ActionIcon name="edit" />
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
        <MenuItem onSelect={() => onAction(disabled ? 'enable' : 'disable')}>
          {disabled ? t`Enable` : t`Disable`}
        </MenuItem>
        <MenuItem onSelect={() => onAction(env.isPinned ? 'unpin' : 'pin')}>
          {env.isPinned ? t`Unpin` : t`Pin`}
        </MenuItem>
        <MenuItem onSelect={() => onAction('rename')}>{t`Rename`}</MenuItem>
        <MenuSeparator />
        <MenuItem onSelect={() => onAction('delete')} className="text-danger-text">
          {t`Delete`}
        </MenuItem>
      </DropdownMenu>
    </div>
  );
}

const arrows = { up: 'M12 19V5M6 11l6-6 6 6', down: 'M12 5v14M6 13l6 6 6-6' } as const;

/** Up and down buttons: reordering without a mouse (and on phones). */
export function MoveButtons({
  name,
  position,
  canUp,
  canDown,
  onMove,
}: {
  name: string;
  /** 1-based place in the list, so two variables with one name have different button names. */
  position: number;
  canUp: boolean;
  canDown: boolean;
  onMove: (step: -1 | 1) => void;
}) {
  const { t } = useLingui();
  const button = (direction: 'up' | 'down') => (
    <Button
      size="icon"
      variant="ghost"
      className="size-7! text-muted"
      aria-label={direction === 'up' ? t`Move ${name} (row ${position}) up` : t`Move ${name} (row ${position}) down`}
      title={direction === 'up' ? t`Move up` : t`Move down`}
      disabled={direction === 'up' ? !canUp : !canDown}
      onClick={() => onMove(direction === 'up' ? -1 : 1)}
    >
      <svg
        viewBox="0 0 24 24"
        className="size-4"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d={arrows[direction]} />
      </svg>
    </Button>
  );
  return (
    <span className="inline-flex items-center">
      {button('up')}
      {button('down')}
    </span>
  );
}
