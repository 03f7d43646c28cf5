import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Cron, CronRun, CronView } from '../../daemon/src/contract/tasks.ts';
import { CronStatus, LogStatus, RunStatus } from '../../daemon/src/contract/enums.ts';
import { call, signedIn, type CallOptions } from '../helpers/app.ts';

/**
 * The tasks REST module through the real app (in-process, fresh SQLite per test). The run/stop/log tests spawn real
 * processes through the engine and the runner.
 */

type Api = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options?: Omit<CallOptions, 'token'>,
) => ReturnType<typeof call>;

async function setup(t: TestContext): Promise<{ api: Api; app: FastifyInstance; dataDir: string }> {
  const { app, token, dataDir } = await signedIn(t);
  const api: Api = (method, url, options = {}) => call(app, method, url, { ...options, token });
  return { api, app, dataDir };
}

async function create(api: Api, fields: Record<string, unknown>): Promise<Cron> {
  const res = await api('POST', '/api/crons', { payload: { schedule: '0 0 * * *', ...fields } });
  assert.equal(res.body.code, 200, JSON.stringify(res.body));
  return res.body.data as Cron;
}

async function list(api: Api, query: Record<string, string | number | object> = {}) {
  const params = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]),
  );
  const res = await api('GET', `/api/crons?${params}`);
  assert.equal(res.body.code, 200, JSON.stringify(res.body));
  return res.body.data as { data: Cron[]; total: number };
}

const names = (rows: { name: string }[]) => rows.map((r) => r.name);

test('create, read, update and delete a task; unknown ids answer 404', async (t) => {
  const { api } = await setup(t);
  const created = await create(api, {
    name: 'daily report',
    command: 'task report.js',
    schedule: '0 8 * * *',
    labels: [' a ', 'b', 'a'],
    task_before: 'echo before',
    extra_schedules: [{ schedule: '0 20 * * *' }],
  });
  assert.equal(created.name, 'daily report');
  assert.equal(created.command, 'task report.js', 'no task prefix is added or removed');
  assert.deepEqual(created.labels, ['a', 'b'], 'labels are trimmed and unique');
  assert.equal(created.status, CronStatus.idle);
  assert.equal(created.isDisabled, 0);
  assert.equal(created.allow_multiple_instances, 0);
  assert.equal(created.overlap_policy, 'replace');
  assert.equal(typeof created.nextRunTime, 'number');
  assert.match(created.createdAt, /^\d{4}-\d\d-\d\dT/);

  const got = await api('GET', `/api/crons/${created.id}`);
  assert.deepEqual(got.body.data, created);

  const updated = await api('PUT', '/api/crons', {
    payload: { id: created.id, name: 'evening report', allow_multiple_instances: 1 },
  });
  assert.equal(updated.body.code, 200, JSON.stringify(updated.body));
  const after = updated.body.data as Cron;
  assert.equal(after.name, 'evening report');
  assert.equal(after.command, 'task report.js', 'fields left out keep their value');
  assert.equal(after.allow_multiple_instances, 1);
  assert.equal(after.overlap_policy, 'parallel');

  const skip = (await api('PUT', '/api/crons', { payload: { id: created.id, overlap_policy: 'skip' } })).body
    .data as Cron;
  assert.equal(skip.overlap_policy, 'skip');
  assert.equal(skip.allow_multiple_instances, 0, 'allow_multiple_instances is 1 only for the parallel policy');

  assert.equal((await api('DELETE', '/api/crons', { payload: [created.id] })).body.code, 200);
  const gone = await api('GET', `/api/crons/${created.id}`);
  assert.equal(gone.status, 404);
  assert.equal(gone.body.code, 404);
  assert.equal((await api('PUT', '/api/crons', { payload: { id: 999, name: 'x' } })).status, 404);
  assert.equal((await api('GET', '/api/crons/999/log')).status, 404);
  assert.equal((await api('GET', '/api/crons/999/instances')).status, 404);
});

const invalid = [
  { schedule: 'every day', field: 'schedule', en: 'Incorrect Cron Expression Format', zh: '定时规则格式不正确' },
  { schedule: '0 0 30 2 *', field: 'schedule', en: 'Incorrect Cron Expression Format', zh: '定时规则格式不正确' },
  { schedule: '0 0 0 * * * *', field: 'schedule', en: 'Incorrect Cron Expression Format', zh: '定时规则格式不正确' },
  { schedule: '61 * * * *', field: 'schedule', en: 'Incorrect Cron Expression Format', zh: '定时规则格式不正确' },
  {
    extra_schedules: [{ schedule: 'nope' }],
    field: 'extra_schedules',
    en: 'Incorrect Cron Expression Format',
    zh: '定时规则格式不正确',
  },
  {
    task_before: 'echo hi\ntask x.js',
    field: 'task_before',
    en: 'Commands before and after a task cannot contain a task command',
    zh: '任务前后执行的命令不能包含 task 命令',
  },
  {
    task_after: 'echo done && ql repo https://x',
    field: 'task_after',
    en: 'Commands before and after a task cannot contain a task command',
    zh: '任务前后执行的命令不能包含 task 命令',
  },
  {
    log_name: '../../etc',
    field: 'log_name',
    en: 'The log name must be /dev/null or a folder name inside the log directory',
    zh: '日志名称必须是 /dev/null 或日志目录内的文件夹名',
  },
  {
    log_name: '/var/log',
    field: 'log_name',
    en: 'The log name must be /dev/null or a folder name inside the log directory',
    zh: '日志名称必须是 /dev/null 或日志目录内的文件夹名',
  },
  {
    work_dir: '../../..',
    field: 'work_dir',
    en: 'The working directory must be inside the data directory',
    zh: '工作目录必须位于数据目录内',
  },
  {
    work_dir: '/etc',
    field: 'work_dir',
    en: 'The working directory must be inside the data directory',
    zh: '工作目录必须位于数据目录内',
  },
  // A missing name is not one of these: Qinglong's API and QLAPI's createCron leave it out (see below).
  { command: undefined, field: 'command', en: 'Please enter command', zh: '请输入命令' },
  { schedule: undefined, field: 'schedule', en: 'Please enter schedule', zh: '请输入定时规则' },
  { name: '   ', field: 'name', en: 'name cannot be a blank character', zh: '名称不能为空字符' },
];

test('every validation rule answers 400 Validation failed with the field message, in en and zh', async (t) => {
  const { api } = await setup(t);
  for (const { field, en, zh, ...fields } of invalid) {
    const payload = { name: 'x', command: 'echo x', schedule: '* * * * *', ...fields };
    for (const [lang, message] of [
      ['en', en],
      ['zh', zh],
    ] as const) {
      const res = await api('POST', '/api/crons', { payload, lang });
      assert.equal(res.status, 400, `${JSON.stringify(fields)} ${lang}`);
      assert.equal(res.body.code, 400);
      assert.equal(res.body.message, lang === 'en' ? 'Validation failed' : '验证失败');
      assert.deepEqual(res.body.errors, [{ field, message }], `${JSON.stringify(fields)} ${lang}`);
    }
  }
  // No name at all: named after the script, or the command (Qinglong's `name?`; the UI's form still asks for one).
  const unnamed = await api('POST', '/api/crons', {
    payload: { command: 'task sign/jd_bean.js', schedule: '0 0 * * *' },
  });
  assert.equal((unnamed.body.data as Cron).name, 'jd_bean.js');
  const unnamedShell = await api('POST', '/api/crons', { payload: { command: 'echo hi', schedule: '0 0 * * *' } });
  assert.equal((unnamedShell.body.data as Cron).name, 'echo hi');
  await api('DELETE', '/api/crons', { payload: [(unnamed.body.data as Cron).id, (unnamedShell.body.data as Cron).id] });
  // The same rules guard PUT.
  const task = await create(api, { name: 'ok', command: 'echo ok' });
  const bad = await api('PUT', '/api/crons', { payload: { id: task.id, schedule: '0 0 30 2 *' } });
  assert.equal(bad.status, 400);
  assert.equal(bad.body.errors?.[0]?.message, 'Incorrect Cron Expression Format');
  assert.equal((await api('GET', '/api/crons')).body.code, 200);
  assert.equal(
    ((await api('GET', '/api/crons')).body.data as { total: number }).total,
    1,
    'nothing invalid was stored',
  );
});

test('@once, @boot, 6-field schedules, /dev/null logs and work dirs inside data are accepted', async (t) => {
  const { api } = await setup(t);
  const once = await create(api, { name: 'once', command: 'echo 1', schedule: '@once' });
  assert.equal(once.nextRunTime, null, '@once never fires by itself');
  await create(api, { name: 'boot', command: 'echo 1', schedule: '@boot' });
  await create(api, { name: 'seconds', command: 'echo 1', schedule: '*/30 * * * * *' });
  const quiet = await create(api, {
    name: 'quiet',
    command: 'echo 1',
    log_name: '/dev/null',
    work_dir: 'sub/dir',
    task_before: 'export A=1; echo "tasks are fine inside words: mytask x"',
  });
  assert.equal(quiet.log_name, '/dev/null');
  assert.equal(quiet.work_dir, 'sub/dir');
  const custom = await create(api, { name: 'custom', command: 'echo 1', log_name: 'my_logs', work_dir: '' });
  assert.equal(custom.log_name, 'my_logs');
  assert.equal(custom.work_dir, null);
  const log = await api('GET', `/api/crons/${quiet.id}/log`);
  assert.deepEqual(log.body, { code: 200, data: '', logStatus: LogStatus.ignored });
  const none = await api('GET', `/api/crons/${custom.id}/log`);
  assert.deepEqual(none.body, { code: 200, data: '', logStatus: LogStatus.notFound });
});

test('search: free text over name, command, schedule and labels; name:, command:, schedule:, label: prefixes', async (t) => {
  const { api } = await setup(t);
  await create(api, { name: 'Alpha sign-in', command: 'task alpha.js', schedule: '5 1 * * *', labels: ['shop'] });
  await create(api, { name: 'beta', command: 'task jobs/beta.py', schedule: '7 2 * * *', labels: ['bank'] });
  await create(api, { name: '京东 签到', command: 'task jd_sign.js', schedule: '9 3 * * *', labels: ['京东'] });
  await create(api, { name: 'encoded', command: 'task %E4%BA%AC.js', schedule: '0 4 * * *' });

  const search = async (searchValue: string) => names((await list(api, { searchValue })).data).sort();
  assert.deepEqual(
    await search('alpha'),
    ['Alpha sign-in'],
    'free text matches the name or command, case-insensitively',
  );
  assert.deepEqual(await search('jobs/'), ['beta'], 'free text matches the command');
  assert.deepEqual(await search('7 2 *'), ['beta'], 'free text matches the schedule');
  assert.deepEqual(await search('bank'), ['beta'], 'free text matches labels');
  assert.deepEqual(await search('name:beta'), ['beta']);
  assert.deepEqual(await search('name:task'), [], 'name: only looks at names');
  assert.deepEqual(await search('command:jd_'), ['京东 签到']);
  assert.deepEqual(await search('schedule:9 3'), ['京东 签到']);
  assert.deepEqual(await search('label:shop'), ['Alpha sign-in']);
  assert.deepEqual(await search('京'), ['京东 签到', 'encoded'].sort(), 'the URI-encoded text matches too');
  assert.deepEqual(await search('label:京东'), ['京东 签到']);
  assert.deepEqual(await search('nothing-like-this'), []);
});

test('search text with SQL and LIKE metacharacters matches literally', async (t) => {
  const { api } = await setup(t);
  await create(api, { name: '100% done', command: 'echo a' });
  await create(api, { name: '1000 done', command: 'echo b' });
  await create(api, { name: 'a_b', command: 'echo c' });
  await create(api, { name: 'axb', command: 'echo d' });
  await create(api, { name: "it's", command: 'echo "quoted"' });
  await create(api, { name: 'back\\slash', command: 'echo e' });
  const search = async (searchValue: string) => names((await list(api, { searchValue })).data).sort();
  assert.deepEqual(await search('100%'), ['100% done']);
  assert.deepEqual(await search('%'), ['100% done']);
  assert.deepEqual(await search('a_b'), ['a_b']);
  assert.deepEqual(await search('_'), ['a_b']);
  assert.deepEqual(await search("it's"), ["it's"]);
  assert.deepEqual(await search("'; drop table crons; --"), []);
  assert.deepEqual(await search('"quoted"'), ["it's"]);
  assert.deepEqual(await search('name:"'), []);
  assert.deepEqual(await search('\\'), ['back\\slash']);
  assert.equal((await list(api)).total, 6, 'the table is intact');
});

test('default order: pinned first, then enabled, then status, newest first; paging answers {data, total}', async (t) => {
  const { api, app } = await setup(t);
  const ids: number[] = [];
  for (let i = 1; i <= 5; i++) {
    (app as unknown as { ctx?: { clock: { advance(ms: number): void } } }).ctx?.clock.advance(1000);
    ids.push((await create(api, { name: `t${i}`, command: `echo ${i}` })).id);
  }
  assert.deepEqual(names((await list(api)).data), ['t5', 't4', 't3', 't2', 't1']);
  await api('PUT', '/api/crons/pin', { payload: [ids[0]] });
  await api('PUT', '/api/crons/disable', { payload: [ids[4]] });
  const all = await list(api);
  assert.deepEqual(names(all.data), ['t1', 't4', 't3', 't2', 't5']);
  assert.equal(all.total, 5);
  assert.equal(all.data[0]!.isPinned, 1);

  const page2 = await list(api, { page: 2, size: 2 });
  assert.deepEqual(names(page2.data), ['t3', 't2']);
  assert.equal(page2.total, 5);
  const lenient = await api('GET', '/api/crons?page=&size=&searchValue=&t=1700000000000');
  assert.equal((lenient.body.data as { total: number }).total, 5, 'empty page and size mean every row');
  assert.equal((lenient.body.data as { data: Cron[] }).data.length, 5);
  const page3 = await list(api, { page: 3, size: 2 });
  assert.deepEqual(names(page3.data), ['t5']);
  assert.equal(page3.total, 5);

  const byName = await list(api, { sorter: { field: 'name', type: 'ascend' } });
  assert.deepEqual(names(byName.data), ['t1', 't2', 't3', 't4', 't5'], 'the column sorter goes first');
  const byNameDesc = await list(api, { sorter: { field: 'name', type: 'DESC' }, page: 1, size: 2 });
  assert.deepEqual(names(byNameDesc.data), ['t5', 't4']);
  const unknownField = await list(api, { sorter: { field: 'nextRunTime', type: 'ascend' } });
  assert.equal(unknownField.total, 5, 'a sorter on a computed column is ignored');

  await api('PUT', '/api/crons/unpin', { payload: [ids[0]] });
  assert.deepEqual(names((await list(api)).data), ['t4', 't3', 't2', 't1', 't5']);
  const bad = await api('GET', '/api/crons?sorter=%7Bnot-json');
  assert.equal(bad.status, 400);
  assert.equal(bad.body.message, 'Validation failed');
});

test('enable and disable: the wire status is 2 for disabled idle tasks; the status filter 2 means disabled', async (t) => {
  const { api } = await setup(t);
  const a = await create(api, { name: 'a', command: 'echo a' });
  const b = await create(api, { name: 'b', command: 'echo b' });
  await api('PUT', '/api/crons/disable', { payload: [a.id, b.id] });
  let rows = (await list(api)).data;
  assert.deepEqual(
    rows.map((r) => [r.status, r.isDisabled, r.nextRunTime]),
    [
      [CronStatus.disabled, 1, null],
      [CronStatus.disabled, 1, null],
    ],
  );
  await api('PUT', '/api/crons/enable', { payload: [a.id] });
  const enabled = (await api('GET', `/api/crons/${a.id}`)).body.data as Cron;
  assert.equal(enabled.status, CronStatus.idle);
  assert.equal(enabled.isDisabled, 0);
  assert.equal(typeof enabled.nextRunTime, 'number');
  rows = (await list(api, { filters: { status: [CronStatus.disabled] } })).data;
  assert.deepEqual(names(rows), ['b']);
  rows = (await list(api, { filters: { status: [CronStatus.idle] } })).data;
  assert.deepEqual(names(rows), ['a'], 'idle means idle and enabled');
});

test('labels: POST adds without duplicates, DELETE removes', async (t) => {
  const { api } = await setup(t);
  const a = await create(api, { name: 'a', command: 'echo a', labels: ['x'] });
  const b = await create(api, { name: 'b', command: 'echo b' });
  const added = await api('POST', '/api/crons/labels', { payload: { ids: [a.id, b.id], labels: ['x', 'y', ' y '] } });
  assert.equal(added.body.code, 200);
  const labelsOf = async (id: number) => ((await api('GET', `/api/crons/${id}`)).body.data as Cron).labels;
  assert.deepEqual(await labelsOf(a.id), ['x', 'y']);
  assert.deepEqual(await labelsOf(b.id), ['x', 'y']);
  await api('DELETE', '/api/crons/labels', { payload: { ids: [a.id], labels: ['x'] } });
  assert.deepEqual(await labelsOf(a.id), ['y']);
  assert.deepEqual(await labelsOf(b.id), ['x', 'y']);
});

test('views: list, create, update, move, hide and show, unique names, the system view cannot be deleted', async (t) => {
  const { api } = await setup(t);
  const views = async () => (await api('GET', '/api/crons/views')).body.data as CronView[];
  const initial = await views();
  assert.equal(initial.length, 1);
  assert.equal(initial[0]!.name, '全部任务');
  assert.equal(initial[0]!.type, 1);

  const post = async (payload: object) => api('POST', '/api/crons/views', { payload });
  const shop = (await post({ name: 'shop', filters: [{ property: 'labels', operation: 'In', value: ['shop'] }] })).body
    .data as CronView;
  assert.equal(shop.type, 2);
  assert.equal(shop.filterRelation, 'and');
  const bank = (await post({ name: 'bank', sorts: [{ property: 'name', type: 'ASC' }], filterRelation: 'or' })).body
    .data as CronView;
  assert.deepEqual(names(await views()), ['全部任务', 'shop', 'bank'], 'a new view goes after the others');

  const duplicate = await post({ name: 'shop' });
  assert.equal(duplicate.status, 409);
  assert.equal(duplicate.body.message, 'A view with this name already exists');
  const renameClash = await api('PUT', '/api/crons/views', { payload: { id: bank.id, name: 'shop' } });
  assert.equal(renameClash.status, 409);

  const badFilter = await post({ name: 'bad', filters: [{ property: 'pid', operation: 'In', value: [1] }] });
  assert.equal(badFilter.status, 400);
  assert.equal(badFilter.body.message, 'Validation failed');
  const badRegex = await post({ name: 'bad', filters: [{ property: 'name', operation: 'Reg', value: '(unclosed' }] });
  assert.equal(badRegex.status, 400);
  assert.equal(badRegex.body.errors?.[0]?.field, 'filters');
  const badSort = await post({ name: 'bad', sorts: [{ property: 'secret', type: 'ASC' }] });
  assert.equal(badSort.status, 400);
  const noName = await post({ name: '' });
  assert.deepEqual(noName.body.errors, [{ field: 'name', message: 'Please enter name' }]);

  const renamed = await api('PUT', '/api/crons/views', { payload: { id: bank.id, name: 'money' } });
  assert.equal((renamed.body.data as CronView).name, 'money');
  assert.deepEqual((renamed.body.data as CronView).sorts, [{ property: 'name', type: 'ASC' }], 'left out = kept');

  const moved = await api('PUT', '/api/crons/views/move', { payload: { id: bank.id, fromIndex: 2, toIndex: 0 } });
  assert.equal(moved.body.code, 200);
  assert.equal((moved.body.data as CronView).position, 0);
  let ordered = await views();
  assert.deepEqual(names(ordered), ['money', '全部任务', 'shop']);
  assert.deepEqual(
    ordered.map((v) => v.position),
    [0, 1, 2],
  );
  await api('PUT', '/api/crons/views/move', { payload: { id: bank.id, fromIndex: 0, toIndex: 9 } });
  assert.deepEqual(names(await views()), ['全部任务', 'shop', 'money'], 'a too-large index moves to the end');

  await api('PUT', '/api/crons/views/disable', { payload: [shop.id] });
  ordered = await views();
  assert.equal(ordered.find((v) => v.id === shop.id)!.isDisabled, 1);
  await api('PUT', '/api/crons/views/enable', { payload: [shop.id] });
  assert.equal((await views()).find((v) => v.id === shop.id)!.isDisabled, 0);

  const system = initial[0]!;
  for (const lang of ['en', 'zh'] as const) {
    const refused = await api('DELETE', '/api/crons/views', { payload: [shop.id, system.id], lang });
    assert.equal(refused.status, 400);
    assert.equal(
      refused.body.message,
      lang === 'en' ? 'The built-in view "全部任务" cannot be deleted' : '系统视图“全部任务”不能删除',
    );
  }
  assert.equal((await views()).length, 3, 'nothing was deleted');
  assert.equal((await api('DELETE', '/api/crons/views', { payload: [shop.id] })).body.code, 200);
  assert.deepEqual(names(await views()), ['全部任务', 'money']);
});

test('view filters (Reg, NotReg, In, Nin; and/or) and sorts through queryString', async (t) => {
  const { api } = await setup(t);
  await create(api, { name: 'jd_sign', command: 'task jd_sign.js', labels: ['shop'], schedule: '1 1 * * *' });
  await create(api, { name: 'JD_farm', command: 'task jd_farm.py', labels: ['shop', 'farm'], schedule: '2 2 * * *' });
  const bank = await create(api, { name: 'bank', command: 'task bank.sh', labels: ['money'], schedule: '3 3 * * *' });
  await create(api, { name: 'misc', command: 'echo misc', schedule: '@once' });
  await api('PUT', '/api/crons/disable', { payload: [bank.id] });

  const view = async (filters: object[], extra: object = {}) =>
    names((await list(api, { queryString: { filters, ...extra } })).data).sort();
  const f = (property: string, operation: string, value: unknown) => ({ property, operation, value });

  assert.deepEqual(await view([f('name', 'Reg', '^jd_')]), ['JD_farm', 'jd_sign'], 'Reg is case-insensitive');
  assert.deepEqual(await view([f('command', 'Reg', '\\.(js|py)$')]), ['JD_farm', 'jd_sign']);
  assert.deepEqual(await view([f('name', 'NotReg', 'jd')]), ['bank', 'misc']);
  assert.deepEqual(await view([f('labels', 'Reg', '^far')]), ['JD_farm'], 'Reg on labels matches each label');
  assert.deepEqual(await view([f('labels', 'In', ['shop'])]), ['JD_farm', 'jd_sign']);
  assert.deepEqual(await view([f('labels', 'Nin', ['shop'])]), ['bank', 'misc']);
  assert.deepEqual(await view([f('schedule', 'In', ['@once', '3 3 * * *'])]), ['bank', 'misc']);
  assert.deepEqual(await view([f('status', 'In', [CronStatus.disabled])]), ['bank']);
  assert.deepEqual(await view([f('status', 'Nin', [CronStatus.disabled])]), ['JD_farm', 'jd_sign', 'misc']);
  assert.deepEqual(await view([f('status', 'In', [CronStatus.idle])]), ['JD_farm', 'jd_sign', 'misc']);
  assert.deepEqual(await view([f('sub_id', 'Nin', [5])]), ['JD_farm', 'bank', 'jd_sign', 'misc']);
  assert.deepEqual(await view([f('sub_id', 'In', [5])]), []);
  assert.deepEqual(await view([f('name', 'Reg', 'jd'), f('labels', 'In', ['farm'])]), ['JD_farm'], 'and');
  assert.deepEqual(
    await view([f('name', 'Reg', '^bank$'), f('labels', 'In', ['farm'])], { filterRelation: 'or' }),
    ['JD_farm', 'bank'],
    'or',
  );
  // The view's filters combine with the search.
  const searched = await list(api, { searchValue: 'sign', queryString: { filters: [f('name', 'Reg', 'jd')] } });
  assert.deepEqual(names(searched.data), ['jd_sign']);

  const sorted = await list(api, {
    queryString: { filters: [], sorts: [{ property: 'schedule', type: 'DESC' }] },
  });
  // '@' sorts after digits.
  assert.deepEqual(names(sorted.data), ['misc', 'bank', 'JD_farm', 'jd_sign']);
  const sorterFirst = await list(api, {
    sorter: { field: 'name', type: 'descend' },
    queryString: { sorts: [{ property: 'schedule', type: 'DESC' }] },
  });
  assert.deepEqual(names(sorterFirst.data), ['misc', 'jd_sign', 'bank', 'JD_farm']);

  for (const pattern of ['(unclosed', '(a)\\1', 'x'.repeat(201)]) {
    const res = await api(
      'GET',
      `/api/crons?queryString=${encodeURIComponent(JSON.stringify({ filters: [f('name', 'Reg', pattern)] }))}`,
    );
    assert.equal(res.status, 400, pattern.slice(0, 20));
    assert.equal(res.body.message, 'Validation failed');
    assert.equal(res.body.errors?.[0]?.field, 'queryString');
  }
  // A pattern that would take a backtracking engine forever runs in linear time.
  await create(api, { name: 'a'.repeat(150), command: 'a'.repeat(3000) });
  const started = performance.now();
  assert.deepEqual(await view([f('command', 'Reg', '^(a+)+$b')]), []);
  assert.deepEqual(await view([f('command', 'Reg', '^(a|aa)*c$')]), []);
  assert.ok(performance.now() - started < 1000, 'catastrophic patterns stay fast');
  const unknown = await api(
    'GET',
    `/api/crons?queryString=${encodeURIComponent(JSON.stringify({ filters: [f('pid', 'In', [1])] }))}`,
  );
  assert.equal(unknown.status, 400);
});

test('static paths are not taken for ids; the import answers an array', async (t) => {
  const { api } = await setup(t);
  assert.equal((await api('GET', '/api/crons/views')).body.code, 200);
  const imported = await api('GET', '/api/crons/import');
  assert.equal(imported.body.code, 200);
  assert.ok(Array.isArray(imported.body.data));
  // Qinglong answers a log path no task has with 200 and no data (issue #11); its clients test data, not code.
  const detail = await api('GET', '/api/crons/detail?log_path=nothing/here.log');
  assert.equal(detail.status, 200);
  assert.equal(detail.body.data, null);
  assert.equal((await api('GET', '/api/crons/abc')).status, 400, 'a non-numeric id fails validation');
});

async function waitForRun(api: Api, id: number, done: (runs: CronRun[]) => boolean): Promise<CronRun[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const runs = (await api('GET', `/api/crons/${id}/instances`)).body.data as CronRun[];
    if (done(runs)) return runs;
    if (Date.now() > deadline) throw new Error(`run did not finish: ${JSON.stringify(runs)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test('run: a manual run writes a run row and a log; detail by log_path; stop of an idle task is a no-op, of an ended run says so', async (t) => {
  const { api } = await setup(t);
  const task = await create(api, { name: 'hello', command: 'echo hello' });
  // Stopping a task that is not running leaves it where a stop would: 200, as Qinglong (issue #11).
  const idleStop = await api('PUT', '/api/crons/stop', { payload: [task.id] });
  assert.equal(idleStop.status, 200);
  assert.equal(idleStop.body.code, 200);

  assert.equal((await api('PUT', '/api/crons/run', { payload: [task.id] })).body.code, 200);
  const runs = await waitForRun(api, task.id, (r) => r[0]?.status === RunStatus.finished);
  assert.equal(runs.length, 1);
  assert.equal(runs[0]!.exit_code, 0);
  assert.equal(runs[0]!.trigger, 'manual');
  // The task row is updated when the run ends; wait for it to be idle again.
  let row = (await api('GET', `/api/crons/${task.id}`)).body.data as Cron;
  for (let i = 0; i < 100 && row.status !== CronStatus.idle; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    row = (await api('GET', `/api/crons/${task.id}`)).body.data as Cron;
  }
  assert.ok(row.log_path, 'the task points at its log');

  const log = await api('GET', `/api/crons/${task.id}/log`);
  assert.equal(log.body.code, 200);
  assert.equal((log.body as unknown as { logStatus: string }).logStatus, LogStatus.completed);
  assert.match(String(log.body.data), /hello/);

  const files = (await api('GET', `/api/crons/${task.id}/logs`)).body.data as { filename: string; directory: string }[];
  assert.equal(files.length, 1);
  assert.equal(`${files[0]!.directory}/${files[0]!.filename}`, row.log_path);

  const detail = await api('GET', `/api/crons/detail?log_path=${encodeURIComponent(row.log_path!)}`);
  assert.equal((detail.body.data as Cron).id, task.id);

  const stopDone = await api('POST', `/api/crons/${task.id}/instances/${runs[0]!.id}/stop`);
  assert.equal(stopDone.status, 400);
  assert.equal(stopDone.body.message, 'Task not running');
});

test('a long log answers its last 2 MB with a first line that says so', async (t) => {
  const { api, dataDir } = await setup(t);
  const task = await create(api, { name: 'big', command: 'echo big' });
  await api('PUT', '/api/crons/run', { payload: [task.id] });
  await waitForRun(api, task.id, (r) => r[0]?.status === RunStatus.finished);
  let row = (await api('GET', `/api/crons/${task.id}`)).body.data as Cron;
  for (let i = 0; i < 100 && (!row.log_path || row.status !== CronStatus.idle); i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    row = (await api('GET', `/api/crons/${task.id}`)).body.data as Cron;
  }
  const file = path.join(dataDir, 'log', row.log_path!);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${'old line\n'.repeat(300_000)}the end\n`);
  const log = await api('GET', `/api/crons/${task.id}/log`);
  const text = String(log.body.data);
  assert.match(text.split('\n')[0]!, /^\[The log is 2\.6 MB; the first 0\.\d MB are not shown here\]$/);
  assert.ok(text.endsWith('the end\n'));
  assert.ok(Buffer.byteLength(text) <= 2 * 1024 * 1024 + 200);
});

test('stop: a running task is stopped through PUT /stop and through its instance; the log says running meanwhile', async (t) => {
  const { api } = await setup(t);
  const task = await create(api, { name: 'sleeper', command: 'echo started; sleep 30' });
  await api('PUT', '/api/crons/run', { payload: [task.id] });
  const running = await waitForRun(api, task.id, (r) => r[0]?.status === RunStatus.running);
  let log = await api('GET', `/api/crons/${task.id}/log`);
  for (let i = 0; i < 100 && !String(log.body.data).includes('started'); i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    log = await api('GET', `/api/crons/${task.id}/log`);
  }
  assert.equal((log.body as unknown as { logStatus: string }).logStatus, LogStatus.running);
  assert.match(String(log.body.data), /started/);
  const stopped = await api('POST', `/api/crons/${task.id}/instances/${running[0]!.id}/stop`);
  assert.equal(stopped.body.code, 200, JSON.stringify(stopped.body));
  const ended = await waitForRun(api, task.id, (r) => r[0]?.status === RunStatus.stopped);
  assert.equal(ended[0]!.id, running[0]!.id);

  await api('PUT', '/api/crons/run', { payload: [task.id] });
  await waitForRun(api, task.id, (r) => r.length === 2 && r[0]?.status === RunStatus.running);
  assert.equal((await api('PUT', '/api/crons/stop', { payload: [task.id] })).body.code, 200);
  const runs = await waitForRun(api, task.id, (r) => r[0]?.status === RunStatus.stopped);
  assert.deepEqual(
    runs.map((r) => r.status),
    [RunStatus.stopped, RunStatus.stopped],
    'instances are listed newest first',
  );
  const limited = (await api('GET', `/api/crons/${task.id}/instances?limit=1`)).body.data as CronRun[];
  assert.equal(limited.length, 1);
});
