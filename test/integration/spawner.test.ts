/**
 * Integration: the resident process starter (daemon/native/spawner.c through jobs/executor/spawner.ts) — argv with
 * cwd and env, each stream's output, exit codes and signals, start failures, signals sent only to a process it still
 * has, the fallback to starting directly when its binary is missing, and a starter that dies while a run is running
 * (the run is killed and ends; later runs start directly). Real processes; the binary is built by
 * scripts/build-reaper.mjs (as npm test does).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import type { LaunchSpec, Launched } from '../../daemon/src/jobs/executor/launch.ts';
import { ProcessRunner } from '../../daemon/src/jobs/executor/process-runner.ts';
import { reaperPath } from '../../daemon/src/jobs/executor/reaper.ts';
import { Spawner, spawnerPath } from '../../daemon/src/jobs/executor/spawner.ts';
import { dataPaths, ensureDataDirs } from '../../daemon/src/config/paths.ts';
import { killWithArg, processesWithArg, uniqueSleep, waitFor } from '../helpers/tasks.ts';

function collect(
  argv: string[],
  cwd = '/',
  env: Record<string, string> = { PATH: '/usr/bin:/bin' },
  reaper: LaunchSpec['reaper'] = null,
) {
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  const failures: string[] = [];
  const spec: LaunchSpec = {
    argv,
    reaper,
    cwd,
    env,
    stdout: (chunk) => out.push(chunk),
    stderr: (chunk) => err.push(chunk),
    failed: (message) => failures.push(message),
  };
  const text = () => ({ out: Buffer.concat(out).toString(), err: Buffer.concat(err).toString(), failures });
  return { spec, text };
}

const parentOf = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
};

test('the starter runs argv in cwd with exactly the env given; streams, exit code, own session', async () => {
  const spawner = new Spawner(spawnerPath);
  const script = 'sleep 0.3; echo "out $FOO $(pwd)"; echo err >&2; [ -z "$HOME" ] && echo nohome; exit 3';
  const { spec, text } = collect(['bash', '-c', script, 'name'], '/tmp', { PATH: '/usr/bin:/bin', FOO: 'a b' });
  const launched = await spawner.launch(spec);
  assert.ok(launched.pid > 0);
  assert.equal(parentOf(launched.pid), spawner.pid, 'the starter is the parent (the reaper obeys only it)');
  assert.equal(Number(readFileSync(`/proc/${launched.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[3]), launched.pid);
  assert.deepEqual(await launched.exited, { code: 3, signal: null });
  await launched.drain();
  assert.deepEqual(text(), { out: 'out a b /tmp\nnohome\n', err: 'err\n', failures: [] });
  assert.equal(launched.running, false);
});

test('a signal reaches a running process; a process that ended is never signalled', async () => {
  const spawner = new Spawner(spawnerPath);
  const { spec } = collect(['sleep', '30']);
  const launched = await spawner.launch(spec);
  assert.equal(launched.running, true);
  launched.kill('SIGTERM');
  assert.deepEqual(await launched.exited, { code: null, signal: 'SIGTERM' });
  launched.kill('SIGKILL'); // after the exit: nothing is sent (the pid may be someone else's by now)
  const quick = await spawner.launch(collect(['true']).spec);
  assert.deepEqual(await quick.exited, { code: 0, signal: null });
});

test('start failures: a missing cwd or program is reported, the exit is 127, nothing is signalled', async () => {
  const spawner = new Spawner(spawnerPath);
  const gone = collect(['true'], '/nonexistent/baihu-gone');
  const launched = await spawner.launch(gone.spec);
  assert.equal(launched.pid, 0);
  assert.deepEqual(await launched.exited, { code: 127, signal: null });
  assert.match(gone.text().failures[0]!, /^Cannot start true: spawn true ENOENT$/);
  launched.kill('SIGTERM');
  const missing = collect(['baihu-no-such-program']);
  assert.deepEqual(await (await spawner.launch(missing.spec)).exited, { code: 127, signal: null });
  assert.match(missing.text().failures[0]!, /ENOENT/);
  // A NUL cannot be framed: the daemon's own spawn refuses it, as it always did.
  assert.throws(() => spawner.launch(collect(['echo', 'a\0b']).spec), /null bytes/);
});

test("the reaper's argv runs the reaper's code in the forked process: no exec, same exits, same stop", async (t) => {
  const spawner = new Spawner(spawnerPath);
  // The forked process is the reaper (its own session, the starter's child, named so) and bash its child.
  const reaper = { path: reaperPath, graceMs: 300 };
  const exits = collect(
    ['bash', '-c', 'sleep 0.3; echo "$FOO"; kill -TERM $$', 'name'],
    '/tmp',
    { PATH: '/usr/bin:/bin', FOO: 'given', BAIHU_RUN_ID: 'spawnerTest1' },
    reaper,
  );
  const launched = await spawner.launch(exits.spec);
  // Crash recovery finds a reaper by the run's marker in /proc/<pid>/environ: written there without an exec.
  const environ = readFileSync(`/proc/${launched.pid}/environ`, 'latin1').split('\0');
  assert.equal(environ[0], 'BAIHU_RUN_ID=spawnerTest1');
  const stat = readFileSync(`/proc/${launched.pid}/stat`, 'utf8');
  assert.match(stat, /^\d+ \(baihu-reaper\) /);
  assert.equal(parentOf(launched.pid), spawner.pid);
  assert.equal(readFileSync(`/proc/${launched.pid}/cmdline`, 'utf8'), `${spawnerPath}\0`, "not exec'd");
  assert.deepEqual(await launched.exited, { code: null, signal: 'SIGTERM' }, "the command's own signal");
  assert.equal(exits.text().out, 'given\n');
  // A missing program: the reaper says so in the output and exits 127, as the binary does.
  const missing = collect(['baihu-no-such-program'], '/', undefined, reaper);
  assert.deepEqual(await (await spawner.launch(missing.spec)).exited, { code: 127, signal: null });
  assert.match(missing.text().err, /Cannot start baihu-no-such-program/);
  // A stop from the starter (its parent) ends the command and what it left in the background.
  const token = uniqueSleep();
  t.after(() => killWithArg(token));
  const script = `trap "" TERM; (trap "" TERM; exec sleep ${token}) & wait`;
  const running = await spawner.launch(collect(['bash', '-c', script], '/', undefined, reaper).spec);
  await waitFor(() => processesWithArg(token).length === 1, 5000);
  running.kill('SIGTERM');
  assert.deepEqual(await running.exited, { code: null, signal: 'SIGKILL' });
  assert.deepEqual(processesWithArg(token), []);
});

test('large output arrives whole and in order', async () => {
  const spawner = new Spawner(spawnerPath);
  const { spec, text } = collect(['seq', '1', '200000']);
  const launched = await spawner.launch(spec);
  assert.deepEqual(await launched.exited, { code: 0, signal: null });
  const expected = Array.from({ length: 200000 }, (_, i) => `${i + 1}\n`).join('');
  assert.equal(text().out, expected);
});

test('without its binary, processes start directly', async () => {
  const spawner = new Spawner('/nonexistent/baihu-spawner');
  const { spec, text } = collect(['bash', '-c', 'echo hi']);
  const launched: Launched = await spawner.launch(spec);
  assert.deepEqual(await launched.exited, { code: 0, signal: null });
  await launched.drain();
  assert.equal(text().out, 'hi\n');
  assert.equal(spawner.usable, false);
});

test('a starter that dies: its running process is killed and ends, later ones start directly', async () => {
  const spawner = new Spawner(spawnerPath);
  const running = collect(['sleep', '31.5']);
  const launched = await spawner.launch(running.spec);
  process.kill(spawner.pid!, 'SIGKILL');
  assert.deepEqual(await launched.exited, { code: null, signal: 'SIGKILL' });
  assert.match(running.text().failures[0]!, /process starter ended/);
  await waitFor(() => {
    try {
      readFileSync(`/proc/${launched.pid}/stat`);
      return false;
    } catch {
      return true;
    }
  }, 5000);
  const after = collect(['bash', '-c', 'echo direct']);
  const direct = await spawner.launch(after.spec);
  assert.deepEqual(await direct.exited, { code: 0, signal: null });
  await direct.drain();
  assert.equal(after.text().out, 'direct\n');
  assert.equal(spawner.usable, false);
});

test('task runs go through the starter by default; stop still ends them through the reaper', async (t) => {
  const root = mkdtempSync(path.join(tmpdir(), 'baihu-spawner-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const paths = dataPaths(root);
  await ensureDataDirs(paths);
  const runner = new ProcessRunner({ paths, variables: async () => [], daemonEnv: process.env, graceMs: 200 });
  let output = '';
  const handle = await runner.start({
    command: 'echo started; sleep 32.5',
    logFile: path.join(paths.log, 'spawner.log'),
    manual: true,
    title: 'spawner',
    sink: { data: (chunk) => (output += chunk.toString()), end: () => {} },
  });
  await waitFor(() => output.includes('started'), 5000).catch((error) => assert.fail(`${error} ${output}`));
  const starter = parentOf(handle.pid);
  assert.match(readFileSync(`/proc/${starter}/cmdline`, 'utf8'), /baihu-spawner/);
  await handle.stop();
  assert.equal((await handle.finished).end, 'stopped');
  assert.match(readFileSync(path.join(paths.log, 'spawner.log'), 'utf8'), /started\n/);
});
