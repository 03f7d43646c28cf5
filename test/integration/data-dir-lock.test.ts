/**
 * Integration: one daemon per data directory (daemon/src/db/lock.ts). Real daemon processes (sources through tsx) on
 * temp data dirs; the lock is the kernel's (fcntl, through SQLite), so kill -9 is the real test of a stale lock.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { DataDirLocked, dataDirLockedExitCode, lockDataDir } from '../../daemon/src/db/lock.ts';
import { userDataDir } from '../helpers/app.ts';
import { daemonExit, http, startDaemon } from '../helpers/daemon.ts';

const holderOf = (dataDir: string) =>
  JSON.parse(readFileSync(path.join(dataDir, 'db', 'daemon.lock.json'), 'utf8')) as { pid: number };

test('a second daemon on the same data dir refuses to start, names the first, and touches nothing', async (t) => {
  const dataDir = userDataDir(t);
  const first = await startDaemon(t, dataDir);
  assert.equal(holderOf(dataDir).pid, first.child.pid);

  const second = await daemonExit(dataDir);
  assert.equal(second.code, dataDirLockedExitCode, second.output);
  assert.match(second.output, new RegExp(`Another Baihu daemon is already running on the data directory ${dataDir}`));
  assert.match(second.output, new RegExp(`pid ${first.child.pid}, started \\d{4}-\\d\\d-\\d\\dT`));
  assert.match(second.output, /command: .*daemon\/src\/server\.ts/);
  assert.doesNotMatch(second.output, /Baihu http/);
  assert.equal(holderOf(dataDir).pid, first.child.pid, 'the refused daemon left the record alone');
  assert.equal((await http(first.url, 'GET', '/api/health')).status, 200, 'the first daemon runs on');

  // kill -9 leaves no stale lock: the kernel dropped it with the process.
  first.child.kill('SIGKILL');
  await new Promise((resolve) => first.child.once('exit', resolve));
  const third = await startDaemon(t, dataDir);
  assert.equal(holderOf(dataDir).pid, third.child.pid);
  assert.equal((await http(third.url, 'GET', '/api/health')).status, 200);
});

test('the lock is held per process and released on request', (t) => {
  const dataDir = userDataDir(t);
  const lock = lockDataDir(dataDir);
  // A second connection of the same process is refused too (SQLite tracks its own locks per file).
  assert.throws(() => lockDataDir(dataDir), DataDirLocked);
  lock.release();
  lockDataDir(dataDir).release();
  assert.ok(existsSync(path.join(dataDir, 'db', 'daemon.lock')));
});
