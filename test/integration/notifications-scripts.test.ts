/**
 * Real scripts calling the installed libraries: a python3 script doing `from notify import send` and a node script
 * doing `require('./sendNotify')`, run in data/scripts with a run token, against the daemon listening on 127.0.0.1.
 * Channels configured by Qinglong's variables, or the panel channel, deliver to a local recording server.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import { promisify } from 'node:util';
import { installScriptLibraries, libraryVersion } from '../../daemon/src/notifications/install-scripts.ts';
import { loadStockHashes } from '../../daemon/src/notifications/stock-libraries.ts';
import { editedSendNotify, stockNotifyPy, withFixtureStock } from '../helpers/qinglong/index.ts';
import { call, signedIn, tempDir } from '../helpers/app.ts';
import { startRecorder } from '../helpers/recorder.ts';

const run = promisify(execFile);

async function listeningApp(t: TestContext) {
  const started = await signedIn(t);
  await started.app.listen({ port: 0, host: '127.0.0.1' });
  const scripts = path.join(started.dataDir, 'scripts');
  writeFileSync(path.join(scripts, 'py_notify.py'), "from notify import send\nsend('t', 'c')\n");
  writeFileSync(
    path.join(scripts, 'js_notify.js'),
    "require('./sendNotify').sendNotify('t', 'c').then(() => console.log('done'));\n",
  );
  return { ...started, scripts };
}

function scriptEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', ...extra };
}

const interpreters = [
  ['python3', 'py_notify.py'],
  ['node', 'js_notify.js'],
] as const;

test('python3 notify.send and node sendNotify deliver through channels set by Qinglong variables', async (t) => {
  const { app, scripts } = await listeningApp(t);
  const server = await startRecorder(t, () => ({ body: 'ok' }));
  for (const [interpreter, file] of interpreters) {
    const tokenEnv = app.ctx.runTokens.envFor(`run-${interpreter}`);
    assert.match(tokenEnv.BAIHU_NOTIFY_URL, /^http:\/\/127\.0\.0\.1:\d+\/$/);
    const before = server.requests.length;
    const { stdout } = await run(interpreter, [file], {
      cwd: scripts,
      env: scriptEnv({
        ...tokenEnv,
        WEBHOOK_URL: `${server.url}/${interpreter}?title=$title`,
        WEBHOOK_METHOD: 'POST',
        WEBHOOK_CONTENT_TYPE: 'application/json',
        WEBHOOK_HEADERS: 'X-From: script\nX-Kind: test',
        WEBHOOK_BODY: 'title: $title\ncontent: $content',
      }),
    });
    assert.match(stdout, /webhook/, stdout);
    assert.equal(server.requests.length, before + 1, `${interpreter} delivered once`);
    const received = server.requests.at(-1)!;
    assert.equal(received.method, 'POST');
    assert.equal(received.url, `/${interpreter}?title=t`);
    assert.equal(received.headers['x-from'], 'script');
    assert.equal(received.headers['x-kind'], 'test');
    assert.deepEqual(JSON.parse(received.body), { title: 't', content: 'c' });
    app.ctx.runTokens.revoke(`run-${interpreter}`);
  }
});

test('with no channel variables the scripts use the panel channel', async (t) => {
  const { app, token, scripts } = await listeningApp(t);
  const server = await startRecorder(t, () => ({ body: 'ok' }));
  const saved = await call(app, 'PUT', '/api/user/notification', {
    token,
    payload: { type: 'webhook', webhookUrl: `${server.url}/panel?t=$title&c=$content`, webhookMethod: 'GET' },
  });
  assert.equal(saved.body.code, 200);
  for (const [interpreter, file] of interpreters) {
    const before = server.requests.length;
    await run(interpreter, [file], { cwd: scripts, env: scriptEnv(app.ctx.runTokens.envFor(interpreter)) });
    assert.equal(server.requests.length, before + 1);
    assert.equal(server.requests.at(-1)!.url, '/panel?t=t&c=c');
  }
});

test('a wrong or revoked token is refused; SKIP_PUSH_TITLE skips; outside Baihu the message is printed', async (t) => {
  const { app, scripts } = await listeningApp(t);
  const server = await startRecorder(t, () => ({ body: 'ok' }));
  const webhook = { WEBHOOK_URL: `${server.url}/x?t=$title`, WEBHOOK_METHOD: 'GET' };
  const env = app.ctx.runTokens.envFor('r1');

  const direct = await call(app, 'POST', '/api/notify/script', {
    payload: { title: 't', content: 'c', env: webhook },
    headers: { authorization: 'Bearer not-a-token' },
  });
  assert.equal(direct.status, 401);
  assert.equal(direct.body.message, 'Invalid or expired run token');

  for (const [interpreter, file] of interpreters) {
    const wrong = await run(interpreter, [file], {
      cwd: scripts,
      env: scriptEnv({ ...env, ...webhook, BAIHU_NOTIFY_TOKEN: 'guess' }),
    });
    assert.match(wrong.stdout, /运行令牌无效或已过期/);

    const skipped = await run(interpreter, [file], {
      cwd: scripts,
      env: scriptEnv({ ...env, ...webhook, SKIP_PUSH_TITLE: 'other\nt' }),
    });
    assert.match(skipped.stdout, /SKIP_PUSH_TITLE/);

    const outside = await run(interpreter, [file], { cwd: scripts, env: scriptEnv(webhook) });
    assert.match(outside.stdout, /Not run by Baihu/);
  }
  app.ctx.runTokens.revoke('r1');
  const revoked = await run('node', ['js_notify.js'], { cwd: scripts, env: scriptEnv({ ...env, ...webhook }) });
  assert.match(revoked.stdout, /运行令牌无效或已过期/);
  assert.equal(server.requests.length, 0, 'nothing was delivered');
});

test("the libraries are installed when missing or older; Qinglong's stock copy is backed up, a user's own is kept", async (t) => {
  const stock = withFixtureStock(await loadStockHashes());
  const root = tempDir(t);
  const paths = { scripts: path.join(root, 'scripts'), bak: path.join(root, 'bak') };
  const { mkdirSync } = await import('node:fs');
  mkdirSync(paths.scripts);
  mkdirSync(paths.bak);
  writeFileSync(path.join(paths.scripts, 'notify.py'), stockNotifyPy);
  writeFileSync(path.join(paths.scripts, 'sendNotify.js'), editedSendNotify);
  const kept = await installScriptLibraries(paths, stock);
  const py = readFileSync(path.join(paths.scripts, 'notify.py'), 'utf8');
  assert.ok(libraryVersion(py) >= 1, "Qinglong's stock notify.py is replaced by the shipped library");
  assert.equal(readdirSync(paths.bak).length, 1, "Qinglong's file was backed up");
  assert.equal(readFileSync(path.join(paths.scripts, 'sendNotify.js'), 'utf8'), editedSendNotify, 'the edit is kept');
  assert.ok(libraryVersion(readFileSync(path.join(paths.scripts, 'baihuNotify.js'), 'utf8')) >= 1);
  assert.deepEqual(
    kept.map((l) => [l.file, l.state]),
    [['sendNotify.js', 'edited']],
  );

  // A newer Baihu library is left alone; a file that is not Qinglong's at all is the user's too.
  writeFileSync(path.join(paths.scripts, 'notify.py'), '# baihu-notify-version: 999\n# newer, kept\n');
  writeFileSync(path.join(paths.scripts, 'sendNotify.js'), "// a repository's own\nmodule.exports = {};\n");
  const again = await installScriptLibraries(paths, stock);
  assert.match(readFileSync(path.join(paths.scripts, 'notify.py'), 'utf8'), /newer, kept/);
  assert.match(readFileSync(path.join(paths.scripts, 'sendNotify.js'), 'utf8'), /a repository's own/);
  assert.deepEqual(
    again.map((l) => [l.file, l.state]),
    [['sendNotify.js', 'foreign']],
  );

  // With the list Baihu ships, a notify.py that matches no release is the user's: kept, Baihu's beside it.
  writeFileSync(path.join(paths.scripts, 'notify.py'), stockNotifyPy);
  const shipped = await installScriptLibraries(paths, await loadStockHashes());
  assert.equal(readFileSync(path.join(paths.scripts, 'notify.py'), 'utf8'), stockNotifyPy);
  assert.ok(libraryVersion(readFileSync(path.join(paths.scripts, 'baihu_notify.py'), 'utf8')) >= 1);
  assert.deepEqual(
    shipped.map((l) => [l.file, l.state]),
    [
      ['sendNotify.js', 'foreign'],
      ['notify.py', 'edited'],
    ],
  );
});

test("notify.py offers Qinglong's push_config and one function per channel, which sends through that channel alone", async (t) => {
  const { app, scripts } = await listeningApp(t);
  const server = await startRecorder(t, () => ({ body: 'ok' }));
  writeFileSync(
    path.join(scripts, 'py_channels.py'),
    [
      'from notify import push_config, custom_notify, bark, send',
      "push_config['WEBHOOK_URL'] = push_config['WEBHOOK_URL'] + '/from-config?t=$title'",
      "push_config['WEBHOOK_METHOD'] = 'GET'",
      "custom_notify('one', 'c')",
      "bark('two', 'c')",
      '',
    ].join('\n'),
  );
  const { stdout } = await run('python3', ['py_channels.py'], {
    cwd: scripts,
    // A second channel set by variables must not be used by custom_notify: the function is that channel alone.
    env: scriptEnv({ ...app.ctx.runTokens.envFor('channels'), WEBHOOK_URL: server.url, PUSH_KEY: 'SCT-unused' }),
  });
  assert.match(stdout, /bark 服务的 BARK_PUSH 未设置/, stdout);
  assert.deepEqual(
    server.requests.map((r) => r.url),
    ['/from-config?t=one'],
  );
});
