import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useBatchActions } from '../../components/list/useBatchActions.tsx';
import { envBatch, removeEnvs, type Env, type EnvBatchAction } from './api.ts';

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
        enable: (n) => plural(n, { 1: 'Variable enabled', other: '# variables enabled' }),
        disable: (n) => plural(n, { 1: 'Variable disabled', other: '# variables disabled' }),
        pin: (n) => plural(n, { 1: 'Variable pinned', other: '# variables pinned' }),
        unpin: (n) => plural(n, { 1: 'Variable unpinned', other: '# variables unpinned' }),
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
            return plural(count, { 1: `Delete variable “${name}”?`, other: 'Delete # variables?' });
          },
          description: (envs) =>
            plural(envs.length, {
              1: 'Scripts will no longer see it from their next run. This cannot be undone.',
              other: 'Scripts will no longer see them from their next run. This cannot be undone.',
            }),
          confirmLabel: t`Delete`,
          run: removeEnvs,
          done: (envs) => plural(envs.length, { 1: 'Variable deleted', other: '# variables deleted' }),
        },
      },
    },
    after,
  );
}
