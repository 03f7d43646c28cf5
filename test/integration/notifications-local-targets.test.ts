/**
 * Which local-network targets notifications and webhooks reach: this machine and the private networks by default,
 * link-local, unspecified and cloud metadata addresses only when listed, everything local refused when the owner
 * says so — on the real daemon, through the test-before-save flow, the panel channel, a proxy hop, and the setting's
 * own route. Refused targets are refused before any connection, so no request leaves for the addresses named here.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createHttpClient } from '../../daemon/src/notifications/http.ts';
import { LocalTargetRefused, TargetGuard } from '../../daemon/src/notifications/local-targets.ts';
import { call, login, signedIn, startApp, userDataDir } from '../helpers/app.ts';
import { startRecorder } from '../helpers/recorder.ts';

const webhookTo = (url: string) => ({
  type: 'webhook',
  webhookUrl: `${url}/hook?t=$title`,
  webhookMethod: 'GET',
});

const route = '/api/user/notification';
const targetsRoute = '/api/user/notification/local-targets';

/** Refuses local-network targets, as an owner who does not want them does on the settings page. */
const refuseLocal = { allowLocal: false, allowed: [] };

test('by default the home network is reached and metadata is not; an owner who refuses local targets gets every class refused, in both languages', async (t) => {
  const { app, token } = await signedIn(t);
  const server = await startRecorder(t, () => ({ body: 'ok' }));
  const port = server.port;

  // The default: this machine and the private networks, as a home server's gotify or webhook is.
  const initial = await call(app, 'GET', targetsRoute, { token });
  assert.deepEqual(initial.body.data, { allowLocal: true, allowed: [] });
  for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `127.1:${port}`, `[::ffff:127.0.0.1]:${port}`]) {
    const reply = await call(app, 'PUT', route, { token, payload: webhookTo(`http://${host}`) });
    assert.equal(reply.body.code, 200, `${host}: ${JSON.stringify(reply.body)}`);
  }
  assert.equal(server.requests.length, 4, 'each test message arrived');

  // Link-local (cloud metadata), unspecified and metadata addresses stay refused: their own messages.
  const reserved: [string, string, string][] = [
    ['169.254.169.254', '169.254.169.254', 'notifyReservedTarget'],
    ['[fe80::1]', 'fe80::1', 'notifyReservedTarget'],
    [`0.0.0.0:${port}`, '0.0.0.0', 'notifyReservedTarget'],
    [`[::]:${port}`, '::', 'notifyReservedTarget'],
    ['[::ffff:169.254.169.254]', '::ffff:a9fe:a9fe', 'notifyReservedTarget'],
    ['100.100.100.200', '100.100.100.200', 'notifyMetadataTarget'],
    ['[fd00:ec2::254]', 'fd00:ec2::254', 'notifyMetadataTarget'],
    ['metadata.google.internal', 'metadata.google.internal', 'notifyMetadataTarget'],
  ];
  for (const [host, address, error] of reserved) {
    const reply = await call(app, 'PUT', route, { token, payload: webhookTo(`http://${host}`) });
    assert.equal(reply.body.error, error, host);
    assert.ok(reply.body.message!.includes(address), `${host}: ${reply.body.message}`);
  }
  const metadata = await call(app, 'PUT', route, { token, lang: 'zh', payload: webhookTo('http://169.254.169.254') });
  assert.equal(
    metadata.body.message,
    '未发送：169.254.169.254 解析为 169.254.169.254，这是链路本地或未指定地址（云服务器元数据服务所在的地址）。' +
      '只有在 系统设置 → 通知设置 → 本地网络地址 中列出的地址才能访问',
  );
  const cloud = await call(app, 'PUT', route, { token, payload: webhookTo('http://100.100.100.200') });
  assert.equal(
    cloud.body.message,
    "Not sent: 100.100.100.200 (100.100.100.200) is a cloud metadata service, which hands out the server's " +
      'credentials. Only an entry listed under System Settings → Notification → Local network addresses can reach it',
  );

  // The owner refuses local targets: every class is refused, and nothing is saved.
  assert.equal((await call(app, 'PUT', targetsRoute, { token, payload: refuseLocal })).body.code, 200);
  const before = (await call(app, 'GET', route, { token })).body.data;
  // [URL host, the host and the address the message names]; the loopback ones would reach the recorder if let through.
  const local: [string, string, string][] = [
    [`127.0.0.1:${port}`, '127.0.0.1', '127.0.0.1'],
    [`localhost:${port}`, 'localhost', '127.0.0.1'],
    [`[::1]:${port}`, '::1', '::1'],
    [`[::ffff:127.0.0.1]:${port}`, '::ffff:7f00:1', '::ffff:7f00:1'],
    [`127.1:${port}`, '127.0.0.1', '127.0.0.1'],
    ['10.0.0.1', '10.0.0.1', '10.0.0.1'],
    ['172.16.5.4', '172.16.5.4', '172.16.5.4'],
    ['192.168.1.1', '192.168.1.1', '192.168.1.1'],
    ['[fd00::1]', 'fd00::1', 'fd00::1'],
    ['100.64.0.1', '100.64.0.1', '100.64.0.1'],
    ['[::ffff:192.168.0.1]', '::ffff:c0a8:1', '::ffff:c0a8:1'],
  ];
  for (const [host, shown, address] of local) {
    const reply = await call(app, 'PUT', route, { token, payload: webhookTo(`http://${host}`) });
    assert.equal(reply.status, 400, host);
    assert.equal(reply.body.error, 'notifyLocalTarget', host);
    assert.ok(reply.body.message!.startsWith(`Not sent: ${shown} is on the local network (${address})`), host);
  }
  for (const [host, , error] of reserved) {
    const reply = await call(app, 'PUT', route, { token, payload: webhookTo(`http://${host}`) });
    assert.equal(reply.body.error, error, `${host}, refused by the owner`);
  }

  // The full text, in both languages.
  const en = await call(app, 'PUT', route, { token, payload: webhookTo(`http://localhost:${port}`) });
  assert.equal(
    en.body.message,
    'Not sent: localhost is on the local network (127.0.0.1). Notifications go to local addresses only when you ' +
      'allow them: turn on "Allow local network addresses" or add the address under System Settings → Notification → ' +
      'Local network addresses',
  );
  const zh = await call(app, 'PUT', route, { token, lang: 'zh', payload: webhookTo(`http://localhost:${port}`) });
  assert.equal(
    zh.body.message,
    '未发送：localhost 位于本地网络（127.0.0.1）。只有你允许的本地地址才能接收通知：请在 系统设置 → 通知设置 → 本地网络地址 ' +
      '中打开“允许本地网络地址”，或添加该地址',
  );

  assert.equal(server.requests.length, 4, 'nothing more reached the loopback recorder');
  assert.deepEqual((await call(app, 'GET', route, { token })).body.data, before, 'nothing was saved');
});

test('a saved choice survives an upgrade; an install that never chose gets the new default', async (t) => {
  const dataDir = userDataDir(t);
  const server = await startRecorder(t, () => ({ body: 'ok' }));
  // An install of the version whose default refused local targets, where the owner saved that choice.
  {
    const { app, token } = await signedIn(t, { dataDir });
    assert.equal((await call(app, 'PUT', targetsRoute, { token, payload: refuseLocal })).body.code, 200);
    await app.close();
  }
  {
    const { app } = await startApp(t, { dataDir });
    const token = await login(app);
    assert.deepEqual((await call(app, 'GET', targetsRoute, { token })).body.data, refuseLocal, 'kept as saved');
    const refused = await call(app, 'PUT', route, { token, payload: webhookTo(server.url) });
    assert.equal(refused.body.error, 'notifyLocalTarget');
    await app.close();
  }
  // One that never saved it: the row absent, the default applies.
  const fresh = await signedIn(t);
  const reached = await call(fresh.app, 'PUT', route, { token: fresh.token, payload: webhookTo(server.url) });
  assert.equal(reached.body.code, 200, JSON.stringify(reached.body));
  assert.equal(server.requests.length, 1);
});

test('the setting allows local targets: the switch, single entries, and never metadata by the switch alone', async (t) => {
  const { app, token } = await signedIn(t);
  const server = await startRecorder(t, () => ({ body: 'ok' }));

  assert.equal((await call(app, 'GET', targetsRoute)).status, 401, 'a session is needed to read it');
  assert.equal(
    (await call(app, 'PUT', targetsRoute, { payload: { allowLocal: true, allowed: [] } })).status,
    401,
    'and to change it',
  );

  // An entry: exactly that address.
  const entry = await call(app, 'PUT', targetsRoute, {
    token,
    payload: { allowLocal: false, allowed: [' 127.0.0.1 ', '127.0.0.1', 'NAS.lan', '192.168.1.0/24', ''] },
  });
  assert.deepEqual(entry.body.data, { allowLocal: false, allowed: ['127.0.0.1', 'nas.lan', '192.168.1.0/24'] });
  const saved = await call(app, 'PUT', route, { token, payload: webhookTo(server.url) });
  assert.equal(saved.body.code, 200, JSON.stringify(saved.body));
  assert.equal(server.requests.length, 1);
  // `localhost` resolves to 127.0.0.1, which is allowed; ::1 is not in the list.
  const byName = await call(app, 'PUT', route, { token, payload: webhookTo(`http://localhost:${server.port}`) });
  assert.equal(byName.body.code, 200, JSON.stringify(byName.body));
  const v6 = await call(app, 'PUT', route, { token, payload: webhookTo(`http://[::1]:${server.port}`) });
  assert.equal(v6.body.error, 'notifyLocalTarget');

  // The switch: every loopback/private/CGNAT address, but link-local still needs its own entry.
  await call(app, 'PUT', targetsRoute, { token, payload: { allowLocal: true, allowed: [] } });
  const viaSwitch = await call(app, 'PUT', route, { token, payload: webhookTo(`http://localhost:${server.port}`) });
  assert.equal(viaSwitch.body.code, 200);
  const metadata = await call(app, 'PUT', route, { token, payload: webhookTo('http://169.254.169.254') });
  assert.equal(metadata.body.error, 'notifyReservedTarget');

  // Refused again at once, no restart.
  await call(app, 'PUT', targetsRoute, { token, payload: refuseLocal });
  const again = await call(app, 'PUT', route, { token, payload: webhookTo(server.url) });
  assert.equal(again.body.error, 'notifyLocalTarget');
  assert.equal(server.requests.length, 3);

  // A bad entry is refused with its text, in the caller's language; the old value stays.
  for (const [lang, text] of [
    ['en', '"http://nas.lan" is not an IP address, a range such as 192.168.1.0/24, or a host name'],
    ['zh', '“http://nas.lan”不是 IP 地址、网段（例如 192.168.1.0/24）或主机名'],
  ] as const) {
    const bad = await call(app, 'PUT', targetsRoute, {
      token,
      lang,
      payload: { allowLocal: true, allowed: ['10.0.0.1', 'http://nas.lan'] },
    });
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.body.errors, [{ field: 'allowed', message: text }]);
  }
  assert.deepEqual((await call(app, 'GET', targetsRoute, { token })).body.data, { allowLocal: false, allowed: [] });
});

test('the panel channel and PUT /api/system/notify report the refusal; a proxy hop is checked too', async (t) => {
  const { app, token } = await signedIn(t);
  const server = await startRecorder(t, () => ({ body: 'ok' }));
  await call(app, 'PUT', targetsRoute, { token, payload: { allowLocal: false, allowed: ['127.0.0.1'] } });
  assert.equal((await call(app, 'PUT', route, { token, payload: webhookTo(server.url) })).body.code, 200);
  await call(app, 'PUT', targetsRoute, { token, payload: { allowLocal: false, allowed: [] } });

  const panel = await call(app, 'PUT', '/api/system/notify', { token, payload: { title: 'x', content: 'y' } });
  assert.equal(panel.status, 400);
  assert.equal(panel.body.error, 'notifyLocalTarget');

  // Telegram's host is public, but its proxy is on this machine: the proxy hop is refused before connecting.
  const viaProxy = await call(app, 'PUT', '/api/system/notify', {
    token,
    payload: {
      title: 'x',
      content: 'y',
      notificationInfo: {
        type: 'telegramBot',
        telegramBotToken: '1:abc',
        telegramBotUserId: '1',
        telegramBotProxyHost: '127.0.0.1',
        telegramBotProxyPort: String(server.port),
      },
    },
  });
  assert.equal(viaProxy.body.error, 'notifyLocalTarget', JSON.stringify(viaProxy.body));
  assert.ok(viaProxy.body.message!.includes('127.0.0.1'));
  assert.equal(server.requests.length, 1, 'only the allowed test message arrived');

  // The fire-and-forget path refuses quietly: nothing arrives, nothing throws.
  app.ctx.notifier.send('quiet', 'refused');
  await app.ctx.notifier.idle();
  assert.equal(server.requests.length, 1);
});

test('the socket connects to the address the guard checked, not to a second resolution', async (t) => {
  const server = await startRecorder(t, () => ({ body: { ok: true } }));
  // A name only the fake resolver knows: if the socket resolved it again by itself, the request could not connect.
  const asked: string[] = [];
  const guard = new TargetGuard(undefined, async (host) => {
    asked.push(host);
    return host === 'notify.example' ? [{ address: '127.0.0.1', family: 4 }] : [];
  });
  const http = createHttpClient({ guard, retries: 0, timeoutMs: 3000 });
  const res = await http.request({ method: 'GET', url: `http://notify.example:${server.port}/x` });
  assert.equal(res.status, 200);
  assert.equal(server.requests[0]!.headers.host, `notify.example:${server.port}`);
  assert.deepEqual(asked, ['notify.example']);

  // The same name answering a loopback address the policy does not allow: refused, never retried.
  const strict = new TargetGuard(
    () => ({ allowLocal: false, allowed: [] }),
    async () => [{ address: '127.0.0.1', family: 4 }],
  );
  await assert.rejects(
    createHttpClient({ guard: strict, retries: 3 }).request({ url: `http://notify.example:${server.port}/y` }),
    LocalTargetRefused,
  );
  assert.equal(server.requests.length, 1);
});
