import { useLingui } from '@lingui/react/macro';
import { useBatchActions } from '../../../components/list/useBatchActions.tsx';
import { batch, cronsChanged, removeCrons, type BatchAction, type Cron } from '../api.ts';

export type RowAction = BatchAction | 'log' | 'edit' | 'delete';

/**
 * The task actions, for one row or a selection: run, stop, enable, disable, pin, unpin straight away; log and edit
 * open their modal routes; delete after a confirmation that names the task or counts the tasks.
 */
export function useCronActions(after?: () => void) {
  const { t } = useLingui();
  return useBatchActions<Cron, BatchAction, 'log' | 'edit' | 'delete'>(
    {
      batch,
      done: {
        run: (n) => (n === 1 ? t`Task started` : t`${n} tasks started`),
        stop: (n) => (n === 1 ? t`Task stopped` : t`${n} tasks stopped`),
        enable: (n) => (n === 1 ? t`Task enabled` : t`${n} tasks enabled`),
        disable: (n) => (n === 1 ? t`Task disabled` : t`${n} tasks disabled`),
        pin: (n) => (n === 1 ? t`Task pinned` : t`${n} tasks pinned`),
        unpin: (n) => (n === 1 ? t`Task unpinned` : t`${n} tasks unpinned`),
      },
      open: {
        log: ([cron]) => `/crontab/logModal?id=${cron!.id}`,
        edit: ([cron]) => `/crontab/modal?id=${cron!.id}`,
      },
      confirm: {
        delete: {
          title: (crons) => {
            const count = crons.length;
            const name = crons[0]!.name;
            return count === 1 ? t`Delete task “${name}”?` : t`Delete ${count} tasks?`;
          },
          description: t`Their run history goes with them; log files stay on disk. This cannot be undone.`,
          confirmLabel: t`Delete`,
          run: removeCrons,
          done: (crons) => (crons.length === 1 ? t`Task deleted` : t`${crons.length} tasks deleted`),
        },
      },
      changed: cronsChanged,
    },
    after,
  );
}
