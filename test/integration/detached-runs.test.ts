/**
 * Integration: runs whose processes detach — `setsid`, double fork, node's `spawn({ detached: true }).unref()`,
 * python's `os.setsid()` + fork — and drop the run marker from their environment (`env -i`, `env={}`). Stop,
 * timeout (`-m`) and crash recovery must still end every one of them; that is the run reaper's job
 * (daemon/native/reaper.c). What is real: bash, node and python processes, signals, /proc. Each test finds its
 * processes by a `sleep` argument no other test uses.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import { dataPaths, ensureDataDirs } from '../../daemon/src/config/paths.ts';
import { killLeftovers } from '../../daemon/src/jobs/executor/process-kill.ts';
import { ProcessRunner } from '../../daemon/src/jobs/executor/process-runner.ts';
import { defaultReaper } from '../../daemon/src/jobs/executor/reaper.ts';
import { spawnCommand } from '../../daemon/src/jobs/executor/spawn-command.ts';
import type { RunHandle } from '../../daemon/src/jobs/executor/types.ts';
import { killWithArg, processesWithArg, uniqueSleep, waitFor } from '../helpers/tasks.ts';

/** Each script detaches `count` processes running `sleep $SLEEP_FOR`, prints "ready" and waits. */
const scripts = {
  'detach.sh': {
    count: 3,
    text: `setsid env -i sh -c "sleep $SLEEP_FOR &"
( ( exec env -i sleep "$SLEEP_FOR" ) & )
setsid env -i sh -c "trap '' TERM; exec sleep $SLEEP_FOR" &
echo ready
sleep 1000
`,
  },
  'detach.js': {
    count: 2,
    text: `const { spawn } = require('node:child_process');
const env = { PATH: process.env.PATH };
spawn('sleep', [process.env.SLEEP_FOR], { detached: true, stdio: 'ignore', env }).unref();
spawn('sh', ['-c', 'trap "" TERM; sleep "$0" & wait', process.env.SLEEP_FOR], { detached: true, stdio: 'ignore', env }).unref();
console.log('ready');
setTimeout(() => {}, 1_000_000);
`,
  },
  'detach.py': {
    count: 2,
    text: `import os, signal, subprocess, sys, time
token = os.environ['SLEEP_FOR']
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        os.execve('/bin/sh', ['sh', '-c', 'exec sleep "$0"', token], {'PATH': '/usr/bin:/bin'})
    os._exit(0)
subprocess.Popen(['sleep', token], start_new_session=True, env={'PATH': '/usr/bin:/bin'})
print('ready', flush=True)
time.sleep(1000)
`,
  },
} as const;
type Script = keyof typeof scripts;

async function setup(t: TestContext, reaper?: string | null) {
  const root = mkdtempSync(path.join(tmpdir(), 'baihu-detach-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const paths = dataPaths(path.join(root, 'data'));
  await ensureDataDirs(paths);
  for (const [name, { text }] of Object.entries(scripts)) writeFileSync(path.join(paths.scripts, name), text);
  const runner = new ProcessRunner({ paths, variables: async () => [], graceMs: 500, reaper, daemonEnv: process.env });
  const token = uniqueSleep();
  t.after(() => killWithArg(token));
  let count = 0;
  const start = async (command: string): Promise<{ handle: RunHandle; output: () => string }> => {
    let output = '';
    const handle = await runner.start({
      command,
      logFile: path.join(paths.log, 'detach', `${++count}.log`),
      manual: true,
      title: command,
      env: { SLEEP_FOR: token },
      sink: { data: (chunk) => (output += chunk.toString()), end() {} },
    });
    return { handle, output: () => output };
  };
  return { token, start };
}

/** Waits until the script said ready and all its detached processes are up. */
async function detached(token: string, script: Script, output: () => string): Promise<void> {
  const { count } = scripts[script];
  await waitFor(
    () => output().includes('ready') && processesWithArg(token).length >= count,
    15_000,
    `${script} to detach ${count} processes`,
  );
}

test('the run reaper is built (npm run build:reaper)', () => {
  assert.ok(defaultReaper(), 'daemon/native/baihu-reaper is missing: run npm run build:reaper');
});

for (const script of Object.keys(scripts) as Script[]) {
  test(`stop ends every process of a run that detaches (${script}), marker or not`, async (t) => {
    const { token, start } = await setup(t);
    const { handle, output } = await start(`task ${script} now`);
    await detached(token, script, output);
    await handle.stop();
    const outcome = await handle.finished;
    assert.equal(outcome.end, 'stopped');
    assert.deepEqual(processesWithArg(token), [], 'a detached process survived stop');
  });

  test(`a -m timeout ends every process of a run that detaches (${script})`, async (t) => {
    const { token, start } = await setup(t);
    const { handle, output } = await start(`task ${script} now -m 2`);
    await detached(token, script, output);
    const outcome = await handle.finished;
    assert.equal(outcome.end, 'timeout');
    assert.deepEqual(processesWithArg(token), [], 'a detached process survived the timeout');
  });
}

test('crash recovery (killLeftovers) ends the detached processes of a run whose daemon is gone', async (t) => {
  const { token, start } = await setup(t);
  const { handle, output } = await start('task detach.sh now');
  await detached(token, 'detach.sh', output);
  // What the next daemon does with the (pid, marker) it finds in a run row left running.
  assert.ok((await killLeftovers(handle.pid, handle.runId)) >= 5);
  assert.deepEqual(processesWithArg(token), []);
  const outcome = await handle.finished;
  assert.equal(outcome.exitCode, null, 'the reaper itself was killed');
});

test('a run that ends on its own leaves what it started in the background running (as cron and Qinglong)', async (t) => {
  const { token, start } = await setup(t);
  const { handle } = await start(`bash -c 'setsid env -i sh -c "sleep $SLEEP_FOR &"; echo done'`);
  const outcome = await handle.finished;
  assert.deepEqual([outcome.end, outcome.exitCode], ['success', 0]);
  await waitFor(() => processesWithArg(token).length === 1, 5000, 'the background process');
});

test("a process's `kill 0` reaches its process group, not the reaper: the run goes on to its own end", async () => {
  // No wrapper here (it would die of the signal itself): the program is the reaper's direct child.
  let output = '';
  const handle = spawnCommand({
    argv: ['bash', '-c', 'trap "" USR1 TERM; kill -USR1 0; kill 0; sleep 0.2; echo after; exit 3'],
    cwd: tmpdir(),
    env: { PATH: process.env.PATH ?? '' },
    sink: { data: (chunk) => (output += chunk.toString()), end() {} },
  });
  const outcome = await handle.finished;
  assert.deepEqual([outcome.end, outcome.exitCode], ['failed', 3]);
  assert.match(output, /after/);
});

test('control: without the reaper, a process that detaches with a clean environment escapes stop', async (t) => {
  const { token, start } = await setup(t, null);
  const { handle, output } = await start('task detach.sh now');
  await detached(token, 'detach.sh', output);
  await handle.stop();
  assert.ok(processesWithArg(token).length > 0, 'the scan by argv would not see an escaped process');
});
