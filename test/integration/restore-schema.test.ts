/**
 * A restore checks the backup's database schema: a real backup whose SQLite file was given a trigger, view, index or
 * table the migrations do not make (or lost or changed one they do) is refused with the reason in both languages,
 * through the panel's upload and through `ql restore`, and nothing is replaced: the files and rows are as they were,
 * and the panel goes on working (a planted trigger that fails every insert into envs would otherwise answer every
 * POST /api/envs with a 500 once restored). The same backup, edited the same way with a statement that changes
 * nothing, is accepted, so the refusals are the schema's and not the editing's.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { BackupStarted, RestoreCheck } from '../../daemon/src/contract/backup.ts';
import { call, login, signedIn } from '../helpers/app.ts';
import { tamperedBackup } from '../helpers/backup-tamper.ts';
import { knownDatabaseEnv } from '../helpers/postgres.ts';
import { waitFor } from '../helpers/tasks.ts';
import { multipart } from '../helpers/files.ts';
import { databaseSnapshot, filesSnapshot } from '../helpers/snapshot.ts';

const ql = fileURLToPath(new URL('../../shell/ql', import.meta.url));

/** What an attacker plants, and what a careless hand changes: each differs from what the migrations make. */
const plants: Record<string, string> = {
  'a trigger that fails every new variable': `create trigger planted_envs before insert on envs
     begin select raise(abort, 'planted'); end`,
  'a trigger that rewrites the password hash at the next sign-in': `create trigger planted_password after insert on
     login_logs begin update users set password_hash = 'attacker'; end`,
  'a view': 'create view planted_view as select * from users',
  'an index': 'create index planted_index on envs (value)',
  'a table': 'create table planted_table (x text)',
  'a changed trigger of the migrations': `drop trigger crons_text_insert; create trigger crons_text_insert after insert
     on crons begin update users set password_hash = 'attacker'; end`,
  'a dropped index of the migrations': `drop index ${'{index}'}`,
};

async function backupOf(app: FastifyInstance, token: string): Promise<Buffer> {
  const started = await call(app, 'POST', '/api/system/backup', { token, payload: { parts: ['config', 'scripts'] } });
  assert.equal(started.body.code, 200, JSON.stringify(started.body));
  const run = started.body.data as BackupStarted;
  await waitFor(
    async () => {
      const row = await app.ctx.db.selectFrom('job_runs').select('end').where('id', '=', run.runId).executeTakeFirst();
      return row?.end === 'success';
    },
    30_000,
    'the backup to end',
  );
  const file = await app.inject({
    method: 'GET',
    url: `/api/system/backup/files/${run.name}`,
    headers: { authorization: `Bearer ${token}` },
  });
  assert.equal(file.statusCode, 200);
  return file.rawPayload;
}

const upload = (app: FastifyInstance, token: string, bytes: Buffer, lang: 'en' | 'zh') => {
  const form = multipart({}, { field: 'file', name: 'backup.tgz', content: bytes });
  return call(app, 'POST', '/api/system/restore', { token, lang, payload: form.payload, headers: form.headers });
};

/** The data folder's files the daemon does not write on its own (its database, logs and restore state move). */
const files = (dataDir: string) => filesSnapshot(dataDir, (rel) => /^(db|log|syslog|\.restore)(\/|$)/.test(rel));

test('a backup whose database schema is not the migrations’ is refused by the panel and by ql restore; nothing changes', async (t) => {
  const { app, token, dataDir } = await signedIn(t);
  await call(app, 'POST', '/api/envs', { token, payload: [{ name: 'KEEP', value: '1' }] });
  writeFileSync(path.join(dataDir, 'scripts', 'keep.js'), 'keep');
  const backup = await backupOf(app, token);
  // One of the migrations' indexes, in the backup's SQLite file on either engine (the live database may be PostgreSQL).
  const anIndex = 'login_logs_timestamp';

  const unchanged = tamperedBackup(backup, 'select 1');
  const accepted = await upload(app, token, unchanged, 'en');
  assert.equal(accepted.body.code, 200, JSON.stringify(accepted.body));
  assert.equal((accepted.body.data as RestoreCheck).kind, 'baihu');
  await call(app, 'DELETE', '/api/system/restore', { token });

  const beforeFiles = files(dataDir);
  const beforeRows = await databaseSnapshot(app, ['job_runs', 'run_days', 'run_slices', 'login_logs']);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'baihu-planted-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  for (const [what, statements] of Object.entries(plants)) {
    const bytes = tamperedBackup(backup, statements.replace('{index}', anIndex));
    const en = await upload(app, token, bytes, 'en');
    assert.equal(en.status, 400, `${what}: ${JSON.stringify(en.body)}`);
    assert.match(en.body.message ?? '', /migrations do not make .*nothing was changed/, what);
    const zh = await upload(app, token, bytes, 'zh');
    assert.equal(zh.status, 400, what);
    assert.match(zh.body.message ?? '', /迁移不会生成.*未做任何更改/, what);
    t.diagnostic(`${what}: ${en.body.message}`);

    const file = path.join(dir, 'planted.tgz');
    writeFileSync(file, bytes);
    // ql restore with the daemon running: the check comes first and refuses, nothing is confirmed.
    const cli = spawnSync(ql, ['restore', file], {
      cwd: os.tmpdir(),
      env: {
        PATH: process.env.PATH,
        HOME: os.tmpdir(),
        BAIHU_DATA_DIR: dataDir,
        BAIHU_PORT: '1',
        TZ: 'UTC',
        ...knownDatabaseEnv(dataDir),
      },
      encoding: 'utf8',
      timeout: 120_000,
    });
    assert.equal(cli.status, 1, `${what}: ${cli.stdout}${cli.stderr}`);
    assert.match(cli.stderr, /migrations do not make .*nothing was changed/, what);
  }

  assert.deepEqual(files(dataDir), beforeFiles);
  assert.deepEqual(await databaseSnapshot(app, ['job_runs', 'run_days', 'run_slices', 'login_logs']), beforeRows);
  assert.deepEqual(
    readdirSync(path.join(dataDir, '.restore')).filter((e) => !e.endsWith('.json')),
    [],
    'no staging folder is left',
  );
  const overview = await call(app, 'GET', '/api/system/backup', { token });
  assert.equal((overview.body.data as { staged: unknown; pending: boolean }).staged, null);
  assert.equal((overview.body.data as { pending: boolean }).pending, false);
  // The panel still works: a new variable is stored, and the owner signs in.
  const added = await call(app, 'POST', '/api/envs', { token, payload: [{ name: 'AFTER', value: '2' }] });
  assert.equal(added.status, 200, JSON.stringify(added.body));
  assert.equal(added.body.code, 200);
  assert.ok(await login(app));
});
