/**
 * Conformance, system: the public info, the settings a client reads and writes, a notification through the panel's
 * channel, an arbitrary command run with its output streamed in the reply (QL-Task-Pid / QL-Task-Log headers) and
 * stopped, and the parts of issue #13 (update check, system log, log removal) as a client calls them.
 * Tier: integration (a listening daemon, a real process, a local webhook receiver).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { call } from '../../helpers/app.ts';
import { startRecorder } from '../../helpers/recorder.ts';
import { startReleaseServer } from '../../helpers/releases.ts';
import { ok, refused, shaped } from './client.ts';
import { conformanceSetup } from './setup.ts';

test('system: public info without a token, the config, settings, a notification through the panel channel', async (t) => {
  const { app, token, client } = await conformanceSetup(t);
  const info = ok<Record<string, unknown>>(await client.request('GET', '/system', { auth: false }), 'GET /system');
  shaped(info, { isInitialized: 'boolean', version: 'string' }, 'system info');
  assert.equal(info.isInitialized, true);

  const config = ok<{ info: Record<string, unknown> }>(await client.get('/system/config'), 'GET /system/config');
  shaped(config, { info: 'object' }, 'system config');
  ok(await client.put('/system/config/cron-concurrency', { cronConcurrency: 3 }), 'cron-concurrency');
  ok(await client.put('/system/config/timezone', { timezone: 'Asia/Shanghai' }), 'timezone');
  ok(await client.put('/system/config/dependence-proxy', { dependenceProxy: '' }), 'dependence-proxy');
  ok(await client.put('/system/config/node-mirror', { nodeMirror: null }), 'node-mirror');
  const after = ok<{ info: { cronConcurrency?: number; timezone?: string } }>(await client.get('/system/config'));
  assert.equal(after.info.cronConcurrency, 3);
  assert.equal(after.info.timezone, 'Asia/Shanghai');

  // The administrator set the panel's channel to a webhook at home; the client sends through it.
  const hook = await startRecorder(t);
  const channel = {
    type: 'webhook',
    webhookUrl: `${hook.url}/hook`,
    webhookMethod: 'POST',
    webhookContentType: 'application/json',
    webhookBody: '{"title":"$title","content":"$content"}',
  };
  const saved = await call(app, 'PUT', '/api/user/notification', { token, payload: channel });
  assert.equal(saved.body.code, 200, JSON.stringify(saved.body));
  const before = hook.requests.length;
  ok(await client.put('/system/notify', { title: 'from a client', content: 'it works' }), 'PUT /system/notify');
  const sent = hook.requests.slice(before).map((r) => r.body);
  assert.ok(
    sent.some((body) => body.includes('from a client') && body.includes('it works')),
    `the webhook got it: ${sent}`,
  );
  refused(await client.put('/system/notify', { title: 'no content' }), 400, 'content is required');
});

test('system: command-run streams the output with QL-Task-Pid and QL-Task-Log; command-stop by pid and by command', async (t) => {
  const { client } = await conformanceSetup(t);
  const run = await client.put('/system/command-run', { command: 'echo conformance-command' });
  assert.equal(run.status, 200, run.text.slice(0, 300));
  assert.match(run.text, /conformance-command/);
  assert.match(run.headers.get('ql-task-pid') ?? '', /^\d+$/);
  const logPath = run.headers.get('ql-task-log') ?? '';
  assert.match(logPath, /\.log$/);

  // The log stays, as a task's would (the client reads it back through the logs area).
  const slash = logPath.lastIndexOf('/');
  const logged = await client.get('/logs/detail', { path: logPath.slice(0, slash), file: logPath.slice(slash + 1) });
  assert.match(ok<string>(logged, 'the command log'), /conformance-command/);

  // A long command: the reply streams while it runs; stop it by its pid from the header.
  const long = await fetch(client.url('/system/command-run'), {
    method: 'PUT',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${await client.authenticate().then((a) => a.token)}`,
    },
    body: JSON.stringify({ command: 'sleep 60' }),
  });
  const pid = Number(long.headers.get('ql-task-pid'));
  assert.ok(pid > 0, 'the pid is known before the command ends');
  ok(await client.put('/system/command-stop', { pid }), 'PUT /system/command-stop {pid}');
  const startedAt = Date.now();
  await long.text();
  assert.ok(Date.now() - startedAt < 20_000, 'the stream ends when the command is stopped');

  const byCommand = await fetch(client.url('/system/command-run'), {
    method: 'PUT',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${await client.authenticate().then((a) => a.token)}`,
    },
    body: JSON.stringify({ command: 'sleep 61' }),
  });
  ok(await client.put('/system/command-stop', { command: 'sleep 61' }), 'PUT /system/command-stop {command}');
  await byCommand.text();
  refused(await client.put('/system/command-stop', { command: 'never started' }), 400, 'an unknown command');
  refused(await client.put('/system/command-stop', {}), 400, 'neither command nor pid');
});

// Issue #13's routes, called as a Qinglong client calls them.

test('system (issue #13): about fields of GET /system', async (t) => {
  const { client } = await conformanceSetup(t);
  const info = ok<Record<string, unknown>>(await client.request('GET', '/system', { auth: false }));
  shaped(info, { publishTime: 'number', branch: 'string', changeLog: 'string', changeLogLink: 'string' }, 'about');
});

test('system (issue #13): update-check with an empty JSON body', async (t) => {
  const { app, token, client } = await conformanceSetup(t);
  // The administrator's panel reads its releases from a feed (the image's, here a local one).
  const feed = await startReleaseServer(t);
  feed.feed([{ version: '99.0.0', date: '2030-01-01', changelog: 'Far ahead', url: 'x.tgz', sha256: 'a'.repeat(64) }]);
  const payload = { updateEnabled: true, updateFeedUrl: `${feed.url}/feed.json` };
  assert.equal((await call(app, 'PUT', '/api/system/config/update', { token, payload })).body.code, 200);
  const check = await client.request('PUT', '/system/update-check', { raw: '' });
  const answer = ok<{ hasNewVersion: boolean; lastVersion: string; lastLog: string }>(
    check,
    'PUT /system/update-check',
  );
  shaped(
    answer,
    { hasNewVersion: 'boolean', lastVersion: 'string', lastLog: 'string', lastLogLink: 'string' },
    'check',
  );
  assert.deepEqual([answer.hasNewVersion, answer.lastVersion], [true, '99.0.0']);
  // Downloading and restarting stay the administrator's: an application never reaches them.
  refused(await client.request('PUT', '/system/update', { raw: '' }), 401, 'PUT /system/update');
  refused(await client.put('/system/reload', { type: 'system' }), 401, 'PUT /system/reload');
});

test('system (issue #13): the system log, read and deleted', async (t) => {
  const { client } = await conformanceSetup(t);
  const log = await client.get('/system/log', { startTime: '', endTime: '' });
  assert.equal(log.status, 200);
  ok(await client.request('DELETE', '/system/log', { raw: '' }), 'DELETE /system/log');
});

test('system (issue #13): log-remove-frequency', async (t) => {
  const { client } = await conformanceSetup(t);
  const saved = ok<{ logRemoveFrequency: number }>(
    await client.put('/system/config/log-remove-frequency', { logRemoveFrequency: 7 }),
    'PUT /system/config/log-remove-frequency',
  );
  assert.equal(saved.logRemoveFrequency, 7);
});
