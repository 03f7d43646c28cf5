import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../components/ui/toast-store.ts';
import { listEnvs, moveEnv, onEnvsChanged, type Env } from './api.ts';

export interface EnvListState {
  rows: Env[];
  searchValue: string;
  setSearchValue: (text: string) => void;
  loading: boolean;
  error: string | null;
  reload: () => void;
  /** Moves a row to another index of the (unfiltered) list, at once on screen, then on the server. */
  move: (id: number, toIndex: number) => void;
}

/** Whether `to` is a place `from` may move to: the same pin group (the server never crosses it). */
export function canMove(rows: Env[], from: number, to: number): boolean {
  if (from === to || from < 0 || to < 0 || from >= rows.length || to >= rows.length) return false;
  return rows[from]!.isPinned === rows[to]!.isPinned;
}

/**
 * The whole list of variables (the API has no pages), with the search sent after a short pause. Reordering is
 * optimistic: the row moves on screen at once and the list is fetched again once the server has stored it.
 */
export function useEnvList(): EnvListState {
  const [rows, setRows] = useState<Env[]>([]);
  const [searchValue, setSearchValue] = useState('');
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const request = useRef(0);
  const searchRef = useRef(searchValue);
  searchRef.current = searchValue;

  const load = useCallback(async (quiet = false) => {
    const ticket = ++request.current;
    if (!quiet) setLoading(true);
    try {
      const list = await listEnvs(searchRef.current);
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
  useEffect(() => onEnvsChanged(() => void load(true)), [load]);

  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const move = useCallback(
    (id: number, toIndex: number) => {
      const current = rowsRef.current;
      const fromIndex = current.findIndex((r) => r.id === id);
      if (!canMove(current, fromIndex, toIndex)) return;
      const next = current.slice();
      const [row] = next.splice(fromIndex, 1);
      next.splice(toIndex, 0, row!);
      setRows(next);
      moveEnv(id, fromIndex, toIndex).then(
        () => void load(true),
        (failure: Error) => {
          toast(failure.message, 'error');
          void load(true);
        },
      );
    },
    [load],
  );

  return { rows, searchValue, setSearchValue, loading, error, reload: () => void load(true), move };
}
