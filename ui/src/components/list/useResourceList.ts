import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { onChange } from '../../lib/changes.ts';
import { onEvent } from '../../lib/live.ts';

/** A server event about one row (`cronStatus`, `dependencyStatus`…): its id, new status and anything else it says. */
export type StatusChange = { id: number; status: number } & Record<string, unknown>;

export interface LiveUpdates<Row> {
  /** The event's name. */
  event: string;
  /** The rows with the change applied, shown at once. */
  apply: (rows: Row[], change: StatusChange) => Row[];
  /** Whether to fetch the list again (after a short pause) for what the event does not carry; always by default. */
  refetch?: (change: StatusChange) => boolean;
}

/** One page of rows, or all of them (a list API without pages). */
type Reply<Row> = Row[] | { data: Row[]; total: number };

export interface ResourceList<Row> {
  rows: Row[];
  /** Rows on the server for this query (the length of the list when the API has no pages). */
  total: number;
  loading: boolean;
  error: string | null;
  /** Fetches again without showing the spinner. */
  reload: () => void;
  /** For optimistic changes (a row moved at once, before the server answers). */
  setRows: Dispatch<SetStateAction<Row[]>>;
}

/**
 * The rows of a list screen, kept fresh without polling: fetched whenever the query changes (a reply to an older
 * query is dropped), fetched again quietly after any change the UI made to `resource` (lib/changes.ts: whatever form,
 * row action or dialog made it), and, with `live`, patched at once by the area's status event and then fetched
 * again after a short pause (several events, one fetch).
 */
export function useResourceList<Row, Query>({
  query,
  fetch,
  resource,
  live,
}: {
  /** What to show (search, page, type…); compared by value, so a fresh object with the same contents is no change. */
  query: Query;
  fetch: (query: Query) => Promise<Reply<Row>>;
  /** The API resource the rows come from (`crons`, `envs`): a change of it reads them again. */
  resource: string;
  live?: LiveUpdates<Row>;
}): ResourceList<Row> {
  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const ticket = useRef(0);
  // The latest arguments, read when a fetch starts, so `load` stays one stable function.
  const latest = useRef({ query, fetch, live });
  latest.current = { query, fetch, live };
  const queryKey = JSON.stringify(query);

  const load = useCallback(async (quiet = false) => {
    const mine = ++ticket.current;
    if (!quiet) setLoading(true);
    try {
      const reply = await latest.current.fetch(latest.current.query);
      if (mine !== ticket.current) return;
      const list = Array.isArray(reply) ? reply : reply.data;
      setRows(list);
      setTotal(Array.isArray(reply) ? reply.length : reply.total);
      setError(null);
    } catch (failure) {
      if (mine === ticket.current) setError((failure as Error).message);
    } finally {
      if (mine === ticket.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [queryKey, load]);

  const liveEvent = live?.event;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const refetchSoon = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void load(true), 400);
    };
    const stopEvents = liveEvent
      ? onEvent(
          liveEvent,
          (payload) => {
            const change = (payload ?? {}) as Partial<StatusChange>;
            if (typeof change.id !== 'number' || typeof change.status !== 'number') return;
            const updates = latest.current.live!;
            setRows((current) => updates.apply(current, change as StatusChange));
            if (updates.refetch?.(change as StatusChange) ?? true) refetchSoon();
          },
          refetchSoon,
        )
      : () => {};
    const stopChanges = onChange(resource, () => void load(true));
    return () => {
      if (timer) clearTimeout(timer);
      stopEvents();
      stopChanges();
    };
  }, [liveEvent, resource, load]);

  return { rows, total, loading, error, reload: useCallback(() => void load(true), [load]), setRows };
}
