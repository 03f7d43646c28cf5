import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useBatchActions } from '../../components/list/useBatchActions.tsx';
import { depBatch, removeDependencies, typeNameOf, type DepBatchAction, type Dependency } from './api.ts';

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
        reinstall: (n) => plural(n, { 1: 'Install queued again', other: '# installs queued again' }),
        cancel: (n) => plural(n, { 1: 'Install cancelled', other: '# installs cancelled' }),
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
            return plural(count, { 1: `Delete “${name}”?`, other: 'Delete # dependencies?' });
          },
          description: (deps) =>
            plural(deps.length, {
              1: 'The package is uninstalled first; if that fails the row stays, marked Removal failed.',
              other: 'The packages are uninstalled first; a row whose removal fails stays, marked Removal failed.',
            }),
          confirmLabel: t`Delete`,
          run: (ids) => removeDependencies(ids, false),
          done: (deps) => {
            const n = deps.length;
            return plural(n, { 1: 'Removal queued', other: '# removals queued' });
          },
        },
        forceDelete: {
          title: (deps) => {
            const count = deps.length;
            const name = deps[0]!.name;
            return plural(count, { 1: `Force delete “${name}”?`, other: 'Force delete # dependencies?' });
          },
          description: (deps) =>
            plural(deps.length, {
              1: 'The row goes even if uninstalling fails or is stuck; files left behind stay on disk.',
              other: 'The rows go even if uninstalling fails or is stuck; files left behind stay on disk.',
            }),
          confirmLabel: t`Force delete`,
          run: (ids) => removeDependencies(ids, true),
          done: (deps) => {
            const n = deps.length;
            return plural(n, { 1: 'Dependency deleted', other: '# dependencies deleted' });
          },
        },
      },
    },
    after,
  );
}
