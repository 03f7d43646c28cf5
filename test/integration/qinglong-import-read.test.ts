/**
 * Reading a Qinglong data directory into an import plan. Real: SQLite files written the way Sequelize and Keyv write
 * them (test/helpers/qinglong), real files and a real git checkout; nothing of ours is stubbed. The source must come
 * out byte-for-byte unchanged, whatever happens.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { copyFileSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import SQLite from 'better-sqlite3';
import { Value } from 'typebox/value';
import { ImportPreview } from '../../daemon/src/contract/import-schemas.ts';
import { AppError } from '../../daemon/src/errors/app-error.ts';
import {
  taskKey,
  variableKey,
  newItems,
  subscriptionKey,
} from '../../daemon/src/modules/qinglong-import/idempotence.ts';
import { previewOf } from '../../daemon/src/modules/qinglong-import/preview.ts';
import { readQinglongImport } from '../../daemon/src/modules/qinglong-import/read.ts';
import { dataPaths, type DataPaths } from '../../daemon/src/config/paths.ts';
import { loadStockHashes } from '../../daemon/src/notifications/stock-libraries.ts';
import {
  makeQinglongDataDir,
  qinglongRows,
  withFixtureStock,
  type QinglongFixtureOptions,
} from '../helpers/qinglong/index.ts';

/** Baihu's list of Qinglong's releases, with the fixture's notify.py standing for one of them. */
const stockLibraries = withFixtureStock(await loadStockHashes());

/** Every file and folder under `dir`: content hash, size and mtime (and mode), so any change shows. */
function snapshot(dir: string): Map<string, string> {
  const result = new Map<string, string>();
  const walk = (current: string) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      const stat = lstatSync(full);
      const hash = entry.isFile()
        ? createHash('sha256').update(readFileSync(full)).digest('hex')
        : entry.isDirectory()
          ? 'dir'
          : 'link';
      result.set(path.relative(dir, full), `${hash} ${stat.size} ${stat.mtimeMs} ${stat.mode}`);
      if (entry.isDirectory()) walk(full);
    }
  };
  walk(dir);
  return result;
}

function setup(t: TestContext, options: QinglongFixtureOptions = {}) {
  const fixture = makeQinglongDataDir(options);
  const targetRoot = mkdtempSync(path.join(os.tmpdir(), 'baihu-target-'));
  t.after(() => {
    fixture.cleanup();
    rmSync(targetRoot, { recursive: true, force: true });
  });
  const target = dataPaths(targetRoot);
  return {
    fixture,
    target,
    read: (dir = fixture.dir, to: DataPaths = target) =>
      readQinglongImport({ sourceDir: dir, target: to, timezone: 'UTC', stockLibraries }),
  };
}

const reasons = (items: { kind: string; item: string; reason: { key: string } }[]) =>
  items.map((s) => `${s.kind}|${s.item}|${s.reason.key}`).sort();

test('the full 2.21 fixture yields every kind, with counts, exact rows and reasons', async (t) => {
  const { fixture, target, read } = setup(t);
  const plan = await read();
  const preview = previewOf(plan);
  assert.ok(Value.Check(ImportPreview, preview), JSON.stringify([...Value.Errors(ImportPreview, preview)][0]));
  assert.equal(plan.source.dataDir, fixture.dataDir);
  assert.equal(plan.source.flavour, 'keyv');
  assert.equal(plan.source.adoptInPlace, false);

  const counts = Object.fromEntries(
    Object.entries(preview.counts)
      .filter(([kind]) => kind !== 'file')
      .map(([kind, c]) => [kind, [c.found, c.importable, c.skipped]]),
  );
  assert.deepEqual(counts, {
    account: [1, 1, 0],
    task: [13, 11, 2],
    view: [3, 3, 0],
    variable: [8, 7, 1],
    subscription: [5, 4, 1],
    dependency: [8, 6, 2],
    app: [3, 2, 1],
    notification: [1, 1, 0],
    setting: [8, 7, 1],
  });
  assert.deepEqual(reasons(preview.skipped), [
    'app|system|importSystemApp',
    'dependency|old-pkg|importDependencyRemoved',
    'dependency|rm -rf /|dependencyNameInvalid',
    'setting|panelTitle|importSettingUnsupported',
    'subscription|broken|invalidType',
    'task|bad|cronFormat',
    'task|删除日志|importSystemTask',
    'variable|1BAD|envNameInvalid',
  ]);

  // Account: keyv wins over the older Auths copy; Keyv's ':' escape is undone; 2FA carries over.
  assert.deepEqual(plan.account, {
    username: 'moving_user',
    password: { kind: 'plain', value: ':colon-start pass 中文' },
    twoFactor: { secret: 'JBSWY3DPEHPK3PXP', activated: true },
    avatar: 'avatar.png',
  });
  assert.deepEqual(preview.account, { username: 'moving_user', twoFactor: true });

  // Tasks, with the odd ones.
  const task = (name: string) => plan.tasks.find((x) => x.input.name === name);
  assert.deepEqual(task('JD 签到 🎉'), {
    sourceId: 1,
    input: {
      name: 'JD 签到 🎉',
      command: 'task shufflewzc_faker2_main/jd_sign.js',
      schedule: '5 0 6 * * *',
      labels: ['京东', 'daily'],
      extra_schedules: [],
      task_before: null,
      task_after: null,
      log_name: null,
      work_dir: null,
      allow_multiple_instances: 0,
      overlap_policy: 'replace',
    },
    disabled: false,
    pinned: true,
    subscriptionAlias: 'shufflewzc_faker2_main',
    // Running when Qinglong stopped: that run never finished.
    lastRun: {
      last_execution_time: 1740808805,
      last_running_time: 12.5,
      last_end: 'interrupted',
      log_path: 'shufflewzc_faker2_main_jd_sign_1/2025-03-01-06-00-05-001.log',
    },
  });
  // Queued: its last run is as Qinglong showed it, how it ended unknown; a log path leading out is left off.
  assert.deepEqual(task('boot')?.lastRun, {
    last_execution_time: 1740807200,
    last_running_time: 3,
    last_end: null,
    log_path: 'boot_4/2025-03-01-05-33-20-000.log',
  });
  assert.equal(task('escape')?.lastRun?.log_path, null);
  assert.equal(task('长命令')?.lastRun, null, 'never ran');
  assert.equal(task('长命令')?.input.command, qinglongRows.longCommand);
  assert.deepEqual(task('长命令')?.input.labels, []);
  assert.equal(task('once')?.input.schedule, '@once');
  assert.equal(task('once')?.disabled, true);
  assert.deepEqual(
    [task('boot')?.input.schedule, task('boot')?.input.task_before, task('boot')?.input.task_after],
    ['@boot', 'echo start\nexport A=1', 'echo done'],
  );
  assert.deepEqual([task('no log')?.input.log_name, task('no log')?.input.overlap_policy], ['/dev/null', 'parallel']);
  const custom = task('custom log')!;
  assert.equal(custom.input.schedule, '0 10 * * *');
  assert.equal(custom.input.log_name, 'my_logs');
  assert.equal(custom.input.work_dir, path.join(target.root, 'scripts', 'folder'));
  assert.deepEqual(custom.input.extra_schedules, [{ schedule: '0 22 * * *' }]);
  assert.equal(task('hook')?.input.task_before, null);
  assert.equal(task('escape')?.input.log_name, null);
  assert.equal(task('noname.js')?.input.command, 'task scripts_dir/noname.js now');
  assert.equal(task('orphan')?.subscriptionAlias, null);
  assert.equal(task('raw task')?.subscriptionAlias, 'jd_bean');
  assert.deepEqual(reasons(preview.notices.filter((n) => n.kind === 'task')), [
    'task|custom log|importFieldDropped',
    'task|escape|importFieldDropped',
    'task|hook|importFieldDropped',
    'task|noname.js|importNameDerived',
    'task|orphan|importSubscriptionMissing',
  ]);

  // Views in Qinglong's order, the system view marked, sub_id filters resolved to aliases.
  assert.deepEqual(
    plan.views.map((v) => [v.input.name, v.system, v.hidden, v.input.filterRelation]),
    [
      ['全部任务', true, false, 'and'],
      ['京东', false, false, 'or'],
      ['隐藏', false, true, 'and'],
    ],
  );
  assert.deepEqual(plan.views[1]!.subscriptionRefs, [
    { filter: 1, aliases: ['shufflewzc_faker2_main', 'jd_bean', null] },
  ]);
  assert.deepEqual(plan.views[2]!.input.filters, [{ property: 'labels', operation: 'Nin', value: ['daily'] }]);
  assert.deepEqual(plan.views[2]!.input.sorts, [{ property: 'createdAt', type: 'DESC' }]);

  // Variables in Qinglong's order (position high to low, then oldest), same names kept apart, values exact.
  assert.deepEqual(
    plan.variables.map((v) => [v.input.name, v.input.value, v.disabled, v.pinned]),
    [
      ['TG_BOT_TOKEN', '123:abc', false, false],
      ['JD_COOKIE', 'pt_key=A;pt_pin=a;', false, true],
      ['JD_COOKIE', 'pt_key=C;', true, false],
      ['JD_COOKIE', 'pt_key=B;pt_pin=b;', false, false],
      ['MULTILINE', 'line1\nline2 "quoted" $HOME', false, false],
      ['SAME_POS', 'later', false, false],
      ['EMPTY_VALUE', '', false, false],
    ],
  );
  assert.deepEqual(plan.variables[1]!.input, {
    name: 'JD_COOKIE',
    value: 'pt_key=A;pt_pin=a;',
    remarks: '账号一 🐶',
    labels: ['jd'],
  });

  // Subscriptions with every field, keys included.
  const sub = (alias: string) => plan.subscriptions.find((s) => s.input.alias === alias)?.input;
  assert.deepEqual(sub('shufflewzc_faker2_main'), {
    name: '🐉 Faker 仓库',
    type: 'public-repo',
    url: 'https://github.com/shufflewzc/faker2.git',
    branch: 'main',
    schedule_type: 'crontab',
    schedule: '0 0 6,18 * * *',
    interval_schedule: null,
    whitelist: 'jd_|jx_',
    blacklist: 'backUp',
    dependences: '^jd[^_]|USER|utils',
    extensions: 'js py',
    pull_type: null,
    pull_option: null,
    alias: 'shufflewzc_faker2_main',
    sub_before: 'echo before',
    sub_after: null,
    proxy: null,
    autoAddCron: 1,
    autoDelCron: 1,
    is_disabled: 0,
  });
  const ssh = sub('me_secret-scripts')!;
  assert.deepEqual(
    [
      ssh.schedule_type,
      ssh.interval_schedule,
      ssh.pull_type,
      ssh.pull_option,
      ssh.proxy,
      ssh.is_disabled,
      ssh.sub_after,
    ],
    [
      'interval',
      { type: 'hours', value: 6 },
      'ssh-key',
      { private_key: qinglongRows.privateKey },
      'socks5://127.0.0.1:1080',
      1,
      'echo "pulled $(date)"',
    ],
  );
  const pwd = sub('gitee_private')!;
  assert.deepEqual(
    [pwd.pull_type, pwd.pull_option, pwd.branch, pwd.autoAddCron, pwd.autoDelCron, pwd.whitelist],
    ['user-pwd', { username: 'me', password: qinglongRows.userPassword }, 'dev', 0, 0, null],
  );
  assert.deepEqual([sub('jd_bean')?.type, sub('jd_bean')?.schedule], ['file', '15 */2 * * *']);

  // Dependencies, one per package, with versions and types.
  assert.deepEqual(
    plan.dependencies.map((d) => [d.input.name, d.input.type, d.input.remark, d.sourceStatus]),
    [
      ['axios@1.6.0', 0, '网络', 1],
      ['requests==2.31.0', 1, null, 2],
      ['sl', 2, null, 6],
      ['got', 0, null, 1],
      ['tough-cookie', 0, null, 1],
      ['crypto-js', 0, null, 0],
      ['PyYAML', 1, null, 7],
    ],
  );

  // Applications (no secrets), notification, settings.
  assert.deepEqual(plan.apps, [
    { sourceId: 2, name: 'My Bot 🤖', scopes: ['envs', 'crons', 'logs'], clientId: 'Xy-abc' },
    { sourceId: 3, name: 'readonly', scopes: ['envs'], clientId: 'ro' },
  ]);
  assert.deepEqual(plan.notification, {
    type: 'bark',
    barkPush: 'https://api.day.app/KEY123',
    barkIcon: 'http://qn.whyour.cn/logo.png',
    barkGroup: 'qinglong',
  });
  assert.deepEqual(plan.settings, {
    cronConcurrency: 6,
    timezone: 'Asia/Shanghai',
    lang: 'en',
    dependenceProxy: 'http://127.0.0.1:7890',
    nodeMirror: 'https://registry.npmmirror.com',
    pythonMirror: 'https://pypi.tuna.tsinghua.edu.cn/simple',
    logRemoveFrequency: 7,
  });
  assert.deepEqual(plan.pendingSettings, { panelTitle: '我的青龙' });

  // Files: every folder, copied to Baihu's data folder, generated and secret config files left out.
  assert.deepEqual(
    plan.files.map((f) => [f.folder, f.action, f.to]),
    ['config', 'scripts', 'repo', 'raw', 'log', 'deps', 'ssh.d', 'upload'].map((folder) => [
      folder,
      'copy',
      path.join(target.root, folder),
    ]),
  );
  const config = plan.files.find((f) => f.folder === 'config')!;
  assert.equal(config.files, 4, 'config.sh, extra.sh, task_before.sh, task_after.sh');
  assert.ok(config.exclude.includes('auth.json') && config.exclude.includes('token.json'));
  assert.ok(plan.files.find((f) => f.folder === 'repo')!.files > 5, 'the checkout with its .git');
  assert.deepEqual(
    plan.notifyLibraries.map((l) => [l.file, l.state, l.evidence, l.baihuName]),
    [
      // The user's own, in Qinglong's shape with no setting filled in: it matches no release, so it is theirs.
      ['sendNotify.js', 'edited', [], 'baihuNotify.js'],
      // Byte for byte a listed release, whatever defaults it ships filled in.
      ['notify.py', 'stock', [], 'baihu_notify.py'],
    ],
  );
  assert.deepEqual(reasons(preview.notices.filter((n) => n.kind === 'file')), [
    'file|scripts/notify.py|importNotifyLibraryStock',
    'file|scripts/sendNotify.js|importNotifyLibraryChanged',
    'file|scripts/|importNotifyLibraryCopies',
  ]);

  // The preview never carries a secret.
  const wire = JSON.stringify(preview);
  for (const secret of [
    qinglongRows.authInfo.password,
    qinglongRows.authInfo.twoFactorSecret,
    'pt_key=A',
    qinglongRows.privateKey.slice(40, 80),
    qinglongRows.userPassword,
    'secret-abc',
    'token-1',
    'KEY123',
  ]) {
    assert.ok(!wire.includes(secret), `the preview holds ${secret}`);
  }
});

test('reading leaves the source byte-for-byte and mtime-for-mtime unchanged, and writes nothing to the target', async (t) => {
  const { fixture, target, read } = setup(t);
  const before = snapshot(fixture.dir);
  await read();
  await read();
  assert.deepEqual(snapshot(fixture.dir), before);
  assert.deepEqual(readdirSync(target.root), []);
});

test('a second read gives the same keys, so a second import finds everything already there', async (t) => {
  const { read } = setup(t);
  const first = await read();
  const second = await read();
  const tasks = newItems(
    second.tasks.map((x) => x.input),
    first.tasks.map((x) => taskKey(x.input)),
    taskKey,
  );
  assert.deepEqual([tasks.fresh.length, tasks.present.length], [0, first.tasks.length]);
  const vars = newItems(
    second.variables.map((x) => x.input),
    first.variables.map((x) => variableKey(x.input)),
    variableKey,
  );
  assert.deepEqual([vars.fresh.length, vars.present.length], [0, 7]);
  const subs = newItems(
    second.subscriptions.map((x) => x.input),
    first.subscriptions.map((x) => subscriptionKey(x.input)),
    subscriptionKey,
  );
  assert.deepEqual([subs.fresh.length, subs.present.length], [0, 4]);
});

test('older flavours: the Auths row, config/auth.json, Keyv 5 values, a missing or corrupt keyv store', async (t) => {
  const auths = await setup(t, { flavour: 'auths' }).read();
  assert.equal(auths.source.flavour, 'auths');
  assert.deepEqual(auths.account, {
    username: 'auths_user',
    password: { kind: 'plain', value: 'auths-pass-1' },
    twoFactor: null,
    avatar: 'avatar.png',
  });
  // Without keyv:apps the Apps table is the only source of applications, as it always was.
  assert.deepEqual(
    auths.apps.map((a) => a.name),
    ['My Bot 🤖', 'readonly'],
  );
  assert.equal(auths.settings.lang, undefined, 'no keyv:lang, and systemConfig has none');

  const json = await setup(t, { flavour: 'authJson' }).read();
  assert.equal(json.source.flavour, 'authJson');
  // The oldest releases spelled the flag twoFactorActived.
  assert.deepEqual(json.account, {
    username: 'json_user',
    password: { kind: 'plain', value: 'json-pass-1' },
    twoFactor: { secret: 'KRSXG5CTMVRXEZLU', activated: true },
    avatar: null,
  });

  const keyv5 = await setup(t, { keyv: 'keyv5' }).read();
  assert.equal(keyv5.account?.password.value, ':colon-start pass 中文');
  assert.equal(keyv5.settings.lang, 'en');

  const missing = await setup(t, { keyv: 'missing' }).read();
  assert.equal(missing.source.flavour, 'auths');
  assert.equal(missing.account?.password.value, 'stale-password');

  const corrupt = await setup(t, { keyv: 'corrupt' }).read();
  assert.equal(corrupt.source.flavour, 'auths');
  assert.equal(corrupt.account?.username, 'moving_user');
  assert.deepEqual(reasons(corrupt.report.notices.filter((n) => n.kind === 'account')), [
    'account|db/keyv.sqlite|importKeyvUnreadable',
    'account|moving_user|importTwoFactorKept',
  ]);

  const root = setup(t, { layout: 'root' });
  const fromRoot = await root.read();
  assert.equal(fromRoot.source.dataDir, root.fixture.dataDir, "Qinglong's root folder leads to its data/");
});

test('a minimal install: only the account and config.sh', async (t) => {
  const plan = await setup(t, { minimal: true }).read();
  assert.equal(plan.account?.username, 'moving_user');
  assert.deepEqual(
    [plan.tasks, plan.views, plan.variables, plan.subscriptions, plan.dependencies, plan.apps].map(
      (list) => list.length,
    ),
    [0, 0, 0, 0, 0, 0],
  );
  assert.equal(plan.notification, null);
  assert.deepEqual(plan.settings, { lang: 'en' });
  assert.deepEqual(
    plan.files.map((f) => [f.folder, f.files]),
    [['config', 1]],
  );
  assert.deepEqual(
    plan.notifyLibraries.map((l) => l.state),
    ['absent', 'absent'],
  );
  assert.deepEqual(plan.report.skipped, []);
});

async function refused(t: TestContext, options: QinglongFixtureOptions, key: string, params: Record<string, unknown>) {
  const { fixture, target, read } = setup(t, options);
  const before = snapshot(fixture.dir);
  await assert.rejects(read(), (error: unknown) => {
    assert.ok(error instanceof AppError, String(error));
    assert.equal(error.key, key);
    for (const [name, value] of Object.entries(params)) {
      if (value instanceof RegExp) assert.match(String(error.params[name]), value);
      else assert.equal(error.params[name], value);
    }
    return true;
  });
  assert.deepEqual(snapshot(fixture.dir), before, 'the source is unchanged');
  assert.deepEqual(readdirSync(target.root), [], 'nothing was written');
}

test('a truncated, a foreign and a non-SQLite database are refused with what is wrong, changing nothing', async (t) => {
  await refused(t, { database: 'truncated' }, 'importDatabaseCorrupt', {
    file: 'db/database.sqlite',
    detail: /malformed|corrupt|not a database/i,
  });
  await refused(t, { database: 'foreign' }, 'importDatabaseForeign', {
    file: 'db/database.sqlite',
    tables: 'Crontabs, Envs, Dependences',
  });
  await refused(t, { database: 'notSqlite' }, 'importDatabaseCorrupt', {
    file: 'db/database.sqlite',
    detail: /not a database/i,
  });
});

test('a folder without a Qinglong database is refused by name', async (t) => {
  const empty = mkdtempSync(path.join(os.tmpdir(), 'not-ql-'));
  t.after(() => rmSync(empty, { recursive: true, force: true }));
  const target = dataPaths(mkdtempSync(path.join(os.tmpdir(), 'baihu-target-')));
  t.after(() => rmSync(target.root, { recursive: true, force: true }));
  await assert.rejects(
    readQinglongImport({ sourceDir: empty, target, timezone: 'UTC', stockLibraries }),
    (error: unknown) => {
      assert.ok(error instanceof AppError);
      assert.equal(error.key, 'importSourceMissing');
      assert.equal(error.params.path, empty);
      return true;
    },
  );
});

test('a database left mid-write (with its -wal) is read from a private copy: the write is seen, the source untouched', async (t) => {
  const { fixture, target } = setup(t);
  // Qinglong stopped while a write sat in the WAL: copy database + WAL while a writer still holds them.
  const live = path.join(fixture.dataDir, 'db', 'database.sqlite');
  const crashed = mkdtempSync(path.join(os.tmpdir(), 'ql-crashed-'));
  t.after(() => rmSync(crashed, { recursive: true, force: true }));
  const writer = new SQLite(live);
  writer.pragma('journal_mode = WAL');
  writer.pragma('wal_autocheckpoint = 0');
  writer
    .prepare('INSERT INTO Envs (name, value, status, position, createdAt, updatedAt) VALUES (?, ?, 0, 1, ?, ?)')
    .run('IN_WAL', 'only in the wal', '2025-03-20 08:00:00.000 +00:00', '2025-03-20 08:00:00.000 +00:00');
  const dbDir = path.join(crashed, 'db');
  mkdirSync(dbDir, { recursive: true });
  for (const file of ['database.sqlite', 'database.sqlite-wal']) {
    copyFileSync(path.join(path.dirname(live), file), path.join(dbDir, file));
  }
  writer.close();
  const before = snapshot(crashed);
  const plan = await readQinglongImport({ sourceDir: crashed, target, timezone: 'UTC', stockLibraries });
  assert.ok(
    plan.variables.some((v) => v.input.name === 'IN_WAL'),
    'the write in the WAL is read',
  );
  assert.deepEqual(snapshot(crashed), before, 'no -shm, no checkpoint, nothing changed');
});

test("a source that is Baihu's own data folder is adopted in place", async (t) => {
  const { fixture, read } = setup(t);
  const plan = await read(fixture.dir, dataPaths(fixture.dataDir));
  assert.equal(plan.source.adoptInPlace, true);
  assert.ok(plan.files.every((f) => f.action === 'adopt' && f.from === f.to));
  assert.ok(plan.report.notices.some((n) => n.reason.key === 'importAdoptInPlace'));
});
