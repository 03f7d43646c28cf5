import { useLingui } from '@lingui/react/macro';
import { useBatchActions } from '../../components/list/useBatchActions.tsx';
import { removeSubscriptions, subBatch, subscriptionsChanged, type SubBatchAction, type Subscription } from './api.ts';

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
        run: (n) => (n === 1 ? t`Pull started` : t`${n} pulls started`),
        stop: (n) => (n === 1 ? t`Pull stopped` : t`${n} pulls stopped`),
        enable: (n) => (n === 1 ? t`Subscription enabled` : t`${n} subscriptions enabled`),
        disable: (n) => (n === 1 ? t`Subscription disabled` : t`${n} subscriptions disabled`),
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
            return count === 1 ? t`Delete “${name}”?` : t`Delete ${count} subscriptions?`;
          },
          description: (force) =>
            force
              ? t`Its tasks and the scripts it pulled are deleted too.`
              : t`Its tasks and scripts stay; they are no longer updated by a pull.`,
          option: t`Also delete its tasks and files`,
          confirmLabel: t`Delete`,
          run: removeSubscriptions,
          done: (subs) => {
            const n = subs.length;
            return n === 1 ? t`Subscription deleted` : t`${n} subscriptions deleted`;
          },
        },
      },
      changed: subscriptionsChanged,
    },
    after,
  );
}
