/**
 * Fault suite: the real daemon process (the production bundle) is killed with SIGKILL at a random moment while it
 * is under a bounded load — manual runs of short and long tasks, task and variable creates, script saves — then
 * started again on the same data directory, round after round. After every restart:
 *  - `PRAGMA integrity_check` is ok;
 *  - no run row is left running or queued;
 *  - no process of any run is left (by the run markers of every run row, and by the argv of the long runs, which
 *    also detach a process that drops the marker);
 *  - nothing acknowledged is lost: every task and variable whose create answered 200 is there, and each script
 *    holds exactly one version that was sent whole, the last acknowledged one or the one in flight (atomic writes).
 * Seeded: the seed is printed; BAIHU_FAULT_SEED=<seed> replays the same kill moments and load, BAIHU_FAULT_ROUNDS
 * changes the number of rounds (default 20).
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { RunStatus } from '../../daemon/src/contract/enums.ts';
import { openDatabase } from '../../daemon/src/db/open.ts';
import { knownDatabaseEnv } from '../helpers/postgres.ts';
import { account, tempDir } from '../helpers/app.ts';
import { killWithArg, liveRunMarkers, processesWithArg, uniqueSleep, waitFor } from '../helpers/tasks.ts';
import { buildDaemonBundle, http, startDaemon, type RunningDaemon } from '../helpers/daemon.ts';
import { seededRandom } from '../helpers/random.ts';

const rounds = Number(process.env.BAIHU_FAULT_ROUNDS ?? 20);
const seed = Number(process.env.BAIHU_FAULT_SEED ?? Math.floor(Math.random() * 2 ** 31));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface ScriptState {
  /** Content of the last save that answered 200 (null: never saved). */
  acked: string | null;
  /** Saves sent since then without an answer (the one under way when the daemon was killed). */
  unacked: string[];
}

test('kill -9 at random moments under load: database whole, runs recovered, no process left, nothing acknowledged lost', async (t) => {
  const started = Date.now();
  t.diagnostic(`seed ${seed} (replay with BAIHU_FAULT_SEED=${seed}), ${rounds} rounds`);
  const random = seededRandom(seed);
  const dataDir = tempDir(t, 'baihu-fault-');
  // Read beside the running daemon through the port, on either engine (the PostgreSQL pass gives it a database).
  const openState = () =>
    openDatabase({ dbDir: path.join(dataDir, 'db'), url: knownDatabaseEnv(dataDir).BAIHU_DATABASE_URL });
  const countRuns = async (db: Awaited<ReturnType<typeof openState>>['db'], statuses?: number[]) => {
    let query = db.selectFrom('job_runs').where('kind', '=', 'task');
    if (statuses) query = query.where('status', 'in', statuses);
    return Number((await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  };
  const nodeArgs = buildDaemonBundle(t);
  // The argv of every long run's processes; one of them also leaves the group and drops the marker.
  const longSleep = uniqueSleep();
  t.after(() => killWithArg(longSleep));

  let daemon: RunningDaemon = await startDaemon(t, dataDir, {}, nodeArgs);
  await http(daemon.url, 'PUT', '/api/user/init', { payload: account });
  const login = await http(daemon.url, 'POST', '/api/user/login', { payload: account });
  const token = (login.body.data as { token: string }).token;
  const api = (method: string, url: string, payload?: unknown) => http(daemon.url, method, url, { token, payload });

  const createTask = async (name: string, command: string) =>
    ((await api('POST', '/api/crons', { name, command, schedule: '0 0 1 1 *' })).body.data as { id: number }).id;
  const shortTasks = [await createTask('short a', 'echo a'), await createTask('short b', 'echo b; sleep 0.1')];
  const longTasks = [
    await createTask('long a', `echo long; sleep ${longSleep}`),
    // Double fork: the detached sleep's parent is gone at once, only the run reaper still holds it.
    await createTask('long b', `(setsid env -i sleep ${longSleep} &); sleep ${longSleep}`),
  ];

  const ackedTasks = new Set<number>(shortTasks.concat(longTasks));
  const ackedVariables = new Set<number>();
  const scripts = new Map<string, ScriptState>(
    ['fault-a.js', 'fault-b.py'].map((name) => [name, { acked: null, unacked: [] }]),
  );
  let runRequests = 0;
  let saves = 0;

  for (let round = 1; round <= rounds; round++) {
    // Drawn first, from the suite's generator: the same seed gives the same kill moments. Each worker draws from a
    // generator of its own, so its choices do not depend on how its requests interleave with the others'.
    const killAfter = random() * 800;
    const forCreates = seededRandom(seed + round * 7919 + 1);
    const forRuns = seededRandom(seed + round * 7919 + 2);
    const forSaves = seededRandom(seed + round * 7919 + 3);
    const pick = <T>(draw: () => number, items: T[]) => items[Math.floor(draw() * items.length)]!;
    let killed = false;
    const guarded = async (work: () => Promise<void>) => {
      while (!killed) {
        try {
          await work();
        } catch {
          // The daemon died under the request: nothing was acknowledged.
        }
      }
    };
    let created = 0;
    const creates = guarded(async () => {
      const n = ++created;
      if (forCreates() < 0.6) {
        const reply = await api('POST', '/api/crons', {
          name: `r${round} task ${n}`,
          command: `echo ${round}.${n}`,
          schedule: '0 0 1 1 *',
        });
        if (reply.status === 200) ackedTasks.add((reply.body.data as { id: number }).id);
      } else {
        const reply = await api('POST', '/api/envs', [{ name: `FAULT_${round}_${n}`, value: `v${n}` }]);
        if (reply.status === 200) for (const row of reply.body.data as { id: number }[]) ackedVariables.add(row.id);
      }
    });
    let runsThisRound = 0;
    let firstRunAcked!: () => void;
    const loaded = new Promise<void>((resolve) => (firstRunAcked = resolve));
    const runs = guarded(async () => {
      // Every round starts both long tasks at once (they are what a kill must not leave behind), then at random.
      const ids =
        runsThisRound++ === 0
          ? [...longTasks, pick(forRuns, shortTasks)]
          : forRuns() < 0.5
            ? [pick(forRuns, shortTasks)]
            : [pick(forRuns, shortTasks), pick(forRuns, longTasks)];
      if ((await api('PUT', '/api/crons/run', ids)).status === 200) firstRunAcked();
      runRequests++;
      await sleep(20 + forRuns() * 60);
    });
    const saving = guarded(async () => {
      const name = pick(forSaves, [...scripts.keys()]);
      const state = scripts.get(name)!;
      // Big enough that a torn write would show; each version is different from its first line on.
      const content = `# round ${round} save ${++saves}\n${'x'.repeat(100_000 + Math.floor(forSaves() * 200_000))}\n`;
      state.unacked.push(content);
      const reply = await api('PUT', '/api/scripts', { filename: name, path: '', content });
      if (reply.status === 200) {
        state.acked = content;
        state.unacked = [];
      }
    });

    // The kill comes 0–800 ms after the daemon took the round's first runs: while they start, run, or end.
    await loaded;
    await sleep(killAfter);
    killed = true;
    daemon.child.kill('SIGKILL');
    await new Promise((resolve) => daemon.child.once('exit', resolve));
    await Promise.all([creates, runs, saving]);

    daemon = await startDaemon(t, dataDir, {}, nodeArgs);
    const where = `round ${round} (seed ${seed})`;
    const database = await openState();
    const { db } = database;
    try {
      assert.deepEqual(await database.integrity(), [], where);
      const open = await countRuns(db, [RunStatus.running, RunStatus.queued]);
      assert.equal(open, 0, `${where}: a run row is left running or queued`);
      const markers = (
        await db
          .selectFrom('job_runs')
          .select('marker')
          .where('kind', '=', 'task')
          .where('marker', 'is not', null)
          .execute()
      ).map((row) => row.marker!);
      await waitFor(
        () => {
          const alive = liveRunMarkers();
          return processesWithArg(longSleep).length === 0 && markers.every((marker) => !alive.has(marker));
        },
        3000,
        `${where}: processes of runs to be gone`,
      );
      const tasks = new Set((await db.selectFrom('crons').select('id').execute()).map((row) => row.id));
      assert.deepEqual(
        [...ackedTasks].filter((id) => !tasks.has(id)),
        [],
        `${where}: acknowledged tasks lost`,
      );
      const variables = new Set((await db.selectFrom('envs').select('id').execute()).map((row) => row.id));
      assert.deepEqual(
        [...ackedVariables].filter((id) => !variables.has(id)),
        [],
        `${where}: acknowledged variables lost`,
      );
    } finally {
      await database.close();
    }
    for (const [name, state] of scripts) {
      const file = path.join(dataDir, 'scripts', name);
      const content = existsSync(file) ? readFileSync(file, 'utf8') : null;
      const allowed = [state.acked, ...state.unacked];
      assert.ok(
        allowed.includes(content),
        `${where}: ${name} holds ${content === null ? 'nothing' : `${content.length} bytes starting "${content.slice(0, 24)}"`}`,
      );
      // What is on disk now is the version to expect from here on.
      state.acked = content;
      state.unacked = [];
    }
  }

  const database = await openState();
  const runRows = await countRuns(database.db);
  const interrupted = await countRuns(database.db, [RunStatus.interrupted]);
  await database.close();
  t.diagnostic(
    `${rounds} rounds in ${((Date.now() - started) / 1000).toFixed(1)} s: ${runRequests} run requests, ` +
      `${runRows} runs (${interrupted} interrupted by a kill), ${ackedTasks.size} tasks and ` +
      `${ackedVariables.size} variables acknowledged, ${saves} script saves`,
  );
});
