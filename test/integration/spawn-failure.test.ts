/**
 * A program whose spawn fails (its cwd is gone: a task's work dir removed, a data dir deleted under a test) and is
 * then stopped must not be signalled: Node's handle of such a child has no real pid, and its kill() reached kill(0)
 * — the daemon's own process group — while the spawn error was still pending. Node's ChildProcess.kill is watched
 * (and such a call swallowed), so a regression fails here instead of terminating the test runner.
 */
import assert from 'node:assert/strict';
import { ChildProcess } from 'node:child_process';
import { test } from 'node:test';
import { spawnCommand } from '../../daemon/src/jobs/executor/spawn-command.ts';

test('stopping a program whose spawn failed signals nothing', async (t) => {
  const unspawned: string[] = [];
  const kill = ChildProcess.prototype.kill;
  ChildProcess.prototype.kill = function (this: ChildProcess, signal?: NodeJS.Signals | number) {
    if (!((this.pid ?? 0) > 0)) {
      unspawned.push(String(signal));
      return false;
    }
    return kill.call(this, signal);
  };
  t.after(() => (ChildProcess.prototype.kill = kill));

  const handle = spawnCommand({ argv: ['true'], cwd: '/nonexistent/baihu-gone', env: {}, graceMs: 100 });
  await handle.stop();
  const outcome = await handle.finished;
  assert.deepEqual(unspawned, [], 'a child that never started was signalled');
  assert.equal(handle.pid, 0);
  assert.ok(outcome.end === 'stopped' || outcome.end === 'failed');
});
