import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useBatchActions } from '../../components/list/useBatchActions.tsx';
import { removeSubscriptions, subBatch, type SubBatchAction, type Subscription } from './api.ts';

export type SubAction = SubBatchAction | 'log' | 'edit' | 'delete';

/**
 * The subscription actions, for one row or a selection: run, stop, enable and disable at once; delete after a
 * confirmation naming or counting them, which asks whether their tasks and files go too (force).
 */
export function useSubActions(after?: () => void) {
  const { t } = useLingui();
  return useBatchActions<Subscription, SubBatchAction, 'log' | 'edit' | 'delete'>(
    {
      batch: subBatch,
      done: {
        run: (n) => plural(n, { 1: 'Pull started', other: '# pulls started' }),
        stop: (n) => plural(n, { 1: 'Pull stopped', other: '# pulls stopped' }),
        enable: (n) => plural(n, { 1: 'Subscription enabled', other: '# subscriptions enabled' }),
        disable: (n) => plural(n, { 1: 'Subscription disabled', other: '# subscriptions disabled' }),
      },
      open: {
        log: ([sub]) => `/subscription/logModal?id=${sub!.id}`,
        edit: ([sub]) => `/subscription/modal?id=${sub!.id}`,
      },
      confirm: {
        delete: {
          title: (subs) => {
            const count = subs.length;
            const name = subs[0]!.name;
            return plural(count, { 1: `Delete “${name}”?`, other: 'Delete # subscriptions?' });
          },
          description: (subs, force) =>
            force
              ? plural(subs.length, {
                  1: 'Its tasks and the scripts it pulled are deleted too.',
                  other: 'Their tasks and the scripts they pulled are deleted too.',
                })
              : plural(subs.length, {
                  1: 'Its tasks and scripts stay; they are no longer updated by a pull.',
                  other: 'Their tasks and scripts stay; they are no longer updated by a pull.',
                }),
          option: (subs) =>
            plural(subs.length, { 1: 'Also delete its tasks and files', other: 'Also delete their tasks and files' }),
          confirmLabel: t`Delete`,
          run: removeSubscriptions,
          done: (subs) => {
            const n = subs.length;
            return plural(n, { 1: 'Subscription deleted', other: '# subscriptions deleted' });
          },
        },
      },
    },
    after,
  );
}
