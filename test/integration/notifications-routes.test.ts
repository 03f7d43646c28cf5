/**
 * The notification routes on the real daemon (in-process, real SQLite) with channels pointing at a local recording
 * server: save-after-test, the webhook $title rule, the first-run step, sign-in notices, PUT /system/notify, and the
 * task notices under each policy.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TaskNotifyPolicy, type NotificationSettings } from '../../daemon/src/contract/notifications.ts';
import { Notifier, type NotificationStore } from '../../daemon/src/notifications/notifier.ts';
import { RunOutcome } from '../../daemon/src/notifications/task-policy.ts';
import { account, call, initAccount, login, signedIn, startApp } from '../helpers/app.ts';
import { startRecorder } from '../helpers/recorder.ts';

const webhookTo = (url: string) => ({
  type: 'webhook',
  webhookUrl: `${url}/hook`,
  webhookMethod: 'POST',
  webhookContentType: 'application/json',
  webhookBody: 'title: $title\ncontent: $content',
});

test('PUT /api/user/notification sends a test and saves only when it succeeds', async (t) => {
  const { app, token } = await signedIn(t);
  const server = await startRecorder(t, () => ({ body: 'ok' }));

  const initial = await call(app, 'GET', '/api/user/notification', { token });
  assert.deepEqual(initial.body, { code: 200, data: { type: 'closed' } });

  const saved = await call(app, 'PUT', '/api/user/notification', { token, payload: webhookTo(server.url) });
  assert.equal(saved.body.code, 200, JSON.stringify(saved.body));
  assert.equal(server.requests.length, 1, 'the test message was sent');
  assert.equal(JSON.parse(server.requests[0]!.body).title, '白虎通知测试');
  const stored = await call(app, 'GET', '/api/user/notification', { token });
  assert.deepEqual(stored.body.data, webhookTo(server.url));

  // The channel refuses: nothing is saved, and the reply carries the channel's own words in the caller's language.
  const failing = await startRecorder(t, () => ({ status: 403, body: { message: 'token revoked' } }));
  for (const [lang, text] of [
    ['en', 'Notification failed: token revoked'],
    ['zh', '通知发送失败：token revoked'],
  ] as const) {
    const refused = await call(app, 'PUT', '/api/user/notification', { token, lang, payload: webhookTo(failing.url) });
    assert.equal(refused.status, 400);
    assert.equal(refused.body.code, 400);
    assert.equal(refused.body.message, text);
  }
  const kept = await call(app, 'GET', '/api/user/notification', { token });
  assert.deepEqual(kept.body.data, webhookTo(server.url), 'the old settings are kept');

  const anonymous = await call(app, 'GET', '/api/user/notification');
  assert.equal(anonymous.status, 401);
});

test('fields are validated against the contract, in both languages', async (t) => {
  const { app, token } = await signedIn(t);
  const server = await startRecorder(t, () => ({ body: 'ok' }));

  const noTitle = { ...webhookTo(server.url), webhookBody: 'content: $content' };
  const en = await call(app, 'PUT', '/api/user/notification', { token, payload: noTitle });
  assert.equal(en.body.code, 400);
  assert.equal(en.body.message, 'The URL or the body must contain $title');
  const zh = await call(app, 'PUT', '/api/user/notification', { token, lang: 'zh', payload: noTitle });
  assert.equal(zh.body.message, 'Url 或者 Body 中必须包含 $title');
  // $title in the URL is enough.
  const inUrl = { ...noTitle, webhookUrl: `${server.url}/hook?t=$title` };
  assert.equal((await call(app, 'PUT', '/api/user/notification', { token, payload: inUrl })).body.code, 200);

  const missing = await call(app, 'PUT', '/api/user/notification', {
    token,
    payload: { type: 'telegramBot', telegramBotUserId: '1' },
  });
  assert.equal(missing.body.message, 'Please enter Bot token');
  const missingZh = await call(app, 'PUT', '/api/user/notification', {
    token,
    lang: 'zh',
    payload: { type: 'telegramBot', telegramBotUserId: '1' },
  });
  assert.equal(missingZh.body.message, '请输入Bot Token');
  const badOption = await call(app, 'PUT', '/api/user/notification', {
    token,
    payload: { ...webhookTo(server.url), webhookMethod: 'DELETE' },
  });
  assert.equal(badOption.body.message, 'Method is not one of the offered values');
  const unknown = await call(app, 'PUT', '/api/user/notification', { token, payload: { type: 'carrierPigeon' } });
  assert.equal(unknown.body.code, 400);
  assert.equal(server.requests.length, 1, 'only the valid settings were tested');
});

test('PUT /api/user/notification/init needs the session of the account step; without one nothing is sent', async (t) => {
  const { app } = await startApp(t);
  const server = await startRecorder(t, () => ({ body: 'ok' }));
  const early = await call(app, 'PUT', '/api/user/notification/init', { payload: webhookTo(server.url) });
  assert.equal(early.status, 401);
  assert.equal(server.requests.length, 0, 'a stranger reached no test message');

  await initAccount(app);
  const token = await login(app);
  const first = await call(app, 'PUT', '/api/user/notification/init', { token, payload: webhookTo(server.url) });
  assert.equal(first.body.code, 200, JSON.stringify(first.body));
  assert.equal(server.requests.length, 1);
});

test('a failed and a successful sign-in each send a notice with time, IP, address and device', async (t) => {
  const { app, token } = await signedIn(t);
  const server = await startRecorder(t, () => ({ body: 'ok' }));
  await call(app, 'PUT', '/api/user/notification', { token, payload: webhookTo(server.url) });

  const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
  const wrong = await call(app, 'POST', '/api/user/login', {
    payload: { username: account.username, password: 'nope-nope' },
    headers: { 'user-agent': firefox },
  });
  assert.equal(wrong.body.code, 400);
  const [, failure] = await server.waitFor(2);
  const body = JSON.parse(failure!.body) as { title: string; content: string };
  assert.equal(body.title, '登录通知');
  assert.match(body.content, /登录失败/);
  assert.match(body.content, /127\.0\.0\.1/);
  assert.match(body.content, /Firefox on Linux/);
  assert.match(body.content, /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);

  await call(app, 'POST', '/api/user/login', { payload: account });
  const [, , success] = await server.waitFor(3);
  assert.match(JSON.parse(success!.body).content, /登录成功/);
});

test('PUT /api/system/notify sends through the panel channel and reports failure', async (t) => {
  const { app, token } = await signedIn(t);
  const closed = await call(app, 'PUT', '/api/system/notify', { token, payload: { title: 'a', content: 'b' } });
  assert.equal(closed.body.code, 400);
  assert.equal(closed.body.message, 'No notification channel is set up');

  const server = await startRecorder(t, () => ({ body: 'ok' }));
  await call(app, 'PUT', '/api/user/notification', { token, payload: webhookTo(server.url) });
  const sent = await call(app, 'PUT', '/api/system/notify', { token, payload: { title: 'Hello', content: 'World' } });
  assert.equal(sent.body.code, 200);
  assert.deepEqual(JSON.parse(server.requests[1]!.body), { title: 'Hello', content: 'World' });

  server.answer(() => ({ status: 400, body: { message: 'quota exceeded' } }));
  const failed = await call(app, 'PUT', '/api/system/notify', { token, payload: { title: 'x', content: 'y' } });
  assert.equal(failed.body.code, 400);
  assert.equal(failed.body.message, 'Notification failed: quota exceeded');
});

test('the default task policy is onFailure and can be changed', async (t) => {
  const { app, token } = await signedIn(t);
  const initial = await call(app, 'GET', '/api/user/notification/task-policy', { token });
  assert.deepEqual(initial.body.data, { policy: 'onFailure' });
  const changed = await call(app, 'PUT', '/api/user/notification/task-policy', {
    token,
    payload: { policy: 'always' },
  });
  assert.deepEqual(changed.body.data, { policy: 'always' });
  assert.equal((await app.ctx.notifier.taskPolicy()) as string, 'always');
  const bad = await call(app, 'PUT', '/api/user/notification/task-policy', { token, payload: { policy: 'sometimes' } });
  assert.equal(bad.body.code, 400);
});

function memoryStore(settings: NotificationSettings): NotificationStore {
  return { loadSettings: async () => settings, loadTaskPolicy: async () => undefined };
}

test('a failed task sends one notice under onFailure, none under never; recovery under onFailureAndRecovery', async (t) => {
  const server = await startRecorder(t, () => ({ body: 'ok' }));
  const notifier = new Notifier({
    store: memoryStore(webhookTo(server.url) as NotificationSettings),
    language: () => 'en',
  });
  const failed = { name: 'backup', outcome: RunOutcome.failure, exitCode: 2, durationMs: 1500 };

  assert.equal(await notifier.notifyTaskRun({ ...failed, policy: TaskNotifyPolicy.never }), false);
  assert.equal(await notifier.notifyTaskRun(failed), true, 'no task policy: the global default, onFailure');
  await notifier.idle();
  assert.equal(server.requests.length, 1);
  assert.deepEqual(JSON.parse(server.requests[0]!.body), {
    title: 'Task failed: backup',
    content: 'Exit code 2, ran 1.5 s.',
  });

  const recovered = { name: 'backup', outcome: RunOutcome.success, previousOutcome: RunOutcome.failure };
  assert.equal(await notifier.notifyTaskRun({ ...recovered, policy: TaskNotifyPolicy.onFailure }), false);
  assert.equal(await notifier.notifyTaskRun({ ...recovered, policy: TaskNotifyPolicy.onFailureAndRecovery }), true);
  await notifier.idle();
  assert.equal(server.requests.length, 2);
  assert.equal(JSON.parse(server.requests[1]!.body).title, 'Task recovered: backup');
});

test('send never throws and never blocks, even when the channel is dead', async (t) => {
  const server = await startRecorder(t, () => ({ delayMs: 5000 }));
  const notifier = new Notifier({
    store: memoryStore(webhookTo(server.url) as NotificationSettings),
    timeoutMs: 200,
  });
  const started = Date.now();
  notifier.send('t', 'c');
  assert.ok(Date.now() - started < 50, 'send returns at once');
  await notifier.idle();
  assert.equal(server.requests.length, 2, 'one retry, then it gave up quietly');
});
