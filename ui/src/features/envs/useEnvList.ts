import { useCallback } from 'react';
import { useResourceList, type ResourceList } from '../../components/list/useResourceList.ts';
import { toast } from '../../components/ui/toast-store.ts';
import { envsResource, listEnvs, moveEnv, type Env } from './api.ts';

export interface EnvListState extends ResourceList<Env> {
  /** Moves a row to another index of the (unfiltered) list, at once on screen, then on the server. */
  move: (id: number, toIndex: number) => void;
}

/** Whether `to` is a place `from` may move to: the same pin group (the server never crosses it). */
export function canMove(rows: Env[], from: number, to: number): boolean {
  if (from === to || from < 0 || to < 0 || from >= rows.length || to >= rows.length) return false;
  return rows[from]!.isPinned === rows[to]!.isPinned;
}

/**
 * The whole list of variables matching a search (the API has no pages). Reordering is optimistic: the row moves on
 * screen at once and the list is fetched again once the server has stored it.
 */
export function useEnvList(searchValue: string): EnvListState {
  const list = useResourceList({ query: searchValue, fetch: listEnvs, resource: envsResource });
  const { rows, setRows, reload } = list;
  const move = useCallback(
    (id: number, toIndex: number) => {
      const fromIndex = rows.findIndex((r) => r.id === id);
      if (!canMove(rows, fromIndex, toIndex)) return;
      const next = rows.slice();
      const [row] = next.splice(fromIndex, 1);
      next.splice(toIndex, 0, row!);
      setRows(next);
      // A move that went through reads the list again by itself (lib/changes.ts); one refused puts it back.
      moveEnv(id, fromIndex, toIndex).catch((failure: Error) => {
        toast(failure.message, 'error');
        reload();
      });
    },
    [rows, setRows, reload],
  );
  return { ...list, move };
}
