/**
 * After moving in, what the user had on Qinglong works, on a daemon listening on 127.0.0.1: a Qinglong-shaped data
 * folder with a chained task (`task a.sh && task b.py`), the user's own sendNotify.js, a notify.py in Qinglong's
 * shape, a webhook on this machine as the notification channel, a log deletion frequency and 2FA. The chained task
 * runs both parts with the panel's variables; a script that does `require('./sendNotify')` reaches the user's own
 * file, and Baihu's library is there beside it; signing in takes the same authenticator code, and the sign-in notice
 * reaches the webhook.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { Secret, TOTP } from 'otpauth';
import type { ImportRun } from '../../daemon/src/contract/import-schemas.ts';
import { call, signedIn } from '../helpers/app.ts';
import { runsOf, waitFor } from '../helpers/tasks.ts';
import { makeQinglongDataDir, ownSendNotify, qinglongRows } from '../helpers/qinglong/index.ts';
import { startRecorder } from '../helpers/recorder.ts';

/** Scripts as Qinglong users write them. SAME_POS is one of the fixture's variables (value `later`). */
const scripts: Record<string, string> = {
  'a.sh': 'echo "a.sh sees $SAME_POS"\n',
  'b.py': 'import os\nprint("b.py sees " + os.environ.get("SAME_POS", "nothing"), flush=True)\n',
  'use_notify.js': `const notify = require('./sendNotify');
notify.sendNotify('hello', 'from a script');
const baihu = require('./baihuNotify');
console.log('baihu library offers sendNotify: ' + (typeof baihu.sendNotify));
`,
};

test("moved in from Qinglong: the chained task runs, scripts reach the user's own sendNotify, 2FA signs in and the LAN webhook is notified", async (t) => {
  const receiver = await startRecorder(t, () => ({ body: 'ok' }));
  const fixture = makeQinglongDataDir({
    notification: {
      type: 'webhook',
      webhookUrl: `http://127.0.0.1:${receiver.port}/hook?t=$title`,
      webhookMethod: 'GET',
      webhookContentType: 'application/json',
      webhookHeaders: '',
      webhookBody: '',
    },
    extraCrons: [
      qinglongRows.cron(50, { name: 'chain', command: 'task a.sh && task b.py', schedule: '0 3 * * *' }),
      qinglongRows.cron(51, { name: 'own notify', command: 'task use_notify.js', schedule: '0 4 * * *' }),
    ],
  });
  t.after(() => fixture.cleanup());
  for (const [name, source] of Object.entries(scripts)) {
    writeFileSync(path.join(fixture.dataDir, 'scripts', name), source);
  }
  const { app, token, clock } = await signedIn(t);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    call(app, method, url, { token, ...(payload === undefined ? {} : { payload }) });

  const started = await api('POST', '/api/system/import-qinglong', { dir: fixture.dir, replaceAccount: true });
  assert.equal(started.body.code, 200, JSON.stringify(started.body));
  const { runId } = started.body.data as { runId: number };
  const run = await waitFor(
    async () => {
      const data = (await api('GET', `/api/system/import-qinglong/${runId}`)).body.data as ImportRun;
      return data.end ? data : undefined;
    },
    60_000,
    'the import to end',
  );
  assert.equal(run.end, 'success', run.message ?? '');
  const ids = (await app.ctx.db.selectFrom('dependencies').select('id').execute()).map((r) => r.id);
  t.after(() => app.ctx.dependencies.cancel(ids).catch(() => undefined));

  // The report says which libraries stay the user's, and that Baihu's is beside each.
  const libraryNotices = run.result!.notices.filter((n) => n.item.startsWith('scripts/') && n.kind === 'file');
  assert.deepEqual(libraryNotices.map((n) => [n.item, n.reason.key, n.reason.params?.baihuName]).sort(), [
    ['scripts/', 'importNotifyLibraryCopies', undefined],
    ['scripts/notify.py', 'importNotifyLibraryKept', 'baihu_notify.py'],
    ['scripts/sendNotify.js', 'importNotifyLibraryChanged', 'baihuNotify.js'],
  ]);
  assert.equal(app.ctx.settings.get('logRemoveFrequency'), 7);
  assert.equal(app.ctx.settings.get('notification').type, 'webhook');

  const crons = await app.ctx.db.selectFrom('crons').select(['id', 'name', 'command']).execute();
  const idOf = (name: string) => crons.find((c) => c.name === name)!.id;
  assert.equal(crons.find((c) => c.name === 'chain')?.command, 'task a.sh && task b.py');
  assert.equal((await api('PUT', '/api/crons/run', [idOf('chain'), idOf('own notify')])).body.code, 200);
  const finished = (id: number) =>
    waitFor(async () => (await runsOf(app, id)).find((r) => r.finished_at !== null), 120_000, `the run of ${id}`);
  const logOf = async (id: number) => String((await api('GET', `/api/crons/${id}/log`)).body.data);

  // Both parts of the chain ran, each with the panel's variables.
  const chain = await finished(idOf('chain'));
  const chainLog = await logOf(idOf('chain'));
  assert.equal(chain.exit_code, 0, chainLog);
  assert.match(chainLog, /^a\.sh sees later$/m);
  assert.match(chainLog, /^b\.py sees later$/m);

  // require('./sendNotify') from data/scripts reaches the user's own file; Baihu's library is reachable beside it.
  assert.equal(readFileSync(path.join(app.ctx.paths.scripts, 'sendNotify.js'), 'utf8'), ownSendNotify);
  const own = await finished(idOf('own notify'));
  const ownLog = await logOf(idOf('own notify'));
  assert.equal(own.exit_code, 0, ownLog);
  assert.match(ownLog, /^own sendNotify: hello \| from a script$/m);
  assert.match(ownLog, /^baihu library offers sendNotify: function$/m);

  // Qinglong's account signs in with the same authenticator code, and the sign-in notice reaches the webhook.
  const { username, password, twoFactorSecret } = qinglongRows.authInfo;
  const first = await call(app, 'POST', '/api/user/login', { payload: { username, password } });
  assert.equal(first.body.code, 420, JSON.stringify(first.body));
  const code = new TOTP({ secret: Secret.fromBase32(twoFactorSecret) }).generate({ timestamp: clock.now() });
  const second = await call(app, 'PUT', '/api/user/two-factor/login', { payload: { username, password, code } });
  assert.equal(second.body.code, 200, JSON.stringify(second.body));
  const notice = await waitFor(
    () => receiver.requests.find((r) => r.url.startsWith('/hook?t=')),
    20_000,
    'the sign-in notice at the webhook',
  );
  assert.equal(notice.method, 'GET');
});
