import { useCallback, useEffect, useRef, useState } from 'react';
import { onEvent } from '../../lib/live.ts';
import { listSubscriptions, onSubscriptionsChanged, type Subscription } from './api.ts';

/**
 * The subscriptions (search sent after a pause), kept fresh without polling: a `subscriptionStatus` event updates
 * the row at once and, after a short pause, the list is fetched again for its times and ends.
 */
export function useSubList(searchValue: string) {
  const [rows, setRows] = useState<Subscription[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const request = useRef(0);
  const query = useRef(searchValue);
  query.current = searchValue;

  const load = useCallback(async (quiet = false) => {
    const ticket = ++request.current;
    if (!quiet) setLoading(true);
    try {
      const list = await listSubscriptions(query.current);
      if (ticket !== request.current) return;
      setRows(list);
      setError(null);
    } catch (failure) {
      if (ticket === request.current) setError((failure as Error).message);
    } finally {
      if (ticket === request.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [searchValue, load]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const refresh = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void load(true), 400);
    };
    const stopEvents = onEvent('subscriptionStatus', (payload) => {
      const { id, status, end } = (payload ?? {}) as { id?: number; status?: number; end?: string };
      if (typeof id !== 'number' || typeof status !== 'number') return;
      setRows((current) =>
        current.map((row) => (row.id === id ? { ...row, status, ...(end ? { last_end: end } : {}) } : row)),
      );
      refresh();
    });
    const stopChanges = onSubscriptionsChanged(() => void load(true));
    return () => {
      if (timer) clearTimeout(timer);
      stopEvents();
      stopChanges();
    };
  }, [load]);

  return { rows, loading, error, reload: () => void load(true) };
}
