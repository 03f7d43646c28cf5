import { useResourceList } from '../../components/list/useResourceList.ts';
import { listSubscriptions, subscriptionsResource, type Subscription } from './api.ts';

/**
 * The subscriptions matching a search, kept fresh without polling: a `subscriptionStatus` event updates the row at
 * once and, after a short pause, the list is fetched again for its times and ends.
 */
export function useSubList(searchValue: string) {
  return useResourceList<Subscription, string>({
    query: searchValue,
    fetch: listSubscriptions,
    resource: subscriptionsResource,
    live: {
      event: 'subscriptionStatus',
      apply: (rows, { id, status, end }) =>
        rows.map((row) =>
          row.id === id ? { ...row, status, ...(typeof end === 'string' && end ? { last_end: end } : {}) } : row,
        ),
    },
  });
}
