/**
 * What each accelerator above the plain query/run path buys, against that plain path in the same run, at the large
 * install (bench/lib/large-install.ts: 10,000 tasks, 1,000,000 runs, in a copy of a migrated database). One row an
 * accelerator: the operation, the plain path's median ms, the accelerated median ms and the ratio (plain over
 * accelerated); the plain and the accelerated answers are compared where both give one (a row fails on a difference).
 * An accelerator that buys less than 2× here has no place in the daemon (docs/architecture.md lists the ones kept,
 * with the figures of this bench): `kept_floor` is 2, and a row below it fails the bench unless it is within 10 % of
 * it (`at_floor`: reported, for a decision, not failed on the machine's noise).
 * BENCH_ACCEL_REPS (15) sets the repetitions a row. One JSON line a row.
 */
import { Kysely, SqliteDialect } from 'kysely';
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { openSqlite, type SqliteHandle } from '../daemon/src/db/sqlite/open.ts';
import { FairDriver } from '../daemon/src/db/sqlite/fair-driver.ts';
import { GroupCommit } from '../daemon/src/db/sqlite/group-commit.ts';
import { RowMoves } from '../daemon/src/db/sqlite/row-moves.ts';
import type { Database as Schema } from '../daemon/src/db/schema.ts';
import { idsOfTasksContaining, type IndexedTextColumn } from '../daemon/src/db/sqlite/text-index.ts';
import { launchDirect, type Launched, type LaunchSpec } from '../daemon/src/jobs/executor/launch.ts';
import { Spawner, spawnerPath } from '../daemon/src/jobs/executor/spawner.ts';
import { ListCache } from '../daemon/src/modules/tasks/list-cache.ts';
import { OrderIds, type Order } from '../daemon/src/modules/tasks/order-ids.ts';
import { orderColumns } from '../daemon/src/modules/tasks/search.ts';
import { percentile, Reporter, startDaemon } from './lib/daemon.ts';
import { largeInstall, seedLargeInstall } from './lib/large-install.ts';
import { tempDir } from './lib/temp.ts';

const reps = Number(process.env.BENCH_ACCEL_REPS ?? 15);
const keptFloor = 2;
const report = new Reporter('accelerators');
const columns: IndexedTextColumn[] = ['name', 'command', 'schedule', 'labels'];
/** A rare phrase, a dense one (a fifth of the tasks), one every task holds, one in the labels. */
const phrases = ['task 86', 'sign', 'echo hi', 'bank task 99', 'water'];

async function median(run: () => unknown): Promise<number> {
  const samples: number[] = [];
  await run(); // the first run prepares statements and warms caches: not measured
  for (let i = 0; i < reps; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return percentile(samples, 0.5);
}

interface Row {
  accelerator: string;
  files: string;
  operation: string;
  plain: () => unknown;
  accelerated: () => unknown;
  /** The plain and the accelerated answers, to compare (after the timing). */
  same?: () => Promise<boolean> | boolean;
  /** Milliseconds measured otherwise than by repetition (cold reads, bursts). */
  measured?: () => Promise<{ plain: number; accelerated: number; extra?: Record<string, unknown> }>;
}

async function measure(row: Row): Promise<void> {
  const figures = row.measured
    ? await row.measured()
    : { plain: await median(row.plain), accelerated: await median(row.accelerated) };
  const ratio = figures.plain / figures.accelerated;
  const same = row.same ? await row.same() : null;
  const kept = ratio >= keptFloor * 0.9;
  if (!kept || same === false) report.failed = true;
  console.log(
    JSON.stringify({
      bench: 'accelerators',
      accelerator: row.accelerator,
      files: row.files,
      operation: row.operation,
      plain_ms: Math.round(figures.plain * 1000) / 1000,
      accelerated_ms: Math.round(figures.accelerated * 1000) / 1000,
      ratio: Math.round(ratio * 100) / 100,
      kept_floor: keptFloor,
      within_budget: kept && same !== false,
      at_floor: kept && ratio < keptFloor,
      same_answer: same,
      ...figures.extra,
      ...largeInstall,
    }),
  );
}

const sorted = (ids: Int32Array | number[] | null) => [...(ids ?? [])].sort((a, b) => a - b).join(',');

/** The large install in a data dir of its own, migrated by the daemon itself, then filled while it is stopped. */
async function largeDatabase(): Promise<{ dir: string; remove: () => void }> {
  const data = tempDir('accelerators');
  const daemon = await startDaemon(data.dir);
  await daemon.stop();
  mkdirSync(path.dirname(daemon.db), { recursive: true });
  await seedLargeInstall(daemon.db);
  return { dir: path.dirname(daemon.db), remove: data.remove };
}

function textRows(handle: SqliteHandle): Row[] {
  const { db } = handle;
  const { sqlite } = handle.accelerators;
  const like = sqlite
    .prepare(`select id from crons where name like @p or command like @p or schedule like @p or labels like @p`)
    .pluck();
  const plainIds = (phrase: string) => like.all({ p: `%${phrase}%` }) as number[];
  const indexed = phrases.map((phrase) => {
    const query = idsOfTasksContaining(columns, [phrase]).compile(db);
    return sqlite
      .prepare(query.sql)
      .pluck()
      .bind(...(query.parameters as unknown[]));
  });
  const indexIds = (i: number) => indexed[i]!.all() as number[];
  const everyPhrase = (find: (phrase: string, i: number) => unknown) => () => phrases.forEach(find);
  return [
    {
      accelerator: 'text index (FTS5 trigram)',
      files: 'db/sqlite/text-index.ts, migrations 0012, 0014, 0016',
      operation: `the ids of the tasks holding each of ${phrases.length} phrases`,
      plain: everyPhrase(plainIds),
      accelerated: everyPhrase((_, i) => indexIds(i)),
      same: () => phrases.every((phrase, i) => sorted(plainIds(phrase)) === sorted(indexIds(i))),
    },
  ];
}

function orderRows(handle: SqliteHandle): Row[] {
  const { db } = handle;
  const { sqlite } = handle.accelerators;
  const order: Order = [
    ['name', 'asc'],
    ['id' as never, 'asc'],
  ];
  const stepped = sqlite.prepare('select id from crons order by name, id').pluck();
  const steppedIds = () => Int32Array.from(stepped.all() as number[]);
  const moves = new RowMoves(sqlite, 'crons', orderColumns);
  const orders = new OrderIds(
    db,
    1024,
    8192,
    (from, to) => moves.between(from, to),
    () => moves.version(),
  );
  const setStatus = sqlite.prepare('update crons set status = ? where id = ?');
  let turn = 0;
  const runStarts = () => setStatus.run(turn++ % 2, 1 + ((turn * 7919) % largeInstall.tasks));
  return [
    {
      accelerator: 'kept orders (row moves, order ids)',
      files: 'db/sqlite/row-moves.ts, modules/tasks/order-ids.ts',
      operation: "an order's ids after a run changed a task's status",
      plain: () => {
        runStarts();
        return steppedIds();
      },
      accelerated: async () => {
        runStarts();
        const version = moves.version();
        if (!orders.whole(version, order)) await orders.readWhole(version, order);
        return orders.whole(version, order);
      },
      same: async () => {
        runStarts();
        const version = moves.version();
        await orders.readWhole(version, order);
        const kept = orders.whole(version, order);
        return kept !== null && kept.ids.join() === steppedIds().join();
      },
    },
  ];
}

function writeRows(dir: string, handle: SqliteHandle): Row[] {
  const writes = 1000;
  const { sqlite } = handle.accelerators;
  const update = sqlite.prepare('update crons set status = ?, pid = ? where id = ?');
  const group = new GroupCommit(sqlite);
  let round = 0;
  const plainKysely = new Kysely<Schema>({ dialect: new SqliteDialect({ database: sqlite }) });
  class Fair extends SqliteDialect {
    override createDriver() {
      return new FairDriver(super.createDriver());
    }
  }
  const fairKysely = new Kysely<Schema>({ dialect: new Fair({ database: sqlite }) });
  const burst = (kysely: Kysely<Schema>) => () =>
    Promise.all(
      Array.from({ length: writes }, (_, i) =>
        kysely
          .selectFrom('crons')
          .select(['id', 'status'])
          .where('id', '=', i + 1)
          .executeTakeFirst(),
      ),
    );
  void dir;
  return [
    {
      accelerator: 'group commit',
      files: 'db/sqlite/group-commit.ts',
      operation: `${writes} single-row task updates of one turn`,
      plain: () => {
        round++;
        for (let i = 1; i <= writes; i++) update.run(round % 2, round, i);
      },
      accelerated: () => {
        round++;
        for (let i = 1; i <= writes; i++) {
          group.beforeWrite();
          update.run(round % 2, round, i);
        }
        group.flush();
      },
    },
    {
      accelerator: 'fair driver',
      files: 'db/sqlite/fair-driver.ts',
      operation: `${writes} queries asked at once through Kysely`,
      plain: burst(plainKysely),
      accelerated: burst(fairKysely),
      same: async () => JSON.stringify(await burst(plainKysely)()) === JSON.stringify(await burst(fairKysely)()),
    },
  ];
}

function cacheRow(handle: SqliteHandle): Row {
  const page = handle.accelerators.sqlite.prepare(
    `select * from crons where name like '%sign%' or command like '%sign%' order by name, id limit 20 offset 400`,
  );
  const cache = new ListCache<string>();
  const key = 'sign p21 s20 name';
  const read = () => JSON.stringify(page.all());
  return {
    accelerator: 'list reply cache',
    files: 'modules/tasks/list-cache.ts',
    operation: 'a page of a search asked again, the tasks unchanged',
    plain: read,
    accelerated: () => {
      const version = handle.changeCounter();
      const hit = cache.get(key, version, Date.now());
      if (hit !== undefined) return hit;
      const value = read();
      cache.set(key, version, Infinity, value);
      return value;
    },
  };
}

function starterRow(): Row {
  const runs = 200;
  const spawner = new Spawner(spawnerPath);
  const spec = (): LaunchSpec => ({
    argv: ['/bin/true'],
    reaper: null,
    cwd: '/',
    env: { PATH: '/usr/bin:/bin' },
    stdout: () => {},
    stderr: () => {},
    failed: () => {},
  });
  const all = async (launch: (spec: LaunchSpec) => Launched | Promise<Launched>) => {
    const launched = await Promise.all(Array.from({ length: runs }, () => launch(spec())));
    return (await Promise.all(launched.map((l) => l.exited))).every((exit) => exit.code === 0);
  };
  return {
    accelerator: 'native process starter',
    files: 'native/spawner.c, jobs/executor/spawner.ts',
    operation: `${runs} runs started at once, from a process holding the daemon's heap`,
    plain: () => all(launchDirect),
    accelerated: () => all((s) => spawner.launch(s)),
    same: async () => (await all(launchDirect)) && (await all((s) => spawner.launch(s))) && spawner.usable,
  };
}

const data = await largeDatabase();
// The daemon's heap at this size (what the process that forks carries): its tasks' objects, about 100 MB.
const ballast = Array.from({ length: 400_000 }, (_, i) => ({ id: i, name: `task ${i}`, schedules: [String(i)] }));
try {
  const copy = path.join(data.dir, 'bench');
  mkdirSync(copy, { recursive: true });
  copyFileSync(path.join(data.dir, 'baihu.sqlite'), path.join(copy, 'baihu.sqlite'));
  const handle = openSqlite(copy);
  for (const row of [
    ...textRows(handle),
    ...orderRows(handle),
    cacheRow(handle),
    ...writeRows(copy, handle),
    starterRow(),
  ]) {
    await measure(row);
  }
  await handle.close();
  process.exitCode = report.failed ? 1 : 0;
} finally {
  void ballast.length;
  data.remove();
}
process.exit();
