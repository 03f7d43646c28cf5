import type { EnvOrder } from './repository.ts';

/** Distance between neighbours when positions are handed out or renumbered; exact in floating point. */
export const positionStep = 1024;
/** Closer than this, midpoints stop being useful and the whole list is renumbered. */
const minGap = 1e-6;

export type MovePlan = { id: number; position: number }[];

/**
 * Where a row lands when moved to `toIndex` of the list (pinned first, then position). Only neighbours of the row's
 * own pin group count, so a move never crosses the pinned boundary: the row stops at the edge of its group. Usually
 * one row changes (the midpoint of its new neighbours); when the gap is too small every row is renumbered.
 */
export function planMove(order: readonly EnvOrder[], id: number, toIndex: number): MovePlan | null {
  const moving = order.find((row) => row.id === id);
  if (!moving) return null;
  const rest = order.filter((row) => row.id !== id);
  const target = Math.max(0, Math.min(toIndex, rest.length));
  const sameGroup = (row: EnvOrder | undefined) => row !== undefined && row.is_pinned === moving.is_pinned;
  const before = rest.slice(0, target).filter(sameGroup).at(-1);
  const after = rest.slice(target).find(sameGroup);
  let position: number;
  if (before && after) position = (before.position + after.position) / 2;
  else if (before) position = before.position + positionStep;
  else if (after) position = after.position - positionStep;
  else return [];
  const fits = (!before || position - before.position > minGap) && (!after || after.position - position > minGap);
  if (fits) return [{ id, position }];
  // Renumber the row's group with the row in its new place.
  const group = rest.filter(sameGroup);
  const at = before ? group.indexOf(before) + 1 : 0;
  group.splice(at, 0, moving);
  return group.map((row, index) => ({ id: row.id, position: (index + 1) * positionStep }));
}
