/**
 * What the daemon writes for people (run-log start and end lines, notifications) follows the language the panel is
 * shown in unless a language was chosen in the settings, and notifications never carry colour codes.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { panelLanguageHeader } from '../../daemon/src/contract/i18n.ts';
import { call, signedIn } from '../helpers/app.ts';
import { addCron, runsOf, waitFor } from '../helpers/tasks.ts';
import { webhookRecorder } from '../helpers/recorder.ts';

test('run logs and notifications follow the panel language by default; a chosen language wins; no colour codes', async (t) => {
  const { app, token, dataDir } = await signedIn(t);
  const server = await webhookRecorder(t, app, token);
  const cron = await addCron(app, {
    name: 'colourful',
    command: `printf '\\033[31mboom\\033[0m\\n'; exit 2`,
    schedule: '0 0 1 1 *',
  });
  /** Runs the task once and answers its log and the notification it sent. */
  const seen = new Map<string, number>();
  const runOnce = async () => {
    const before = (await runsOf(app, cron.id)).length;
    const sent = server.requests.length;
    await app.ctx.taskRuns.run([cron.id]);
    const run = await waitFor(async () => {
      const row = (await runsOf(app, cron.id))[before];
      return row?.end ? row : undefined;
    });
    const notice = await waitFor(() => server.requests[sent], 10_000, 'the notification');
    // The test clock stands still, so every run gets the same log file name: only this run's part counts.
    const text = readFileSync(path.join(dataDir, 'log', run.log_path!), 'utf8');
    const log = text.slice(seen.get(run.log_path!) ?? 0);
    seen.set(run.log_path!, text.length);
    return { log, notice: JSON.parse(notice.body) as { title: string; content: string } };
  };
  const panelIn = async (lang: 'en' | 'zh') =>
    assert.equal(
      (await call(app, 'GET', '/api/user', { token, lang, headers: { [panelLanguageHeader]: lang } })).status,
      200,
    );
  const effective = async () =>
    (await call(app, 'GET', '/api/system/config/effective', { token })).body.data as {
      lang: string;
      langFollowsPanel: boolean;
    };

  await panelIn('en');
  assert.deepEqual(await effective(), { ...(await effective()), lang: 'en', langFollowsPanel: true });
  const english = await runOnce();
  assert.match(english.log, /^## Start /);
  assert.match(english.log, /## End .*failed with exit code 2/);
  assert.equal(english.notice.title, 'Task failed: colourful');
  assert.match(english.notice.content, /boom/);
  assert.ok(!english.notice.content.includes('\u001b'), 'no colour codes reach the channel');
  assert.doesNotMatch(english.notice.content, /\[31m|\[0m/);

  await panelIn('zh');
  // Another client signed in with the password (a script, its own Accept-Language or none) is not the panel.
  assert.equal((await call(app, 'GET', '/api/user', { token, lang: 'en' })).status, 200);
  assert.equal(
    (await call(app, 'GET', '/api/user', { token, headers: { [panelLanguageHeader]: 'english' } })).status,
    200,
  );
  assert.equal((await effective()).lang, 'zh');
  const chinese = await runOnce();
  assert.match(chinese.log, /^## 开始执行 /);
  assert.equal(chinese.notice.title, '任务失败：colourful');

  // A language chosen in the settings stays, whatever the panel is shown in; null follows the panel again.
  await call(app, 'PUT', '/api/system/config/lang', { token, payload: { lang: 'en' } });
  await panelIn('zh');
  assert.deepEqual(await effective(), { ...(await effective()), lang: 'en', langFollowsPanel: false });
  assert.match((await runOnce()).log, /^## Start /);
  await call(app, 'PUT', '/api/system/config/lang', { token, payload: { lang: null } });
  assert.deepEqual(await effective(), { ...(await effective()), lang: 'zh', langFollowsPanel: true });
  const config = await call(app, 'GET', '/api/system/config', { token });
  assert.equal(
    (config.body.data as { info: { lang?: string } }).info.lang,
    undefined,
    'Qinglong lists only what was set',
  );
});
