import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { buildApp } from '../../daemon/src/app/app.ts';
import { loadConfig } from '../../daemon/src/config/config.ts';
import { call } from '../helpers/app.ts';

const ql = fileURLToPath(new URL('../../shell/ql', import.meta.url));
const account = { username: 'keeper', password: 'correct-horse-42' };

function tempDataDir(t: TestContext): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'baihu-cli-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The real daemon in-process on the given data dir, with the real clock (the CLI writes real times). */
function openApp(dataDir: string): Promise<FastifyInstance> {
  return buildApp({ config: loadConfig({ BAIHU_DATA_DIR: dataDir, BAIHU_PORT: '0' }) });
}

/** Runs the real shell/ql from an unrelated working directory, as a user in the container shell would. */
function runQl(dataDir: string, ...args: string[]) {
  const result = spawnSync(ql, args, {
    cwd: os.tmpdir(),
    env: { PATH: process.env.PATH, HOME: os.tmpdir(), BAIHU_DATA_DIR: dataDir, BAIHU_PORT: '1', LANG: 'en_US.UTF-8' },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A data dir with the account created, as the panel's first-run page leaves it. */
async function initialised(t: TestContext): Promise<string> {
  const dataDir = tempDataDir(t);
  const app = await openApp(dataDir);
  try {
    const res = await app.inject({ method: 'PUT', url: '/api/user/init', payload: account });
    assert.equal(res.json().code, 200);
  } finally {
    await app.close();
  }
  return dataDir;
}

/** Opens the app, runs fn, closes it: the CLI then works on a database no daemon holds. */
async function withApp<T>(dataDir: string, fn: (app: FastifyInstance) => Promise<T>): Promise<T> {
  const app = await openApp(dataDir);
  try {
    return await fn(app);
  } finally {
    await app.close();
  }
}

const login = (app: FastifyInstance, credentials: { username: string; password: string }) =>
  call(app, 'POST', '/api/user/login', { payload: credentials });

test('ql resetpwd sets the password and ends every session', async (t) => {
  const dataDir = await initialised(t);
  const oldToken = await withApp(dataDir, async (app) => {
    const res = await login(app, account);
    assert.equal(res.body.code, 200);
    return (res.body.data as { token: string }).token;
  });

  const refused = runQl(dataDir, 'resetpwd', 'admin');
  assert.equal(refused.status, 1);
  assert.match(refused.stderr, /cannot be 'admin'/);
  const short = runQl(dataDir, 'resetpwd', '12345');
  assert.equal(short.status, 1);
  assert.match(short.stderr, /at least 6 characters/);
  assert.equal(runQl(dataDir, 'resetpwd').status, 2);

  const done = runQl(dataDir, 'resetpwd', 'new-secret-99');
  assert.equal(done.status, 0, done.stderr);

  await withApp(dataDir, async (app) => {
    assert.equal((await call(app, 'GET', '/api/user', { token: oldToken })).status, 401, 'old session ended');
    assert.equal((await login(app, account)).body.code, 400, 'old password no longer works');
    const fresh = await login(app, { username: account.username, password: 'new-secret-99' });
    assert.equal(fresh.body.code, 200);
  });
});

test('ql resetname renames the account and ends every session', async (t) => {
  const dataDir = await initialised(t);
  const oldToken = await withApp(
    dataDir,
    async (app) => ((await login(app, account)).body.data as { token: string }).token,
  );

  assert.equal(runQl(dataDir, 'resetname', '  ').status, 1);
  const done = runQl(dataDir, 'resetname', 'warden');
  assert.equal(done.status, 0, done.stderr);

  await withApp(dataDir, async (app) => {
    assert.equal((await call(app, 'GET', '/api/user', { token: oldToken })).status, 401);
    assert.equal((await login(app, account)).body.code, 400, 'old name no longer works');
    const fresh = await login(app, { username: 'warden', password: account.password });
    assert.equal(fresh.body.code, 200);
    const me = await call(app, 'GET', '/api/user', { token: (fresh.body.data as { token: string }).token });
    assert.equal((me.body.data as { username: string }).username, 'warden');
  });
});

test('ql resetlet ends a lockout', async (t) => {
  const dataDir = await initialised(t);
  await withApp(dataDir, async (app) => {
    for (let i = 0; i < 3; i++) {
      assert.equal((await login(app, { ...account, password: 'wrong-password' })).body.code, 400);
    }
    // Three failures: the next attempt, even with the right password, must wait 27 s.
    assert.equal((await login(app, account)).body.code, 410);
  });

  const done = runQl(dataDir, 'resetlet');
  assert.equal(done.status, 0, done.stderr);

  await withApp(dataDir, async (app) => {
    assert.equal((await login(app, account)).body.code, 200);
  });
});

test("ql resetlet clears every counter: each address's and the account's", async (t) => {
  const dataDir = await initialised(t);
  const from = (app: FastifyInstance, ip: string, password: string) =>
    app.inject({ method: 'POST', url: '/api/user/login', payload: { ...account, password }, remoteAddress: ip });
  await withApp(dataDir, async (app) => {
    // One address past its own limit, and the account past its shared one (ten failures from ten addresses).
    for (let i = 0; i < 3; i++) assert.equal((await from(app, '203.0.113.1', 'wrong-password')).json().code, 400);
    for (let i = 0; i < 7; i++) assert.equal((await from(app, `192.0.2.${i}`, 'wrong-password')).json().code, 400);
    assert.equal((await from(app, '203.0.113.1', account.password)).json().code, 410);
    assert.equal((await from(app, '198.51.100.9', account.password)).json().code, 410);
  });

  const done = runQl(dataDir, 'resetlet');
  assert.equal(done.status, 0, done.stderr);

  await withApp(dataDir, async (app) => {
    assert.equal((await from(app, '203.0.113.1', account.password)).json().code, 200);
    assert.equal((await from(app, '198.51.100.9', account.password)).json().code, 200);
  });
});

test('ql resettfa turns two-factor off', async (t) => {
  const dataDir = await initialised(t);
  await withApp(dataDir, async (app) => {
    const token = ((await login(app, account)).body.data as { token: string }).token;
    const init = await call(app, 'GET', '/api/user/two-factor/init', { token });
    const { secret } = init.body.data as { secret: string };
    const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();
    const active = await call(app, 'PUT', '/api/user/two-factor/active', { token, payload: { code } });
    assert.deepEqual(active.body, { code: 200, data: true });
    assert.equal((await login(app, account)).body.code, 420, 'sign-in now asks for a code');
  });

  const done = runQl(dataDir, 'resettfa');
  assert.equal(done.status, 0, done.stderr);

  await withApp(dataDir, async (app) => {
    const res = await login(app, account);
    assert.equal(res.body.code, 200);
    const me = await call(app, 'GET', '/api/user', { token: (res.body.data as { token: string }).token });
    assert.equal((me.body.data as { twoFactorActivated: boolean }).twoFactorActivated, false);
  });
});

test('ql refuses to work on a data dir without a database or an account', async (t) => {
  const empty = tempDataDir(t);
  const noDb = runQl(empty, 'resetlet');
  assert.equal(noDb.status, 1);
  assert.match(noDb.stderr, /No database/);

  const fresh = tempDataDir(t);
  await withApp(fresh, async () => {});
  const noAccount = runQl(fresh, 'resetpwd', 'new-secret-99');
  assert.equal(noAccount.status, 1);
  assert.match(noAccount.stderr, /not been created/);
});

test('ql check reports the data dir, the database and the daemon', async (t) => {
  const dataDir = await initialised(t);
  // BAIHU_PORT=1: nothing listens there, so the daemon check fails and the whole check exits 1.
  const down = runQl(dataDir, 'check');
  assert.equal(down.status, 1);
  assert.match(down.stdout, /\[ok\] +data directory .* is writable/);
  assert.match(down.stdout, /\[ok\] +database .* opens \(account: keeper\)/);
  assert.match(down.stdout, /\[ok\] +run reaper .*baihu-reaper is built/);
  assert.match(down.stdout, /\[ok\] +process starter .*baihu-spawner is built/);
  assert.match(down.stdout, /\[FAIL\] daemon does not answer/);

  const app = await openApp(dataDir);
  t.after(() => app.close());
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = String((app.server.address() as { port: number }).port);
  // Asynchronously: the daemon answering the check lives in this process's event loop.
  const result = await new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(ql, ['check'], {
      cwd: os.tmpdir(),
      env: { PATH: process.env.PATH, BAIHU_DATA_DIR: dataDir, BAIHU_PORT: port, LANG: 'en_US.UTF-8' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
  assert.equal(result.status, 0, result.stdout + result.stderr);
  assert.match(result.stdout, /\[ok\] +daemon answers/);
});

test('ql help, per-command --help and unknown commands, in the configured language', async (t) => {
  const dataDir = tempDataDir(t);
  const help = runQl(dataDir, 'help');
  assert.equal(help.status, 0);
  assert.match(help.stdout, /resetpwd <password>/);
  const one = runQl(dataDir, 'resetpwd', '--help');
  assert.equal(one.status, 0, one.stderr);
  assert.match(one.stdout, /^ql resetpwd <password>/);
  assert.match(one.stdout, /Exit code: 0 done; 1 refused; 2 without the argument/);
  const unknown = runQl(dataDir, 'frobnicate');
  assert.equal(unknown.status, 2);
  assert.match(unknown.stderr, /unknown command "frobnicate"/);
  assert.match(unknown.stderr, /Usage: ql/);
  // Qinglong's bot: said plainly, not taken for a typo.
  const bot = runQl(dataDir, 'bot');
  assert.equal(bot.status, 1);
  assert.match(bot.stderr, /^ql bot: not supported: Baihu has no chat bot/);

  // The panel's language setting wins over the shell's locale.
  await withApp(dataDir, (app) => app.ctx.settings.set('lang', 'zh'));
  const zh = runQl(dataDir, 'resetpwd', '--help');
  assert.equal(zh.status, 0, zh.stderr);
  assert.match(zh.stdout, /退出码：0 完成；1 被拒绝；2 缺少参数。/);
  assert.match(runQl(dataDir, 'resetlet').stderr, /尚未创建/);
  assert.match(runQl(dataDir, 'bot').stderr, /^ql bot: 不支持：白虎没有聊天机器人/);
});

test('task runs a script from the shell with the panel semantics and forwards its exit code', (t) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'baihu-task-cli-'));
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
  mkdirSync(path.join(dataDir, 'scripts', 'demo'), { recursive: true });
  writeFileSync(path.join(dataDir, 'scripts', 'demo', 'hello.sh'), 'echo "hello from $(basename "$PWD")"\nexit 4\n');
  const task = fileURLToPath(new URL('../../shell/task', import.meta.url));
  const result = spawnSync(task, ['demo/hello.sh', 'now'], {
    encoding: 'utf8',
    env: { ...process.env, BAIHU_DATA_DIR: dataDir },
  });
  assert.equal(result.status, 4, result.stdout + result.stderr);
  assert.match(result.stdout, /hello from demo/);
  assert.deepEqual(readdirSync(path.join(dataDir, 'log')), ['demo_hello']);
  const missing = spawnSync(task, ['../outside.js'], {
    encoding: 'utf8',
    env: { ...process.env, BAIHU_DATA_DIR: dataDir },
  });
  assert.notEqual(missing.status, 0);
});

test('ql check repairs what it can and says what it fixed; ql extra runs extra.sh with config.sh', async (t) => {
  const dataDir = await initialised(t);
  rmSync(path.join(dataDir, 'scripts', 'sendNotify.js'));
  rmSync(path.join(dataDir, 'config', 'task_before.sh'));
  rmSync(path.join(dataDir, 'raw'), { recursive: true });
  const repaired = runQl(dataDir, 'check');
  assert.match(repaired.stdout, /\[fixed\] created the missing data folders: raw/);
  assert.match(repaired.stdout, /\[fixed\] created the missing config files from the samples: task_before\.sh/);
  assert.match(repaired.stdout, /\[fixed\] installed the notification libraries scripts require: sendNotify\.js/);
  assert.match(repaired.stdout, /\[ok\] +database integrity check passed/);
  assert.match(readdirSync(path.join(dataDir, 'scripts')).join(' '), /sendNotify\.js/);
  const second = runQl(dataDir, 'check');
  assert.doesNotMatch(second.stdout, /\[fixed\]/);
  assert.match(second.stdout, /Nothing needed repairing/);

  rmSync(path.join(dataDir, 'config', 'extra.sh'));
  const none = runQl(dataDir, 'extra');
  assert.equal(none.status, 0);
  assert.match(none.stdout, /nothing to run/);
  writeFileSync(path.join(dataDir, 'config', 'config.sh'), 'ExtraGreeting="hello from config.sh"\n');
  writeFileSync(path.join(dataDir, 'config', 'extra.sh'), 'echo "$ExtraGreeting in $dir_scripts"\nexit 5\n');
  const ran = runQl(dataDir, 'extra');
  assert.equal(ran.status, 5, ran.stdout + ran.stderr);
  assert.ok(ran.stdout.includes(`hello from config.sh in ${path.join(dataDir, 'scripts')}`), ran.stdout);
  assert.equal(readdirSync(path.join(dataDir, 'log', 'extra')).length, 1);
});
