import { EnvStatus } from '@contract/enums.ts';
import { useLingui } from '@lingui/react/macro';
import { ActionIcon } from '../../components/list/ActionIcon.tsx';
import { RowActions } from '../../components/list/RowActions.tsx';
import { Button } from '../../components/ui/Button.tsx';
import type { Env } from './api.ts';
import type { EnvAction } from './useEnvActions.tsx';

/** Edit, and a menu with enable/disable, pin/unpin, rename and delete; every button names its variable. */
export function EnvRowActions({ env, onAction }: { env: Env; onAction: (action: EnvAction) => void }) {
  const { t } = useLingui();
  const name = env.name;
  const disabled = env.status === EnvStatus.disabled;
  return (
    <RowActions
      name={name}
      buttons={[{ label: t`Edit ${name}`, title: t`Edit`, icon: 'edit', onClick: () => onAction('edit') }]}
      menu={[
        disabled
          ? { label: t`Enable`, onSelect: () => onAction('enable') }
          : { label: t`Disable`, onSelect: () => onAction('disable') },
        env.isPinned
          ? { label: t`Unpin`, onSelect: () => onAction('unpin') }
          : { label: t`Pin`, onSelect: () => onAction('pin') },
        { label: t`Rename`, onSelect: () => onAction('rename') },
        { label: t`Delete`, onSelect: () => onAction('delete'), danger: true },
      ]}
    />
  );
}

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
      <ActionIcon name={direction} />
    </Button>
  );
  return (
    <span className="inline-flex items-center">
      {button('up')}
      {button('down')}
    </span>
  );
}
