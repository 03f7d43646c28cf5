import { useLingui } from '@lingui/react/macro';
import { RowActions } from '../../components/list/RowActions.tsx';
import type { Dependency } from './api.ts';
import { isBusy } from './status.tsx';
import type { DepAction } from './useDepActions.tsx';

/** Log, reinstall or cancel, and a menu with edit, delete and force delete; every button names its dependency. */
export function DepRowActions({ dep, onAction }: { dep: Dependency; onAction: (action: DepAction) => void }) {
  const { t } = useLingui();
  const name = dep.name;
  const busy = isBusy(dep.status);
  return (
    <RowActions
      name={name}
      buttons={[
        { label: t`Log of ${name}`, title: t`Log`, icon: 'log', onClick: () => onAction('log') },
        busy
          ? {
              label: t`Cancel install of ${name}`,
              title: t`Cancel install`,
              icon: 'stop',
              tone: 'danger',
              onClick: () => onAction('cancel'),
            }
          : {
              label: t`Reinstall ${name}`,
              title: t`Reinstall`,
              icon: 'reinstall',
              tone: 'primary',
              onClick: () => onAction('reinstall'),
            },
      ]}
      menu={[
        { label: t`Edit and reinstall`, onSelect: () => onAction('edit') },
        ...(busy ? [{ label: t`Reinstall`, onSelect: () => onAction('reinstall') }] : []),
        { label: t`Delete`, onSelect: () => onAction('delete'), danger: true },
        { label: t`Force delete`, onSelect: () => onAction('forceDelete'), danger: true },
      ]}
    />
  );
}
