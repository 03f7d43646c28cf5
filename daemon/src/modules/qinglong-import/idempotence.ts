/**
 * How a second import recognises what the first one brought, so running it twice duplicates nothing. Each key is
 * built from the values as they land in Baihu (after mapping), so the key of a planned item equals the key of the
 * row the first import wrote. The writer computes the keys of the rows already there, and skips planned items whose
 * key it finds.
 */
import { DependencyType } from '../../contract/enums.ts';
import { normalizePython } from '../dependencies/index.ts';

const collapse = (value: string) => value.trim().replace(/\s+/g, ' ');

/** Qinglong's own unique key of a task: name + command + schedule. */
export const taskKey = (task: { name: string; command: string; schedule: string }) =>
  JSON.stringify([task.name.trim(), task.command.trim(), collapse(task.schedule)]);

/** Qinglong's own unique key of a variable: name + value (the value exactly, spaces included). */
export const variableKey = (env: { name: string; value: string }) => JSON.stringify([env.name.trim(), env.value]);

/** The alias names a subscription's folders, key file and log folder: two with the same alias are one. */
export const subscriptionKey = (sub: { alias: string }) => sub.alias.trim();

/** View names are unique in Qinglong and in Baihu. */
export const viewKey = (view: { name: string }) => view.name.trim();

/** Application names are unique in Qinglong. */
export const appKey = (app: { name: string }) => app.name.trim();

/** A package and its type; pip compares names by their PEP 503 form, so `Requests` and `requests` are one. */
export function dependencyKey(dep: { name: string; type: number }): string {
  const name = dep.name.trim();
  return `${dep.type}:${dep.type === DependencyType.python3 ? normalizePython(name) : name}`;
}

/**
 * Splits planned items into those not yet present and those already there (by key). Items repeated within
 * `planned` count once: the first is kept.
 */
export function newItems<T>(
  planned: readonly T[],
  existingKeys: Iterable<string>,
  keyOf: (item: T) => string,
): { fresh: T[]; present: T[] } {
  const seen = new Set(existingKeys);
  const fresh: T[] = [];
  const present: T[] = [];
  for (const item of planned) {
    const key = keyOf(item);
    if (seen.has(key)) present.push(item);
    else {
      seen.add(key);
      fresh.push(item);
    }
  }
  return { fresh, present };
}
