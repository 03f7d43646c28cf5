import { useEffect, useState } from 'react';
import { api } from '../../../lib/api.ts';
import type { Cron } from '../api.ts';

/**
 * Names of the subscriptions that made the tasks on the page (a task stores only `sub_id`). Fetched once some task
 * on the page comes from a subscription, and again when a new subscription id appears.
 */
export function useSubscriptionNames(rows: Cron[]): Map<number, string> {
  const [names, setNames] = useState<Map<number, string>>(new Map());
  const missing = rows.some((r) => r.sub_id !== null && !names.has(r.sub_id));
  useEffect(() => {
    if (!missing) return;
    let live = true;
    api
      .get<{ id: number; name: string }[]>('subscriptions')
      .then((subs) => live && setNames(new Map(subs.map((s) => [s.id, s.name]))))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [missing]);
  return names;
}

/** The subscription's name, or `#id` until it is known (or when it was deleted). */
export const subscriptionLabel = (names: Map<number, string>, id: number | null) =>
  id === null ? '—' : (names.get(id) ?? `#${id}`);
