/**
 * `ql backup`, `ql restore` and `ql rmlog` from a shell: the real shell/ql on a data dir no daemon holds (the daemon
 * made it and closed). A backup is written into data/bak; a restore swaps it in at once and keeps the replaced data;
 * a hostile archive is refused with the reason and changes nothing; rmlog removes old logs and says what it removed.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../daemon/src/app/app.ts';
import { loadConfig } from '../../daemon/src/config/config.ts';
import { startDaemon } from '../helpers/daemon.ts';
import { databaseEnv, knownDatabaseEnv, onPostgres } from '../helpers/postgres.ts';
import { filesSnapshot } from '../helpers/snapshot.ts';
import { rawTgz } from '../helpers/tar.ts';

const ql = fileURLToPath(new URL('../../shell/ql', import.meta.url));

function tempDataDir(t: TestContext): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'baihu-cli-backup-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The daemon made the data dir (database, folders) and has stopped. */
async function madeByDaemon(t: TestContext): Promise<string> {
  const dataDir = tempDataDir(t);
  const database = await databaseEnv(dataDir);
  const app = await buildApp({ config: loadConfig({ BAIHU_DATA_DIR: dataDir, BAIHU_PORT: '0', ...database }) });
  await app.inject({
    method: 'PUT',
    url: '/api/user/init',
    payload: { username: 'keeper', password: 'correct-horse-42' },
  });
  await app.close();
  return dataDir;
}

function runQl(dataDir: string, ...args: string[]) {
  const result = spawnSync(ql, args, {
    cwd: os.tmpdir(),
    env: {
      PATH: process.env.PATH,
      HOME: os.tmpdir(),
      BAIHU_DATA_DIR: dataDir,
      BAIHU_PORT: '1',
      TZ: 'UTC',
      ...knownDatabaseEnv(dataDir),
    },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

test('ql backup writes into data/bak; ql restore swaps it in at once and keeps what it replaced', async (t) => {
  const dataDir = await madeByDaemon(t);
  writeFileSync(path.join(dataDir, 'scripts', 'kept.js'), 'kept');
  const bad = runQl(dataDir, 'backup', 'scripts', 'nonsense');
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /Unknown part nonsense/);

  const backup = runQl(dataDir, 'backup', 'scripts');
  assert.equal(backup.status, 0, backup.stderr);
  const written = /Backup written: (\S+)/.exec(backup.stdout)?.[1];
  assert.ok(written && existsSync(written), backup.stdout);
  assert.equal(path.dirname(written), path.join(dataDir, 'bak'));
  assert.match(backup.stdout, /parts: db, scripts;/);

  rmSync(path.join(dataDir, 'scripts', 'kept.js'));
  writeFileSync(path.join(dataDir, 'scripts', 'later.js'), 'later');
  const restore = runQl(dataDir, 'restore', written);
  assert.equal(restore.status, 0, restore.stderr);
  assert.match(restore.stdout, /Checked: a Baihu .* backup .*parts db, scripts/);
  assert.match(restore.stdout, /Restored\. The replaced data is in /);
  assert.equal(readFileSync(path.join(dataDir, 'scripts', 'kept.js'), 'utf8'), 'kept');
  assert.equal(existsSync(path.join(dataDir, 'scripts', 'later.js')), false);
  const previous = readdirSync(path.join(dataDir, 'bak')).find((name) => name.startsWith('before-restore-'));
  assert.ok(previous, 'the replaced data is kept');
  assert.equal(readFileSync(path.join(dataDir, 'bak', previous, 'scripts', 'later.js'), 'utf8'), 'later');
  // The replaced database: SQLite's file, or on PostgreSQL a SQLite snapshot of its rows.
  assert.ok(existsSync(path.join(dataDir, 'bak', previous, onPostgres ? 'postgres' : 'db', 'baihu.sqlite')));

  // The restored data dir opens in the daemon with the backed-up account.
  const config = loadConfig({ BAIHU_DATA_DIR: dataDir, BAIHU_PORT: '0', ...knownDatabaseEnv(dataDir) });
  const app = await buildApp({ config });
  t.after(() => app.close());
  const login = await app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { username: 'keeper', password: 'correct-horse-42' },
  });
  assert.equal(login.json().code, 200);
});

test('ql restore with the daemon running: confirmed, the daemon restarts (exit 0), its next start applies it', async (t) => {
  const dataDir = await madeByDaemon(t);
  writeFileSync(path.join(dataDir, 'scripts', 'kept.js'), 'kept');
  const backup = runQl(dataDir, 'backup', 'scripts');
  const written = /Backup written: (\S+)/.exec(backup.stdout)?.[1];
  assert.ok(written, backup.stdout + backup.stderr);

  const daemon = await startDaemon(t, dataDir);
  rmSync(path.join(dataDir, 'scripts', 'kept.js'));
  writeFileSync(path.join(dataDir, 'scripts', 'later.js'), 'later');
  const exited = new Promise<number | null>((resolve) => daemon.child.once('exit', (code) => resolve(code)));
  const restore = runQl(dataDir, 'restore', written);
  assert.equal(restore.status, 0, restore.stderr);
  assert.match(
    restore.stdout,
    new RegExp(`The daemon \\(pid ${daemon.child.pid}\\) is running: it was asked to restart`),
  );
  assert.equal(await exited, 0, daemon.output());
  assert.ok(existsSync(path.join(dataDir, 'scripts', 'later.js')), 'nothing is swapped while the daemon runs');

  // The supervisor starts it again: the swap happens before the database opens.
  await startDaemon(t, dataDir);
  assert.equal(readFileSync(path.join(dataDir, 'scripts', 'kept.js'), 'utf8'), 'kept');
  assert.equal(existsSync(path.join(dataDir, 'scripts', 'later.js')), false);
});

test('ql restore refuses a hostile or missing archive with the reason, and nothing changes', async (t) => {
  const dataDir = await madeByDaemon(t);
  writeFileSync(path.join(dataDir, 'scripts', 'keep.js'), 'keep');
  const before = filesSnapshot(dataDir, (rel) => rel.startsWith('db/') || rel.startsWith('log/'));
  const dir = tempDataDir(t);
  const cases: [Buffer, RegExp][] = [
    [rawTgz([{ path: 'data/scripts/x', type: 'SymbolicLink', linkpath: '/etc/passwd' }]), /holds a link/],
    [rawTgz([{ path: 'data/scripts/../../escape', body: 'x' }]), /leaves the data folder/],
    [Buffer.from('not an archive'), /not a gzip-compressed tar/],
  ];
  for (const [index, [bytes, reason]] of cases.entries()) {
    const file = path.join(dir, `hostile-${index}.tgz`);
    writeFileSync(file, bytes);
    const result = runQl(dataDir, 'restore', file);
    assert.equal(result.status, 1, result.stdout);
    assert.match(result.stderr, reason);
    assert.match(result.stderr, /nothing was changed/);
  }
  const missing = runQl(dataDir, 'restore', path.join(dir, 'nope.tgz'));
  assert.equal(missing.status, 1);
  assert.match(missing.stderr, /No file at/);
  assert.equal(runQl(dataDir, 'restore').status, 2);
  assert.deepEqual(
    filesSnapshot(dataDir, (rel) => rel.startsWith('db/') || rel.startsWith('log/')),
    before,
  );
  assert.equal(existsSync(path.join(dataDir, 'escape')), false);
  assert.equal(existsSync(path.join(path.dirname(dataDir), 'escape')), false);
});

test('ql rmlog <days> removes logs older than that and says what it removed', async (t) => {
  const dataDir = await madeByDaemon(t);
  const oldLog = path.join(dataDir, 'log', 'task_1', '2020-01-01-00-00-00-000.log');
  const newLog = path.join(dataDir, 'log', 'task_1', 'fresh.log');
  const untouched = path.join(dataDir, 'log', 'task_1', 'notes.txt');
  mkdirSync(path.dirname(oldLog), { recursive: true });
  for (const file of [oldLog, newLog, untouched]) writeFileSync(file, 'x\n');
  const longAgo = new Date(Date.now() - 30 * 86_400_000);
  utimesSync(untouched, longAgo, longAgo);

  for (const args of [[], ['0'], ['x'], ['3', '4']]) {
    const bad = runQl(dataDir, 'rmlog', ...args);
    assert.equal(bad.status, 2, args.join(' '));
    assert.match(bad.stderr, /Usage: ql rmlog <days>/);
  }
  const result = runQl(dataDir, 'rmlog', '3');
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stdout, /removed task_1\/2020-01-01-00-00-00-000\.log \(2 bytes\)/);
  assert.match(result.stdout, /Removed 1 log files/);
  assert.equal(existsSync(oldLog), false);
  assert.equal(existsSync(newLog), true);
  assert.equal(existsSync(untouched), true, 'only *.log files are logs');
});
