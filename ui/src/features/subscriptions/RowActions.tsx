import { useLingui } from '@lingui/react/macro';
import { RowActions } from '../../components/list/RowActions.tsx';
import type { Subscription } from './api.ts';
import { isBusy } from './status.tsx';
import type { SubAction } from './useSubActions.tsx';

/** Run or stop, log, and a menu with edit, enable/disable and delete; every button names its subscription. */
export function SubRowActions({ sub, onAction }: { sub: Subscription; onAction: (action: SubAction) => void }) {
  const { t } = useLingui();
  const name = sub.name;
  return (
    <RowActions
      name={name}
      buttons={[
        isBusy(sub.status)
          ? { label: t`Stop ${name}`, title: t`Stop`, icon: 'stop', tone: 'danger', onClick: () => onAction('stop') }
          : { label: t`Run ${name}`, title: t`Run`, icon: 'play', tone: 'primary', onClick: () => onAction('run') },
        { label: t`Log of ${name}`, title: t`Log`, icon: 'log', onClick: () => onAction('log') },
      ]}
      menu={[
        { label: t`Edit`, onSelect: () => onAction('edit') },
        sub.is_disabled
          ? { label: t`Enable`, onSelect: () => onAction('enable') }
          : { label: t`Disable`, onSelect: () => onAction('disable') },
        { label: t`Delete`, onSelect: () => onAction('delete'), danger: true },
      ]}
    />
  );
}
