/**
 * A notification that fails is visible where the owner looks, not only in the script's own log: a line in the system
 * log with the channel and the error, a notice on the run it belonged to (a script's sendNotify, the task's end
 * notice), and the last delivery on the notification settings route. A real task run of a Qinglong script on the
 * daemon listening on 127.0.0.1, its channel a local server that refuses, then accepts.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { writeFileSync } from 'node:fs';
import { test } from 'node:test';
import type { SystemLogEntries } from '../../daemon/src/contract/system-log-schemas.ts';
import type { Cron, CronRun } from '../../daemon/src/contract/tasks.ts';
import { notifyChannelById } from '../../daemon/src/contract/notifications.ts';
import type { LastDelivery } from '../../daemon/src/contract/notification-schemas.ts';
import { formatMessage } from '../../daemon/src/contract/messages.ts';
import { SystemLogFile } from '../../daemon/src/system-log/daily-file.ts';
import { call, signedIn, userDataDir } from '../helpers/app.ts';
import { waitFor } from '../helpers/tasks.ts';
import { startRecorder } from '../helpers/recorder.ts';

test('a failed notification: a system log line, a notice on its run, the last delivery; a good one clears it', async (t) => {
  const dataDir = userDataDir(t);
  const file = new SystemLogFile({ dir: path.join(dataDir, 'syslog'), echo: () => {} });
  const { app, token } = await signedIn(t, {
    dataDir,
    appOptions: { logger: { level: 'info', stream: file }, systemLog: file },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    call(app, method, url, { token, ...(payload === undefined ? {} : { payload }) });
  const refusing = await startRecorder(t, () => ({ status: 500, body: { message: 'quota exceeded' } }));
  // The panel's channel as an import leaves it (no test message was sent when it was saved).
  await app.ctx.settings.set('notification', {
    type: 'webhook',
    webhookUrl: `${refusing.url}/hook`,
    webhookMethod: 'POST',
    webhookContentType: 'application/json',
    webhookBody: '{"title":"$title","content":"$content"}',
  });
  assert.equal((await api('GET', '/api/user/notification/last-delivery')).body.data, null, 'none before the first');

  writeFileSync(
    path.join(dataDir, 'scripts', 'daily_report.js'),
    `const { sendNotify } = require('./sendNotify');
sendNotify('Daily report', 'all accounts signed in').then(() => console.log('script done'));
`,
  );
  const created = await api('POST', '/api/crons', {
    name: 'daily report',
    command: 'task daily_report.js',
    schedule: '0 0 1 1 *',
    notify_policy: 'always',
  });
  const id = (created.body.data as Cron).id;
  assert.equal((await api('PUT', '/api/crons/run', [id])).body.code, 200);

  // The script's message and the task's own end notice both failed: two notices on the run, which still succeeded.
  const run = await waitFor(
    async () => {
      const runs = (await api('GET', `/api/crons/${id}/instances`)).body.data as CronRun[];
      return runs[0]?.message?.split('\n').length === 2 ? runs[0] : undefined;
    },
    60_000,
    'two notices on the run',
  );
  assert.equal(run.end, 'success');
  const lang = app.ctx.notifier.language();
  const notice = formatMessage('deliveryFailed', lang, {
    channel: notifyChannelById.webhook.name[lang],
    reason: 'quota exceeded',
  });
  assert.deepEqual(run.message!.split('\n'), [notice, notice]);
  assert.ok(refusing.requests.length >= 2, 'both were tried');
  const log = String((await api('GET', `/api/crons/${id}/log`)).body.data);
  assert.match(log, /script done/);

  // The system log: a line for each, with the channel, the error and the run.
  const entries = (await api('GET', '/api/system/log/entries?text=notification%20failed')).body
    .data as SystemLogEntries;
  const failed = entries.entries.filter((entry) => entry.msg === 'notification failed');
  assert.equal(failed.length, 2, JSON.stringify(entries.entries));
  for (const entry of failed) {
    assert.equal(entry.level, 40);
    assert.equal(entry.fields?.channel, 'webhook');
    assert.equal(entry.fields?.reason, 'quota exceeded');
    assert.equal(entry.fields?.runId, String(run.id));
  }

  // The settings page's last delivery: when, which channel, and why not.
  const last = (await api('GET', '/api/user/notification/last-delivery')).body.data as LastDelivery;
  assert.equal(last.channel, 'webhook');
  assert.equal(last.ok, false);
  assert.equal(last.error, 'quota exceeded');
  assert.ok(Math.abs(last.at - app.ctx.clock.now()) < 60_000);

  // A test message of a channel being set up is the form's answer, not a delivery of the owner's.
  const tested = await api('PUT', '/api/user/notification', {
    type: 'webhook',
    webhookUrl: `${refusing.url}/other?t=$title`,
    webhookMethod: 'GET',
  });
  assert.equal(tested.status, 400);
  assert.deepEqual((await api('GET', '/api/user/notification/last-delivery')).body.data, last);

  // The service accepts again: the next notice goes through and the page says so.
  refusing.answer(() => ({ body: 'ok' }));
  app.ctx.notifier.send('back', 'online');
  await app.ctx.notifier.idle();
  const good = (await api('GET', '/api/user/notification/last-delivery')).body.data as LastDelivery;
  assert.deepEqual(
    { channel: good.channel, ok: good.ok, error: good.error },
    { channel: 'webhook', ok: true, error: null },
  );
  assert.equal((await api('GET', '/api/user/notification/last-delivery')).status, 200);
  assert.equal((await call(app, 'GET', '/api/user/notification/last-delivery')).status, 401, 'the session only');
});
