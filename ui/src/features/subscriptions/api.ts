/** The subscription API (daemon/src/modules/subscriptions/routes.ts), typed with the contract's wire types. */
import type {
  ParsedCommand,
  Subscription,
  SubscriptionInput,
  SubscriptionRun,
  SubscriptionUpdateInput,
} from '@contract/subscriptions.ts';
import { api } from '../../lib/api.ts';

export type { ParsedCommand, Subscription, SubscriptionInput, SubscriptionRun, SubscriptionUpdateInput };

export const listSubscriptions = (searchValue: string) => {
  const query = new URLSearchParams();
  if (searchValue.trim()) query.set('searchValue', searchValue.trim());
  const qs = query.toString();
  return api.get<Subscription[]>(qs ? `subscriptions?${qs}` : 'subscriptions');
};
export const getSubscription = (id: number) => api.get<Subscription>(`subscriptions/${id}`);
export const createSubscription = (input: SubscriptionInput) => api.post<Subscription>('subscriptions', input);
export const updateSubscription = (input: SubscriptionUpdateInput) => api.put<Subscription>('subscriptions', input);
export const removeSubscriptions = (ids: number[], force: boolean) =>
  api.delete<null>(force ? 'subscriptions?force=true' : 'subscriptions', ids);

export type SubBatchAction = 'run' | 'stop' | 'enable' | 'disable';
export const subBatch = (action: SubBatchAction, ids: number[]) => api.put<null>(`subscriptions/${action}`, ids);

export const latestRuns = (id: number, limit = 1) =>
  api.get<SubscriptionRun[]>(`subscriptions/${id}/instances?limit=${limit}`);
export const parseCommand = (command: string) => api.post<ParsedCommand>('subscriptions/parse', { command });

/** The resource the subscriptions are (lib/changes.ts): any change the UI makes to them reads them again. */
export const subscriptionsResource = 'subscriptions';
