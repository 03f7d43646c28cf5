/**
 * The task list requests of bench/scale.ts's `list_p99_ms`, shared with bench/tools/search-sequence.ts (the same 300
 * requests in-process): the searches and each request's page, size and sort.
 */
import { words } from './daemon.ts';

export const sorts = ['name', 'createdAt', 'status', 'last_execution_time'] as const;

/**
 * Searches a tester could type that the daemon has not been asked before and that match many of the seeded tasks
 * (`<word> task <i>`, labels `[<word>]`, command `echo hi`): every substring of three or more characters of
 * `<word> task` (20–40 % of the tasks; `task` itself all of them), `task <d>` (11 %), `<word> task <d>` (2 %),
 * `task <dd>` (1.1 %). None is one of bench/lib/daemon.ts `words`, which the warm-up asks.
 */
export function searchPool(): string[] {
  const pool = new Set<string>();
  for (const word of words) {
    const text = `${word} task`;
    for (let from = 0; from < text.length; from++) {
      for (let to = from + 3; to <= text.length; to++) {
        const part = text.slice(from, to);
        if (part.trim() === part && !words.includes(part)) pool.add(part);
      }
    }
    for (let d = 1; d <= 9; d++) pool.add(`${word} task ${d}`);
  }
  for (let d = 1; d <= 9; d++) pool.add(`task ${d}`);
  for (let d = 10; d <= 99; d++) pool.add(`task ${d}`);
  // A fixed shuffle, so the kinds mix and every run asks the same sequence.
  return [...pool]
    .map((search, i) => ({ search, key: (i * 7919) % 1009 }))
    .sort((a, b) => a.key - b.key)
    .map((x) => x.search);
}

/** The `i`-th request's page (1–20: a few hundred matches deep at most sizes), size and sort. */
export function listRequest(i: number, tasks: number) {
  const sorter = { field: sorts[i % sorts.length]!, type: Math.floor(i / 4) % 2 ? 'ascend' : 'descend' };
  const size = 10 + (i % 40);
  const page = 1 + ((i * 7) % Math.min(20, Math.max(1, Math.floor(tasks / 50))));
  return { page, size, sorter };
}

/** The requests before the measured ones (the seeded words, every sort both ways): request number and search. */
export const warmUpRequests = (): [number, string][] =>
  Array.from({ length: 20 }, (_, i) => [400 + i, words[i % words.length]!]);

/** The measured requests: each a search not asked before while the pool lasts, then its searches again. */
export const measuredRequests = (pool = searchPool()): [number, string][] =>
  Array.from({ length: 300 }, (_, i) => [i, pool[i % pool.length]!]);
