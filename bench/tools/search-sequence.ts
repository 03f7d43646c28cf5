/**
 * bench/scale.ts's 300 measured list requests at 100,000 tasks, asked of the task repository in-process (no HTTP,
 * no daemon's garbage collector settings): to tell what a change to the search does to each request without the
 * HTTP bench's spread. A diagnostic in bench/tools/, which `npm run bench` does not run; no budget.
 *
 *   node --import tsx bench/tools/search-sequence.ts [rounds]
 *
 * Each round asks the warm-up and the 300 requests of a new repository (nothing kept from the round before) and the
 * least time of each request over the rounds is printed: the 4th slowest (the bench's p99 of 300), the sum, and the
 * slowest requests with where their time went (the matches; the walk of an order and the reads of its ids; the
 * page's rows; the rest: by id, counting). BENCH_SEQUENCE_TASKS changes the number of tasks.
 */
import { RowMoves } from '../../daemon/src/db/sqlite/row-moves.ts';
import { CronRepository } from '../../daemon/src/modules/tasks/repository.ts';
import { orderColumns } from '../../daemon/src/modules/tasks/search.ts';
import { parseListQuery } from '../../daemon/src/modules/tasks/search-query.ts';
import { openSqlite } from '../../daemon/src/db/sqlite/open.ts';
import { dataPaths, ensureDataDirs } from '../../daemon/src/config/paths.ts';
import { insertTasks } from '../lib/daemon.ts';
import { listRequest, measuredRequests, warmUpRequests } from '../lib/list-requests.ts';
import { tempDir } from '../lib/temp.ts';

const rounds = Number(process.argv[2]) || 5;
const tasks = Number(process.env.BENCH_SEQUENCE_TASKS) || 100_000;

/** Time spent in a method of an object, added up per request. */
function timed(target: object, method: string, spent: Map<string, number>): void {
  const record = target as Record<string, (...args: unknown[]) => Promise<unknown>>;
  const original = record[method]!.bind(target);
  record[method] = async (...args: unknown[]) => {
    const started = performance.now();
    try {
      return await original(...args);
    } finally {
      spent.set(method, (spent.get(method) ?? 0) + performance.now() - started);
    }
  };
}

const temp = tempDir('search-sequence');
const paths = dataPaths(temp.dir);
await ensureDataDirs(paths);
const handle = openSqlite(paths.db);
try {
  await handle.migrate();
  await insertTasks(handle.location, tasks, 'echo hi');
  // As the crons area makes it (modules/tasks/index.ts).
  const moves = new RowMoves(handle.accelerators.sqlite, 'crons', orderColumns);
  const least = new Map<number, { ms: number; asked: string }>();
  for (let round = 0; round < rounds; round++) {
    const repository = new CronRepository(handle.db, handle.phrases, {
      changeCounter: handle.changeCounter,
      textIndex: handle.accelerators.textIndex,
      moves,
    });
    const spent = new Map<string, number>();
    const internals = repository as unknown as { searchPages: object };
    for (const method of ['matching', 'page']) timed(internals.searchPages, method, spent);
    timed(repository, 'inOrder', spent);
    const ask = async (i: number, search: string) => {
      const { page, size, sorter } = listRequest(i, tasks);
      const query = parseListQuery({ searchValue: search, sorter: JSON.stringify(sorter) }, Date.now());
      // Each request in a turn of its own, as the daemon's arrive: what the repository does in the background between
      // requests (an order read whole) runs between them here too, untimed.
      await new Promise((resolve) => setImmediate(resolve));
      spent.clear();
      const started = performance.now();
      const { total } = await repository.list(query, { offset: (page - 1) * size, limit: size });
      const ms = performance.now() - started;
      const parts = [...spent].map(([method, time]) => `${method} ${time.toFixed(2)}`);
      const rest = ms - [...spent.values()].reduce((a, b) => a + b, 0);
      return {
        ms,
        asked: `${search} p${page} s${size} ${sorter.field} ${sorter.type} (${total}): ${parts.join(', ')}, rest ${rest.toFixed(2)}`,
      };
    };
    for (const [i, search] of warmUpRequests()) await ask(i, search);
    for (const [i, search] of measuredRequests()) {
      const { ms, asked } = await ask(i, search);
      if (ms < (least.get(i)?.ms ?? Infinity)) least.set(i, { ms, asked });
    }
  }
  const slowest = [...least].sort(([, a], [, b]) => b.ms - a.ms);
  const sum = slowest.reduce((total, [, { ms }]) => total + ms, 0);
  console.log(
    `${tasks} tasks, least of ${rounds} rounds: 4th slowest ${slowest[3]![1].ms.toFixed(2)} ms, sum ${sum.toFixed(0)} ms`,
  );
  for (const [i, { ms, asked }] of slowest.slice(0, 12)) console.log(`  #${i} ${ms.toFixed(2)} ms  ${asked}`);
} finally {
  await handle.close();
  temp.remove();
}
