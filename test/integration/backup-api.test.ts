/**
 * Backup and restore through the API, on the real daemon (in-process, SQLite in a temp dir): settings round-trip and
 * take effect (a scheduled backup on the manual clock, keeping the last N), backup → wipe → restore gives identical
 * rows and files, hostile uploads change nothing, Qinglong's export / import / update-data routes answer as
 * Qinglong's do, and a Qinglong data.tgz is handed to the import.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { ManualClock } from '../../daemon/src/time/clock.ts';
import { appScopes } from '../../daemon/src/contract/access.ts';
import type { AppToken, AppWithSecret } from '../../daemon/src/contract/apps.ts';
import type { BackupOverview, BackupStarted, RestoreCheck } from '../../daemon/src/contract/backup.ts';
import { call, initAccount, login, signedIn, startApp, tempDir, userDataDir } from '../helpers/app.ts';
import { wipeDatabase } from '../helpers/postgres.ts';
import { waitFor } from '../helpers/tasks.ts';
import { multipart } from '../helpers/files.ts';
import { makeQinglongDataDir } from '../helpers/qinglong/index.ts';
import { databaseSnapshot, filesSnapshot } from '../helpers/snapshot.ts';
import { rawTgz } from '../helpers/tar.ts';

const api = '/api';

async function runEnded(app: FastifyInstance, runId: number): Promise<{ end: string | null; detail: string | null }> {
  return waitFor(
    async () => {
      const row = await app.ctx.db.selectFrom('job_runs').selectAll().where('id', '=', runId).executeTakeFirst();
      return row?.finished_at ? { end: row.end, detail: row.detail } : undefined;
    },
    30_000,
    `run ${runId} to end`,
  );
}

async function backupNow(
  app: FastifyInstance,
  token: string,
  parts: string[],
): Promise<{ name: string; bytes: Buffer }> {
  const started = await call(app, 'POST', `${api}/system/backup`, { token, payload: { parts } });
  assert.equal(started.body.code, 200, JSON.stringify(started.body));
  const run = started.body.data as BackupStarted;
  assert.match(run.name, /^baihu-\d{8}-\d{6}(-\d+)?\.tgz$/);
  assert.equal(run.topic, `backup:${run.runId}`);
  assert.equal((await runEnded(app, run.runId)).end, 'success');
  const file = await app.inject({
    method: 'GET',
    url: `${api}/system/backup/files/${run.name}`,
    headers: { authorization: `Bearer ${token}` },
  });
  assert.equal(file.statusCode, 200);
  assert.equal(Number(file.headers['content-length']), file.rawPayload.length);
  return { name: run.name, bytes: file.rawPayload };
}

const upload = (app: FastifyInstance, token: string, bytes: Buffer, field = 'file', url = `${api}/system/restore`) => {
  const form = multipart({}, { field, name: 'backup.tgz', content: bytes });
  return call(app, url.endsWith('import') ? 'PUT' : 'POST', url, {
    token,
    payload: form.payload,
    headers: form.headers,
  });
};

/** The data directory's files that a restore must bring back as they were. */
const userFiles = (dataDir: string) =>
  filesSnapshot(dataDir, (rel) => /^(db|bak|log|syslog|\.restore)(\/|$)/.test(rel));

test('backup settings round-trip, are checked, and a scheduled backup keeps the last N', async (t) => {
  const { app, token, clock, dataDir } = await signedIn(t, { env: { TZ: 'UTC' } });
  const empty = await call(app, 'GET', `${api}/system/backup`, { token });
  const overview = empty.body.data as BackupOverview;
  assert.deepEqual(overview.settings, {
    schedule: '',
    keep: 7,
    parts: ['db', 'config', 'scripts', 'repo', 'raw', 'deps', 'ssh.d'],
  });

  const bad = await call(app, 'PUT', `${api}/system/config/backup`, {
    token,
    payload: { schedule: 'every day', keep: 3, parts: ['db'] },
  });
  assert.equal(bad.status, 400);
  assert.deepEqual(bad.body.errors, [{ field: 'schedule', message: 'Incorrect Cron Expression Format' }]);
  const zero = await call(app, 'PUT', `${api}/system/config/backup`, {
    token,
    payload: { schedule: '0 3 * * *', keep: 0, parts: ['db'] },
  });
  assert.equal(zero.status, 400);

  const saved = await call(app, 'PUT', `${api}/system/config/backup`, {
    token,
    payload: { schedule: '0 3 * * *', keep: 2, parts: ['scripts', 'config', 'nonsense'] },
  });
  assert.equal(saved.status, 400, 'an unknown part is refused by the schema');
  const ok = await call(app, 'PUT', `${api}/system/config/backup`, {
    token,
    payload: { schedule: '0 3 * * *', keep: 2, parts: ['scripts', 'config'] },
  });
  assert.deepEqual(ok.body.data, { schedule: '0 3 * * *', keep: 2, parts: ['db', 'config', 'scripts'] });
  const again = (await call(app, 'GET', `${api}/system/backup`, { token })).body.data as BackupOverview;
  assert.deepEqual(again.settings, ok.body.data);

  // One made on demand, which the schedule never deletes.
  const manual = await backupNow(app, token, ['scripts']);
  // Four nights: four scheduled backups, of which the last two are kept.
  const names: string[] = [];
  for (let night = 0; night < 4; night++) {
    const next = new Date(clock.now());
    next.setUTCDate(next.getUTCDate() + (next.getUTCHours() >= 3 ? 1 : 0));
    next.setUTCHours(3, 0, 0, 0);
    await clock.advanceAsync(next.getTime() - clock.now());
    const run = await waitFor(
      async () =>
        app.ctx.db
          .selectFrom('job_runs')
          .selectAll()
          .where('kind', '=', 'backup')
          .where('trigger', '=', 'schedule')
          .where('queued_at', '=', next.getTime())
          .executeTakeFirst(),
      10_000,
      `the scheduled backup of night ${night}`,
    );
    assert.equal((await runEnded(app, run.id)).end, 'success');
    const files = readdirSync(path.join(dataDir, 'bak')).filter((name) => name.startsWith('baihu-auto-'));
    names.push(...files.filter((name) => !names.includes(name)));
    assert.ok(files.length <= 2, `at most 2 scheduled backups kept, found ${files.join(', ')}`);
  }
  const kept = readdirSync(path.join(dataDir, 'bak'))
    .filter((name) => name.endsWith('.tgz'))
    .sort();
  assert.deepEqual(kept, [manual.name, ...names.slice(-2)].sort());
  // The scheduled backups hold the parts the setting names, and only those.
  const entries = execFileSync('tar', ['tzf', path.join(dataDir, 'bak', names.at(-1)!)], { encoding: 'utf8' });
  assert.match(entries, /^data\/db\/baihu\.sqlite$/m);
  assert.match(entries, /^data\/config\//m);
  assert.match(entries, /^data\/scripts\//m);
  assert.doesNotMatch(entries, /^data\/(deps|repo|raw|ssh\.d|log)\//m);

  // Off again: no timer.
  await call(app, 'PUT', `${api}/system/config/backup`, { token, payload: { schedule: '', keep: 2, parts: [] } });
  await clock.advanceAsync(86_400_000 * 2);
  const after = readdirSync(path.join(dataDir, 'bak'))
    .filter((name) => name.endsWith('.tgz'))
    .sort();
  assert.deepEqual(after, kept);
});

test('a scheduled backup missed while the daemon was down runs at the next start, once', async (t) => {
  const dataDir = userDataDir(t);
  const noon = Date.UTC(2026, 0, 1, 12);
  const env = { TZ: 'UTC' };
  const first = await signedIn(t, { dataDir, env, clock: new ManualClock(noon) });
  const saved = await call(first.app, 'PUT', `${api}/system/config/backup`, {
    token: first.token,
    payload: { schedule: '0 3 * * *', keep: 2, parts: [] },
  });
  assert.equal(saved.body.code, 200);
  await first.app.close();

  const backupRuns = (app: FastifyInstance) =>
    app.ctx.db.selectFrom('job_runs').selectAll().where('kind', '=', 'backup').execute();
  // Down over night: 03:00 passed while nothing ran.
  const second = await startApp(t, { dataDir, env, clock: new ManualClock(noon + 20 * 3_600_000) });
  await second.app.ready().then(() => second.app.ctx.started);
  const [caughtUp] = await waitFor(async () => {
    const runs = await backupRuns(second.app);
    return runs.length > 0 && runs.every((run) => run.finished_at) ? runs : undefined;
  });
  assert.equal(caughtUp!.trigger, 'catchUp');
  assert.equal(caughtUp!.end, 'success');
  assert.equal(readdirSync(path.join(dataDir, 'bak')).filter((name) => name.startsWith('baihu-auto-')).length, 1);
  await second.app.close();

  // Started again an hour later: that due time was handled, nothing runs again.
  const third = await startApp(t, { dataDir, env, clock: new ManualClock(noon + 21 * 3_600_000) });
  await third.app.ready().then(() => third.app.ctx.started);
  assert.equal((await backupRuns(third.app)).length, 1);
});

test('backup → wipe → restore gives identical rows and files; the replaced data is kept', async (t) => {
  const dataDir = userDataDir(t);
  let restarts = 0;
  const first = await signedIn(t, { dataDir, restart: () => restarts++ });
  const { app, token } = first;
  // Data of every kind: variables, a task, a script, a config line, a subscription key, a shared module.
  await call(app, 'POST', `${api}/envs`, { token, payload: [{ name: 'JD_COOKIE', value: 'pt_key=1', remarks: 'a' }] });
  await call(app, 'POST', `${api}/crons`, {
    token,
    payload: { name: 'sign in', command: 'task sign.js', schedule: '0 9 * * *', labels: ['daily'] },
  });
  await call(app, 'POST', `${api}/scripts`, {
    token,
    payload: { filename: 'sign.js', path: '', content: 'console.log(1)' },
  });
  writeFileSync(path.join(dataDir, 'config', 'extra.sh'), 'export EXTRA=1\n');
  writeFileSync(path.join(dataDir, 'ssh.d', 'repo_key'), 'PRIVATE KEY\n', { mode: 0o600 });
  writeFileSync(path.join(dataDir, 'deps', 'shared.js'), 'module.exports = 2;\n');
  mkdirSync(path.join(dataDir, 'scripts', 'folder', 'deep'), { recursive: true });
  writeFileSync(path.join(dataDir, 'scripts', 'folder', 'deep', 'x.py'), 'print(1)\n');

  const backup = await backupNow(app, token, ['config', 'scripts', 'deps', 'ssh.d']);
  const rows = await databaseSnapshot(app, ['job_runs', 'settings']);
  const files = userFiles(dataDir);
  await app.close();

  // Wipe: everything goes; a new install with another account.
  for (const entry of readdirSync(dataDir)) rmSync(path.join(dataDir, entry), { recursive: true, force: true });
  await wipeDatabase(dataDir);
  const fresh = await startApp(t, { dataDir, restart: () => restarts++ });
  await initAccount(fresh.app, { username: 'someone', password: 'another-pass-77' });
  const freshToken = await login(fresh.app, { username: 'someone', password: 'another-pass-77' });
  writeFileSync(path.join(dataDir, 'scripts', 'later.js'), 'later');

  const checked = await upload(fresh.app, freshToken, backup.bytes);
  assert.equal(checked.body.code, 200, JSON.stringify(checked.body));
  const check = checked.body.data as RestoreCheck;
  assert.equal(check.kind, 'baihu');
  assert.deepEqual(check.parts, ['db', 'config', 'scripts', 'deps', 'ssh.d']);
  assert.equal(check.canApply, true);
  assert.ok(existsSync(path.join(dataDir, 'scripts', 'later.js')), 'a check replaces nothing');
  const overview = (await call(fresh.app, 'GET', `${api}/system/backup`, { token: freshToken })).body
    .data as BackupOverview;
  assert.equal(overview.staged?.id, check.id);

  const confirmed = await call(fresh.app, 'PUT', `${api}/system/restore`, {
    token: freshToken,
    payload: { id: check.id },
  });
  assert.equal(confirmed.body.code, 200, JSON.stringify(confirmed.body));
  await waitFor(() => restarts === 1, 5000, 'the restart');
  await fresh.app.close();

  // The restart: the swap happens before the database opens.
  const restored = await startApp(t, { dataDir });
  assert.deepEqual(await databaseSnapshot(restored.app, ['job_runs', 'settings']), rows);
  assert.deepEqual(userFiles(dataDir), files);
  const signIn = await login(restored.app);
  assert.ok(signIn, 'the backed-up account signs in');
  const previous = readdirSync(path.join(dataDir, 'bak')).find((name) => name.startsWith('before-restore-'));
  assert.ok(previous, 'the replaced data is kept');
  assert.equal(readFileSync(path.join(dataDir, 'bak', previous, 'scripts', 'later.js'), 'utf8'), 'later');
  const after = (await call(restored.app, 'GET', `${api}/system/backup`, { token: signIn })).body
    .data as BackupOverview;
  assert.equal(after.last?.ok, true);
  assert.equal(after.pending, false);
  // The backup's own run is recorded as the success it was.
  const own = await restored.app.ctx.db.selectFrom('job_runs').selectAll().where('kind', '=', 'backup').execute();
  assert.ok(own.length >= 1 && own.every((run) => run.end === 'success'), JSON.stringify(own));
});

test('hostile uploads are refused with the reason in both languages, and nothing changes', async (t) => {
  const { app, token, dataDir } = await signedIn(t);
  writeFileSync(path.join(dataDir, 'scripts', 'keep.js'), 'keep');
  const before = filesSnapshot(dataDir, (rel) => rel.startsWith('db/') || rel.startsWith('log/'));
  // The runs and their counts (run_days, run_slices, kept by triggers on job_runs) change with the backup made below.
  const derived = ['job_runs', 'run_days', 'run_slices', 'settings'];
  const rows = await databaseSnapshot(app, derived);
  const cases: [Buffer, RegExp, RegExp][] = [
    [rawTgz([{ path: 'data/scripts/x', type: 'SymbolicLink', linkpath: '/etc/passwd' }]), /holds a link/, /链接/],
    [rawTgz([{ path: 'data/config/../../x', body: 'x' }]), /leaves the data folder/, /数据目录之外/],
    [rawTgz([{ path: '/etc/x', body: 'x' }]), /leaves the data folder/, /数据目录之外/],
    [
      rawTgz([
        { path: 'data/config/a', body: 'x' },
        { path: 'data/config/b', type: 'Link', linkpath: 'data/config/a' },
      ]),
      /holds a link/,
      /链接/,
    ],
    [Buffer.from('not an archive'), /not a gzip-compressed tar/, /不是 gzip/],
    [rawTgz([{ path: 'etc/passwd', body: 'x' }]), /not a Baihu or Qinglong backup/, /不是白虎或青龙的备份/],
  ];
  for (const [bytes, en, zh] of cases) {
    const reply = await upload(app, token, bytes);
    assert.equal(reply.status, 400);
    assert.match(reply.body.message ?? '', en);
    assert.match(reply.body.message ?? '', /nothing was changed/);
    const form = multipart({}, { field: 'file', name: 'b.tgz', content: bytes });
    const chinese = await call(app, 'POST', `${api}/system/restore`, {
      token,
      lang: 'zh',
      payload: form.payload,
      headers: form.headers,
    });
    assert.match(chinese.body.message ?? '', zh);
  }
  const truncated = (await backupNow(app, token, ['scripts'])).bytes;
  const cut = await upload(app, token, truncated.subarray(0, Math.floor(truncated.length / 2)));
  assert.match(cut.body.message ?? '', /incomplete/);
  const none = await call(app, 'POST', `${api}/system/restore`, { token, payload: {} });
  assert.equal(none.status, 400);

  assert.deepEqual(
    filesSnapshot(dataDir, (rel) => rel.startsWith('db/') || rel.startsWith('log/') || rel.startsWith('bak/')),
    before,
  );
  assert.deepEqual(await databaseSnapshot(app, derived), rows);
  assert.deepEqual(
    readdirSync(path.join(dataDir, '.restore')).filter((e) => !e.endsWith('.json')),
    [],
  );
  const overview = (await call(app, 'GET', `${api}/system/backup`, { token })).body.data as BackupOverview;
  assert.equal(overview.staged, null);
});

test("Qinglong's export, import and update-data routes answer as Qinglong's", async (t) => {
  let handed: string[] | null = null;
  const { app, token, dataDir } = await signedIn(t, {
    qinglongImport: async (sourceDir: string) => {
      handed = readdirSync(path.join(sourceDir, 'db'));
    },
  });
  writeFileSync(path.join(dataDir, 'scripts', 'a.js'), 'a');
  const exported = await app.inject({
    method: 'PUT',
    url: `${api}/system/data/export`,
    headers: { authorization: `Bearer ${token}` },
    payload: { type: ['scripts', 'dep_cache', 'base'] },
  });
  assert.equal(exported.statusCode, 200);
  assert.match(String(exported.headers['content-disposition']), /filename="data\.tgz"/);
  const dir = tempDir(t);
  writeFileSync(path.join(dir, 'data.tgz'), exported.rawPayload);
  const listing = execFileSync('tar', ['tzf', path.join(dir, 'data.tgz')], { encoding: 'utf8' });
  assert.match(listing, /^data\/db\/baihu\.sqlite$/m);
  assert.match(listing, /^data\/upload\/$/m);
  assert.match(listing, /^data\/scripts\/a\.js$/m);
  assert.doesNotMatch(listing, /^data\/config\//m);

  // A Qinglong data.tgz through Qinglong's import: answered with its entries, then applied by update/data.
  const fixture = makeQinglongDataDir();
  t.after(() => fixture.cleanup());
  const archive = path.join(dir, 'ql.tgz');
  execFileSync('tar', ['-zcf', archive, '-C', fixture.dataDir, '--transform', 's,^,data/,', 'db', 'config', 'scripts']);
  const imported = await upload(app, token, readFileSync(archive), 'data', `${api}/system/data/import`);
  assert.equal(imported.body.code, 200, JSON.stringify(imported.body));
  assert.match(String(imported.body.data), /^data\/db\/database\.sqlite$/m);
  const applied = await call(app, 'PUT', `${api}/update/data`, { token });
  assert.equal(applied.body.code, 200, JSON.stringify(applied.body));
  assert.ok(handed && (handed as string[]).includes('database.sqlite'), 'the import got the unpacked data folder');
  assert.equal((await call(app, 'GET', `${api}/system/backup`, { token })).body.data && true, true);
});

test('without the Qinglong import, a Qinglong backup is checked and refused on confirmation', async (t) => {
  const { app, token } = await signedIn(t);
  const fixture = makeQinglongDataDir();
  t.after(() => fixture.cleanup());
  const archive = path.join(tempDir(t), 'ql.tgz');
  execFileSync('tar', ['-zcf', archive, '-C', fixture.dataDir, '--transform', 's,^,data/,', 'db', 'scripts']);
  const checked = await upload(app, token, readFileSync(archive));
  const check = checked.body.data as RestoreCheck;
  assert.equal(check.kind, 'qinglong');
  assert.equal(check.canApply, false);
  assert.ok(check.qinglong && check.qinglong.counts.task.found > 0);
  const refused = await call(app, 'PUT', `${api}/system/restore`, { token, payload: { id: check.id } });
  assert.equal(refused.status, 400);
  assert.match(refused.body.message ?? '', /Qinglong import/);
});

test('one backup at a time; unknown or foreign file names are 404', async (t) => {
  const { app, token } = await signedIn(t);
  const started = await call(app, 'POST', `${api}/system/backup`, { token, payload: { parts: ['scripts'] } });
  const second = await call(app, 'POST', `${api}/system/backup`, { token, payload: { parts: [] } });
  assert.equal(second.status, 409);
  await runEnded(app, (started.body.data as BackupStarted).runId);
  for (const name of ['nope.tgz', 'baihu-20260101-000000.tgz', 'baihu.sqlite', '.tmp']) {
    const reply = await call(app, 'GET', `${api}/system/backup/files/${name}`, { token });
    assert.equal(reply.status, 404, `${name}: ${reply.status} ${JSON.stringify(reply.body)}`);
  }
  // An encoded way out of data/bak is refused before any name is looked up (the raw-path wall).
  const out = await call(app, 'GET', `${api}/system/backup/files/..%2Fdb%2Fbaihu.sqlite`, { token });
  assert.equal(out.status, 400);
  assert.equal(out.body.error, 'badPath');
});

test('backup and restore are for the panel’s session only; Qinglong’s export and log deletion are under the system scope', async (t) => {
  const { app } = await startApp(t);
  const accessOf = (method: string, url: string) =>
    app.routeTable.find((route) => route.method === method && route.url === url)?.access;
  const backupRoutes = app.routeTable.filter(
    (route) =>
      /^\/api\/(system\/(backup|restore|config\/backup|data\/)|update\/data)/.test(route.url) &&
      route.url !== '/api/system/data/export',
  );
  assert.ok(backupRoutes.length >= 11, backupRoutes.map((route) => route.url).join(', '));
  for (const route of backupRoutes) {
    assert.deepEqual(route.access, { kind: 'session' }, `${route.method} ${route.url}`);
  }
  for (const [method, url] of [
    ['PUT', '/api/system/data/export'],
    ['PUT', '/api/system/config/log-remove-frequency'],
    ['GET', '/api/system/log-cleanup'],
    ['PUT', '/api/system/log-cleanup/run'],
  ] as const) {
    assert.deepEqual(accessOf(method, url), { kind: 'scope', scope: 'system' }, `${method} ${url}`);
  }
});

test('an application token with every scope can neither back up nor restore; it exports and sets log deletion on /open', async (t) => {
  const { app, token, dataDir } = await signedIn(t);
  const created = (
    await call(app, 'POST', `${api}/apps`, { token, payload: { name: 'robot', scopes: [...appScopes] } })
  ).body.data as AppWithSecret;
  const query = new URLSearchParams({ client_id: created.client_id, client_secret: created.client_secret });
  const bearer = ((await call(app, 'GET', `/open/auth/token?${query}`)).body.data as AppToken).token;
  assert.ok(bearer);

  const refused: [string, string, object?][] = [
    ['GET', '/system/backup'],
    ['POST', '/system/backup', { parts: [] }],
    ['PUT', '/system/config/backup', { schedule: '', keep: 1, parts: [] }],
    ['PUT', '/system/data/import'],
    ['POST', '/system/restore/from-backup', { name: 'baihu-20260101-000000.tgz' }],
    ['PUT', '/system/restore', { id: 'x' }],
    ['DELETE', '/system/restore'],
    ['PUT', '/update/data'],
  ];
  for (const [method, url, payload] of refused) {
    for (const prefix of ['/open', '/api']) {
      const reply = await call(app, method, `${prefix}${url}`, { token: bearer, ...(payload ? { payload } : {}) });
      assert.ok(reply.status === 401 || reply.status === 404, `${method} ${prefix}${url}: ${reply.status}`);
    }
  }
  assert.equal(readdirSync(path.join(dataDir, 'bak')).filter((name) => name.endsWith('.tgz')).length, 0);

  // Qinglong's client's exportData: the system scope exports, as on Qinglong (that scope runs any command anyway).
  const exported = await app.inject({
    method: 'PUT',
    url: '/open/system/data/export',
    headers: { authorization: `Bearer ${bearer}` },
    payload: { type: ['scripts'] },
  });
  assert.equal(exported.statusCode, 200, exported.body);
  assert.match(String(exported.headers['content-disposition']), /filename="data\.tgz"/);
  const withoutSystem = (
    await call(app, 'POST', `${api}/apps`, {
      token,
      payload: { name: 'reader', scopes: appScopes.filter((scope) => scope !== 'system') },
    })
  ).body.data as AppWithSecret;
  const readerQuery = new URLSearchParams({
    client_id: withoutSystem.client_id,
    client_secret: withoutSystem.client_secret,
  });
  const reader = ((await call(app, 'GET', `/open/auth/token?${readerQuery}`)).body.data as AppToken).token;
  const refusedExport = await call(app, 'PUT', '/open/system/data/export', {
    token: reader,
    payload: { type: ['scripts'] },
  });
  assert.equal(refusedExport.status, 401, 'not without the system scope');

  const set = await call(app, 'PUT', '/open/system/config/log-remove-frequency', {
    token: bearer,
    payload: { logRemoveFrequency: 5 },
  });
  assert.deepEqual(set.body, { code: 200, data: { logRemoveFrequency: 5 } });
  assert.equal(app.ctx.settings.get('logRemoveFrequency'), 5);
});
