import { DependencyStatus } from '@contract/enums.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { onEvent } from '../../lib/live.ts';
import { listDependencies, onDependenciesChanged, type Dependency, type DependencyTypeName } from './api.ts';

/**
 * The dependencies of one type (search sent after a pause), kept fresh without polling: a `dependencyStatus` event
 * updates the row at once (a removed one leaves the list) and, after a short pause, the list is fetched again for
 * its times; an event for a row not on screen (added elsewhere) fetches it too.
 */
export function useDepList(type: DependencyTypeName, searchValue: string) {
  const [rows, setRows] = useState<Dependency[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const request = useRef(0);
  const query = useRef({ type, searchValue });
  query.current = { type, searchValue };

  const load = useCallback(async (quiet = false) => {
    const ticket = ++request.current;
    if (!quiet) setLoading(true);
    try {
      const list = await listDependencies(query.current.type, query.current.searchValue);
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
  }, [type, searchValue, load]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const refresh = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void load(true), 400);
    };
    const stopEvents = onEvent('dependencyStatus', (payload) => {
      const { id, status } = (payload ?? {}) as { id?: number; status?: number };
      if (typeof id !== 'number' || typeof status !== 'number') return;
      setRows((current) =>
        status === DependencyStatus.removed
          ? current.filter((row) => row.id !== id)
          : current.map((row) => (row.id === id ? { ...row, status } : row)),
      );
      refresh();
    });
    const stopChanges = onDependenciesChanged(() => void load(true));
    return () => {
      if (timer) clearTimeout(timer);
      stopEvents();
      stopChanges();
    };
  }, [load]);

  return { rows, loading, error, reload: () => void load(true) };
}
