import { DependencyStatus } from '@contract/enums.ts';
import { useResourceList } from '../../components/list/useResourceList.ts';
import { dependenciesResource, listDependencies, type Dependency, type DependencyTypeName } from './api.ts';

/**
 * The dependencies of one type, kept fresh without polling: a `dependencyStatus` event updates the row at once (a
 * removed one leaves the list) and, after a short pause, the list is fetched again for its times; an event for a row
 * not on screen (added elsewhere) fetches it too.
 */
export function useDepList(type: DependencyTypeName, searchValue: string) {
  return useResourceList<Dependency, { type: DependencyTypeName; searchValue: string }>({
    query: { type, searchValue },
    fetch: (query) => listDependencies(query.type, query.searchValue),
    resource: dependenciesResource,
    live: {
      event: 'dependencyStatus',
      apply: (rows, { id, status }) =>
        status === DependencyStatus.removed
          ? rows.filter((row) => row.id !== id)
          : rows.map((row) => (row.id === id ? { ...row, status } : row)),
    },
  });
}
