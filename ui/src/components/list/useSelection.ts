import { useCallback, useEffect, useMemo, useState } from 'react';

/** `current` with `ids` added (on) or taken out (off). */
export function toggleIds(current: Set<number>, ids: number[], on: boolean): Set<number> {
  const next = new Set(current);
  for (const id of ids) {
    if (on) next.add(id);
    else next.delete(id);
  }
  return next;
}

/**
 * The rows chosen with the checkboxes of a list. The choice is dropped whenever `resetOn` changes (another search,
 * page or tab shows other rows), so a batch action never reaches rows that are no longer in view.
 */
export function useSelection<Row extends { id: number }>(rows: Row[], resetOn: unknown) {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const clear = useCallback(() => setSelected(new Set()), []);
  useEffect(clear, [resetOn, clear]);
  const onSelect = useCallback(
    (ids: number[], on: boolean) => setSelected((current) => toggleIds(current, ids, on)),
    [],
  );
  const chosen = useMemo(() => rows.filter((row) => selected.has(row.id)), [rows, selected]);
  return { selected, onSelect, clear, chosen };
}
