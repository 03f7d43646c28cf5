import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useBatchActions } from '../../../components/list/useBatchActions.tsx';
import { batch, removeCrons, type BatchAction, type Cron } from '../api.ts';

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
        run: (n) => plural(n, { 1: 'Task started', other: '# tasks started' }),
        stop: (n) => plural(n, { 1: 'Task stopped', other: '# tasks stopped' }),
        enable: (n) => plural(n, { 1: 'Task enabled', other: '# tasks enabled' }),
        disable: (n) => plural(n, { 1: 'Task disabled', other: '# tasks disabled' }),
        pin: (n) => plural(n, { 1: 'Task pinned', other: '# tasks pinned' }),
        unpin: (n) => plural(n, { 1: 'Task unpinned', other: '# tasks unpinned' }),
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
            return plural(count, {
              1: `Delete task “${name}” and its run history?`,
              other: 'Delete # tasks and their run history?',
            });
          },
          description: (crons) =>
            plural(crons.length, {
              1: 'Its log files stay on disk. This cannot be undone.',
              other: 'Their log files stay on disk. This cannot be undone.',
            }),
          confirmLabel: t`Delete`,
          run: removeCrons,
          done: (crons) => plural(crons.length, { 1: 'Task deleted', other: '# tasks deleted' }),
        },
      },
    },
    after,
  );
}
