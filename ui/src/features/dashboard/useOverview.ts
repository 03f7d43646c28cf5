import { dataSizesEvent } from '@contract/about.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { onEvent } from '../../lib/live.ts';
import { getOverview, type Overview } from './api.ts';

/**
 * The overview, fetched again (at most once a second) when a task's status changes on the WebSocket, so counts,
 * running and queued follow the runs without polling; when a measurement of the data folder is done (the first
 * read, as the page opens, measures it now); and once a minute for what runs next.
 */
export function useOverview(): { overview: Overview | null; error: string | null } {
  const [state, setState] = useState<{ overview: Overview | null; error: string | null }>({
    overview: null,
    error: null,
  });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const load = useCallback((fresh = false) => {
    getOverview(fresh)
      .then((overview) => setState({ overview, error: null }))
      .catch((e: unknown) => setState((s) => ({ ...s, error: e instanceof Error ? e.message : String(e) })));
  }, []);
  useEffect(() => {
    load(true);
    const soon = () => {
      timer.current ??= setTimeout(() => {
        timer.current = null;
        load();
      }, 1000);
    };
    const stop = onEvent('cronStatus', soon, soon);
    const stopSizes = onEvent(dataSizesEvent, soon);
    const minute = setInterval(() => load(), 60_000);
    return () => {
      stop();
      stopSizes();
      clearInterval(minute);
      if (timer.current) clearTimeout(timer.current);
    };
  }, [load]);
  return state;
}
