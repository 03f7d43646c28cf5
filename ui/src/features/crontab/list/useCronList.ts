import { CronStatus } from '@contract/enums.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { onEvent } from '../../../lib/live.ts';
import { listCrons, onCronsChanged, type Cron, type ListParams } from '../api.ts';

export const pageSizes = [20, 50, 100, 200] as const;
const sizeKey = 'baihu_crontab_page_size';

function savedSize(): number {
  const size = Number(localStorage.getItem(sizeKey));
  return (pageSizes as readonly number[]).includes(size) ? size : 20;
}

export interface CronListState {
  params: ListParams;
  rows: Cron[];
  total: number;
  loading: boolean;
  error: string | null;
  setParams: (patch: Partial<ListParams>) => void;
  reload: () => void;
}

/**
 * One page of tasks from the server (search, view, column sorter, page and size), kept fresh without polling: a
 * `cronStatus` event updates the row's status at once, and when a run ends the page is fetched again (debounced) for
 * its last-run time, duration and next run.
 */
export function useCronList(): CronListState {
  const [params, setParamsState] = useState<ListParams>(() => ({
    page: 1,
    size: savedSize(),
    searchValue: '',
    sorter: null,
    view: null,
  }));
  const [rows, setRows] = useState<Cron[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const request = useRef(0);
  const paramsRef = useRef(params);
  paramsRef.current = params;

  const load = useCallback(async (quiet = false) => {
    const ticket = ++request.current;
    if (!quiet) setLoading(true);
    try {
      const page = await listCrons(paramsRef.current);
      if (ticket !== request.current) return;
      setRows(page.data);
      setTotal(page.total);
      setError(null);
    } catch (failure) {
      if (ticket === request.current) setError((failure as Error).message);
    } finally {
      if (ticket === request.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [params, load]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const refresh = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void load(true), 400);
    };
    const stopEvents = onEvent('cronStatus', (payload) => {
      const { id, status } = (payload ?? {}) as { id?: number; status?: number };
      if (typeof id !== 'number' || typeof status !== 'number') return;
      setRows((current) => current.map((row) => (row.id === id ? { ...row, status } : row)));
      if (status !== CronStatus.running) refresh();
    });
    const stopChanges = onCronsChanged(() => void load(true));
    return () => {
      if (timer) clearTimeout(timer);
      stopEvents();
      stopChanges();
    };
  }, [load]);

  const setParams = useCallback((patch: Partial<ListParams>) => {
    if (patch.size) localStorage.setItem(sizeKey, String(patch.size));
    // Anything but the page itself starts again from the first page.
    setParamsState((current) => ({ ...current, ...patch, page: patch.page ?? 1 }));
  }, []);

  return { params, rows, total, loading, error, setParams, reload: () => void load(true) };
}
