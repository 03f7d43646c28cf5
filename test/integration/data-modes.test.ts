/**
 * The data directory is private to the daemon's user: the real daemon (a separate process, so its umask is its own)
 * makes new files 0600 and folders 0700, and at start-up tightens what an older version left 0644/0755.
 */
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { account, tempDir } from '../helpers/app.ts';
import { http, startDaemon } from '../helpers/daemon.ts';
import { onPostgres } from '../helpers/postgres.ts';

const modeOf = (file: string) => statSync(file).mode & 0o777;
const octal = (mode: number) => mode.toString(8).padStart(4, '0');

test('the daemon keeps its data directory private: umask 077, and old 0644/0755 entries tightened at start', async (t) => {
  const dataDir = path.join(tempDir(t), 'data');
  const first = await startDaemon(t, dataDir);
  first.child.kill('SIGTERM');
  await new Promise((resolve) => first.child.once('exit', resolve));

  // What an older version (or a hand-made volume) left behind: readable by everyone.
  mkdirSync(path.join(dataDir, 'log', 'old_task'), { recursive: true });
  writeFileSync(path.join(dataDir, 'ssh.d', 'id_sub'), 'PRIVATE KEY');
  writeFileSync(path.join(dataDir, 'config', 'config.sh'), 'export TOKEN=secret\n');
  const loose: string[] = [dataDir];
  for (const folder of ['db', 'config', 'log', 'ssh.d', 'scripts', 'log/old_task']) {
    loose.push(path.join(dataDir, folder));
    for (const name of folder.includes('/') ? [] : readdirSync(path.join(dataDir, folder))) {
      loose.push(path.join(dataDir, folder, name));
    }
  }
  for (const entry of loose) chmodSync(entry, statSync(entry).isDirectory() ? 0o755 : 0o644);
  // On PostgreSQL the rows live in the server; data/db keeps the daemon's own files (its lock, its secrets).
  if (!onPostgres) assert.equal(modeOf(path.join(dataDir, 'db', 'baihu.sqlite')), 0o644);

  const daemon = await startDaemon(t, dataDir);
  const expected: Record<string, number> = {
    '.': 0o700,
    db: 0o700,
    config: 0o700,
    log: 0o700,
    'ssh.d': 0o700,
    scripts: 0o700,
    ...(onPostgres ? {} : { 'db/baihu.sqlite': 0o600, 'db/baihu.sqlite-wal': 0o600, 'db/baihu.sqlite-shm': 0o600 }),
    'db/jwt-secret': 0o600,
    'config/config.sh': 0o600,
    'ssh.d/id_sub': 0o600,
  };
  for (const [entry, mode] of Object.entries(expected)) {
    assert.equal(octal(modeOf(path.join(dataDir, entry))), octal(mode), entry);
  }
  // Not walked (there may be a million of them); the closed log/ folder above keeps other users out.
  assert.equal(octal(modeOf(path.join(dataDir, 'log', 'old_task'))), octal(0o755));

  // What the daemon creates from now on is private: a script saved through the API, its folder.
  assert.equal((await http(daemon.url, 'PUT', '/api/user/init', { payload: account })).body.code, 200);
  const login = await http(daemon.url, 'POST', '/api/user/login', { payload: account });
  const token = (login.body.data as { token: string }).token;
  const dir = await http(daemon.url, 'POST', '/api/scripts', { token, payload: { directory: 'jobs', path: '' } });
  assert.equal(dir.body.code, 200, JSON.stringify(dir.body));
  const saved = await http(daemon.url, 'POST', '/api/scripts', {
    token,
    payload: { filename: 'new.js', path: 'jobs', content: 'console.log(1)\n' },
  });
  assert.equal(saved.body.code, 200, JSON.stringify(saved.body));
  assert.equal(octal(modeOf(path.join(dataDir, 'scripts', 'jobs'))), octal(0o700));
  assert.equal(octal(modeOf(path.join(dataDir, 'scripts', 'jobs', 'new.js'))), octal(0o600));
});
