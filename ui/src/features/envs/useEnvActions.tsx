import { useLingui } from '@lingui/react/macro';
import { useBatchActions } from '../../components/list/useBatchActions.tsx';
import { envBatch, envsChanged, removeEnvs, type Env, type EnvBatchAction } from './api.ts';

export type EnvAction = EnvBatchAction | 'edit' | 'rename' | 'delete';

/**
 * The variable actions, for one row or a selection: enable, disable, pin, unpin straight away; edit and rename open
 * their modal routes; delete asks first, naming the variable or counting them.
 */
export function useEnvActions(after?: () => void) {
  const { t } = useLingui();
  return useBatchActions<Env, EnvBatchAction, 'edit' | 'rename' | 'delete'>(
    {
      batch: envBatch,
      done: {
        enable: (n) => (n === 1 ? t`Variable enabled` : t`${n} variables enabled`),
        disable: (n) => (n === 1 ? t`Variable disabled` : t`${n} variables disabled`),
        pin: (n) => (n === 1 ? t`Variable pinned` : t`${n} variables pinned`),
        unpin: (n) => (n === 1 ? t`Variable unpinned` : t`${n} variables unpinned`),
      },
      open: {
        edit: ([env]) => `/env/modal?id=${env!.id}`,
        rename: (envs) => `/env/editNameModal?ids=${envs.map((e) => e.id).join(',')}`,
      },
      confirm: {
        delete: {
          title: (envs) => {
            const count = envs.length;
            const name = envs[0]!.name;
            return count === 1 ? t`Delete variable “${name}”?` : t`Delete ${count} variables?`;
          },
          description: t`Scripts will no longer see them from their next run. This cannot be undone.`,
          confirmLabel: t`Delete`,
          run: removeEnvs,
          done: (envs) => (envs.length === 1 ? t`Variable deleted` : t`${envs.length} variables deleted`),
        },
      },
      changed: envsChanged,
    },
    after,
  );
}
