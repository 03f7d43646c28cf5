import { useLingui } from '@lingui/react/macro';
import { useBatchActions } from '../../components/list/useBatchActions.tsx';
import {
  dependenciesChanged,
  depBatch,
  removeDependencies,
  typeNameOf,
  type DepBatchAction,
  type Dependency,
} from './api.ts';

export type DepAction = DepBatchAction | 'log' | 'edit' | 'delete' | 'forceDelete';

/**
 * The dependency actions, for one row or a selection: reinstall and cancel at once; delete (uninstalls, then drops
 * the row) and force delete (drops the row whatever the uninstall says) after a confirmation naming or counting them.
 */
export function useDepActions(after?: () => void) {
  const { t } = useLingui();
  return useBatchActions<Dependency, DepBatchAction, 'log' | 'edit' | 'delete' | 'forceDelete'>(
    {
      batch: depBatch,
      done: {
        reinstall: (n) => (n === 1 ? t`Install queued again` : t`${n} installs queued again`),
        cancel: (n) => (n === 1 ? t`Install cancelled` : t`${n} installs cancelled`),
      },
      open: {
        log: ([dep]) => `/dependence/logModal?id=${dep!.id}`,
        edit: ([dep]) => `/dependence/modal?id=${dep!.id}&type=${typeNameOf(dep!.type)}`,
      },
      confirm: {
        delete: {
          title: (deps) => {
            const count = deps.length;
            const name = deps[0]!.name;
            return count === 1 ? t`Delete “${name}”?` : t`Delete ${count} dependencies?`;
          },
          description: t`The package is uninstalled first; if that fails the row stays, marked Removal failed.`,
          confirmLabel: t`Delete`,
          run: (ids) => removeDependencies(ids, false),
          done: (deps) => {
            const n = deps.length;
            return n === 1 ? t`Removal queued` : t`${n} removals queued`;
          },
        },
        forceDelete: {
          title: (deps) => {
            const count = deps.length;
            const name = deps[0]!.name;
            return count === 1 ? t`Force delete “${name}”?` : t`Force delete ${count} dependencies?`;
          },
          description: t`The row goes even if uninstalling fails or is stuck; files left behind stay on disk.`,
          confirmLabel: t`Force delete`,
          run: (ids) => removeDependencies(ids, true),
          done: (deps) => {
            const n = deps.length;
            return n === 1 ? t`Dependency deleted` : t`${n} dependencies deleted`;
          },
        },
      },
      changed: dependenciesChanged,
    },
    after,
  );
}
