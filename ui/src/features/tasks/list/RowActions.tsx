import { CronStatus } from '@contract/enums.ts';
import { useLingui } from '@lingui/react/macro';
import { RowActions } from '../../../components/list/RowActions.tsx';
import type { Cron } from '../api.ts';
import type { RowAction } from './useCronActions.tsx';

/** Run or stop, log, and a menu with edit, enable/disable, pin/unpin and delete; every button names its task. */
export function CronRowActions({ cron, onAction }: { cron: Cron; onAction: (action: RowAction) => void }) {
  const { t } = useLingui();
  const busy = cron.status === CronStatus.running || cron.status === CronStatus.queued;
  const name = cron.name;
  return (
    <RowActions
      name={name}
      buttons={[
        busy
          ? { label: t`Stop ${name}`, title: t`Stop`, icon: 'stop', tone: 'danger', onClick: () => onAction('stop') }
          : { label: t`Run ${name}`, title: t`Run`, icon: 'play', tone: 'primary', onClick: () => onAction('run') },
        { label: t`Log of ${name}`, title: t`Log`, icon: 'log', onClick: () => onAction('log') },
      ]}
      menu={[
        { label: t`Edit`, onSelect: () => onAction('edit') },
        busy
          ? { label: t`Run again`, onSelect: () => onAction('run') }
          : { label: t`Stop`, onSelect: () => onAction('stop'), disabled: true },
        cron.isDisabled
          ? { label: t`Enable`, onSelect: () => onAction('enable') }
          : { label: t`Disable`, onSelect: () => onAction('disable') },
        cron.isPinned
          ? { label: t`Unpin`, onSelect: () => onAction('unpin') }
          : { label: t`Pin`, onSelect: () => onAction('pin') },
        { label: t`Delete`, onSelect: () => onAction('delete'), danger: true },
      ]}
    />
  );
}
