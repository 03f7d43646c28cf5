import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import { alive, freePort, healthcheck, readText as read, runEntrypoint, until } from '../helpers/entrypoint.ts';

const layout = ['config', 'scripts', 'repo', 'raw', 'log', 'db', 'deps', 'ssh.d', 'syslog', 'bak', 'upload'];

/**
 * A stand-in daemon: records each start and every pid it makes in $STATE; the first start exits 3 (a crash),
 * later starts stay up (with a child of their own) until SIGTERM. EXIT_CODE makes every start exit with that code.
 */
const fakeDaemon = `#!/usr/bin/env bash
n=$(( $(cat "$STATE/starts" 2>/dev/null || echo 0) + 1 ))
echo "$n" > "$STATE/starts"
echo "$$" >> "$STATE/pids"
echo "$(id -u):$(id -g) $HOME" >> "$STATE/who"
if [[ -n "\${EXIT_CODE:-}" ]]; then exit "$EXIT_CODE"; fi
if (( n == 1 )); then exit 3; fi
trap 'kill "$sleeper" 2>/dev/null; echo stopped >> "$STATE/events"; exit 0' TERM INT
sleep 1000 & sleeper=$!
echo "$sleeper" >> "$STATE/pids"
echo up >> "$STATE/events"
wait "$sleeper"
`;

function tempDir(t: TestContext): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'baihu-entrypoint-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function fakeSetup(t: TestContext) {
  const dir = tempDir(t);
  const state = path.join(dir, 'state');
  const dataDir = path.join(dir, 'data');
  const script = path.join(dir, 'fake-daemon.sh');
  writeFileSync(script, fakeDaemon, { mode: 0o755 });
  spawnSync('mkdir', ['-p', state]);
  return { dir, state, dataDir, env: { STATE: state, BAIHU_DATA_DIR: dataDir, BAIHU_DAEMON_CMD: `bash ${script}` } };
}

test('entrypoint: creates the data layout, restarts a crash, stops on SIGTERM leaving no process', async (t) => {
  const { state, dataDir, env } = fakeSetup(t);
  const run = runEntrypoint(t, env);

  await until('the second start', () => read(path.join(state, 'events')).includes('up'));
  for (const sub of layout) assert.ok(statSync(path.join(dataDir, sub)).isDirectory(), `${sub}/ created`);
  assert.equal(read(path.join(state, 'starts')).trim(), '2', 'restarted once after the crash');
  assert.match(run.output(), /exited with code 3 after \d+s; restarting in 1s/);

  const pids = read(path.join(state, 'pids')).trim().split('\n').map(Number);
  run.child.kill('SIGTERM');
  const { code } = await run.exited;
  assert.equal(code, 0);
  assert.match(read(path.join(state, 'events')), /stopped/, 'the daemon got the forwarded SIGTERM');
  await until('every process to be gone', () => pids.every((pid) => !alive(pid)), 3000);
  // The entrypoint, which alone restarts the daemon, has exited: no start can follow, so none is waited for.
  assert.equal(read(path.join(state, 'starts')).trim(), '2', 'not restarted after the stop');
});

test('entrypoint: as root with PUID/PGID, it gives the data directory to that user and runs the daemon as it', async (t) => {
  const { dir, state, dataDir, env } = fakeSetup(t);
  // The stand-in daemon and its state must be reachable by the user it becomes.
  chmodSync(dir, 0o755);
  chmodSync(state, 0o777);
  const run = runEntrypoint(t, { ...env, PUID: '4321', PGID: '4322', HOME: '/root' });
  await until('the second start', () => read(path.join(state, 'events')).includes('up'), 15_000);
  const who = read(path.join(state, 'who')).trim().split('\n');
  if (process.getuid?.() === 0) {
    // setpriv: that uid and gid, and a HOME it can write (npm and pip keep their caches there).
    assert.deepEqual(who, ['4321:4322 /tmp', '4321:4322 /tmp'], run.output());
    for (const folder of [dataDir, path.join(dataDir, 'db'), path.join(dataDir, 'log')]) {
      const { uid, gid } = statSync(folder);
      assert.deepEqual([uid, gid], [4321, 4322], folder);
    }
    assert.match(run.output(), /giving .* to 4321:4322/);
  } else {
    // Not root: PUID cannot be honoured and is ignored; the daemon runs as whoever started the container.
    assert.equal(who[0], `${process.getuid?.()}:${process.getgid?.()} /root`);
  }
  run.child.kill('SIGTERM');
  assert.equal((await run.exited).code, 0);
});

test('entrypoint: exit code 78 (bad configuration) is not retried', async (t) => {
  const { state, env } = fakeSetup(t);
  const run = runEntrypoint(t, { ...env, EXIT_CODE: '78' });
  const { code } = await run.exited;
  assert.equal(code, 78);
  assert.equal(read(path.join(state, 'starts')).trim(), '1');
  assert.match(run.output(), /refused its configuration/);
});

test('entrypoint: SIGTERM during the back-off stops at once', async (t) => {
  const { state, env } = fakeSetup(t);
  const run = runEntrypoint(t, { ...env, EXIT_CODE: '1' });
  // The third crash: the back-off is 4 s by then, far from what a busy machine needs to end a shell.
  await until(
    'the third crash',
    () => read(path.join(state, 'starts')).trim() === '3' && run.output().includes('restarting in 4s'),
    15_000,
  );
  const before = Date.now();
  run.child.kill('SIGTERM');
  const { code } = await run.exited;
  assert.equal(code, 0);
  assert.ok(Date.now() - before < 3000, 'did not wait out the back-off');
});

test('entrypoint: an unusable data directory fails clearly', async (t) => {
  const { dir, env } = fakeSetup(t);
  const file = path.join(dir, 'a-file');
  writeFileSync(file, '');
  const run = runEntrypoint(t, { ...env, BAIHU_DATA_DIR: path.join(file, 'data') });
  const { code } = await run.exited;
  assert.equal(code, 73);
  assert.match(run.output(), /data directory .* is not writable/);
});

test('entrypoint: runs the real daemon, which the healthcheck sees, and stops it with exit code 0', async (t) => {
  const dataDir = path.join(tempDir(t), 'data');
  const port = String(await freePort());
  const run = runEntrypoint(t, {
    BAIHU_DATA_DIR: dataDir,
    BAIHU_PORT: port,
    BAIHU_BASE_URL: '/panel',
    BAIHU_LOG_LEVEL: 'warn',
  });
  const env = { PATH: process.env.PATH, BAIHU_PORT: port, BAIHU_BASE_URL: '/panel' };
  const healthy = () => spawnSync(healthcheck, [], { env }).status === 0;
  await until('the daemon to answer', healthy, 20_000);
  assert.ok(existsSync(path.join(dataDir, 'db', 'baihu.sqlite')));

  run.child.kill('SIGTERM');
  const { code } = await run.exited;
  assert.equal(code, 0, run.output());
  assert.equal(healthy(), false, 'nothing answers after the stop');
});

test('entrypoint: the real daemon with a bad setting exits 78 without a restart', async (t) => {
  const dataDir = path.join(tempDir(t), 'data');
  const run = runEntrypoint(t, { BAIHU_DATA_DIR: dataDir, BAIHU_PORT: 'not-a-port' });
  const { code } = await run.exited;
  assert.equal(code, 78);
  assert.match(run.output(), /BAIHU_PORT must be a whole number/);
  assert.equal(run.output().match(/Invalid configuration/g)?.length, 1);
});
