/**
 * `ql import-qinglong` from the shell (the real shell/ql in a child process) on a data dir no daemon holds: the dry
 * run changes nothing, the import creates the account with the old password, a second run brings nothing new, and
 * a corrupt database is refused with exit code 1 and its reason.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../daemon/src/app/app.ts';
import { loadConfig } from '../../daemon/src/config/config.ts';
import { call } from '../helpers/app.ts';
import { makeQinglongDataDir, qinglongRows } from '../helpers/qinglong/index.ts';

const ql = fileURLToPath(new URL('../../shell/ql', import.meta.url));

function tempDataDir(t: TestContext): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'baihu-ql-import-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function runQl(dataDir: string, ...args: string[]) {
  const result = spawnSync(ql, args, {
    cwd: os.tmpdir(),
    env: { PATH: process.env.PATH, HOME: os.tmpdir(), BAIHU_DATA_DIR: dataDir, BAIHU_PORT: '1' },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

test('ql import-qinglong: dry run, import, again, and a corrupt database', async (t) => {
  const fixture = makeQinglongDataDir({ minimal: true });
  t.after(() => fixture.cleanup());
  const dataDir = tempDataDir(t);

  const dry = runQl(dataDir, 'import-qinglong', fixture.dir, '--dry-run');
  assert.equal(dry.status, 0, dry.stderr);
  // Output is in the panel's language (Chinese until it is set).
  assert.match(dry.stdout, new RegExp(`(Account|账户): ${qinglongRows.authInfo.username}`));
  const users = async () => {
    const app = await buildApp({ config: loadConfig({ BAIHU_DATA_DIR: dataDir, BAIHU_PORT: '0' }) });
    try {
      const { username, password } = qinglongRows.authInfo;
      const login = await call(app, 'POST', '/api/user/login', { payload: { username, password } });
      return { count: (await app.ctx.db.selectFrom('users').select('id').execute()).length, login: login.body.code };
    } finally {
      await app.close();
    }
  };
  assert.equal((await users()).count, 0, 'the dry run created nothing');

  const real = runQl(dataDir, 'import-qinglong', fixture.dir);
  assert.equal(real.status, 0, real.stderr + real.stdout);
  assert.match(real.stdout, /== (Account|账户) \(1\) ==/, 'the job log is printed');
  assert.ok(existsSync(path.join(dataDir, 'config', 'config.sh')));
  // The old password is right (two-factor was on in Qinglong, so the next step asks for the code).
  assert.deepEqual(await users(), { count: 1, login: 420 });

  const again = runQl(dataDir, 'import-qinglong', fixture.dir);
  assert.equal(again.status, 0, again.stderr);
  assert.match(again.stdout, /Baihu already has an account|白虎已有账户/);

  const broken = makeQinglongDataDir({ database: 'truncated' });
  t.after(() => broken.cleanup());
  const refused = runQl(dataDir, 'import-qinglong', broken.dir);
  assert.equal(refused.status, 1);
  assert.match(refused.stderr, /database/i);

  assert.equal(runQl(dataDir, 'import-qinglong').status, 2, 'no folder: usage');
});
