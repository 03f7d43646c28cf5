/**
 * Conformance, crons: every call of Qinglong's /open/crons a client makes — tasks, runs and their logs, batch
 * actions, labels, the status report, the crontab import and views — as a client written from the reference sees
 * them. Tier: integration (a listening daemon, real runs).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { list, ok, refused, shaped } from './client.ts';
import { conformanceSetup, eventually } from './setup.ts';

interface Crontab {
  id: number;
  name: string;
  command: string;
  schedule: string;
  status: number;
  isDisabled: number;
  isPinned: number;
  labels: string[];
  log_path: string | null;
}

/** Qinglong's task statuses (CrontabStatus). */
const running = 0;
const idle = 1;

const crontabFields = {
  id: 'number',
  name: 'string',
  command: 'string',
  schedule: 'string',
  status: 'number',
  isDisabled: 'number',
  isPinned: 'number',
  isSystem: 'number',
  labels: 'array',
  pid: 'number|null',
  log_path: 'string|null',
  last_running_time: 'number|null',
  last_execution_time: 'number|null',
  sub_id: 'number|null',
  extra_schedules: 'array',
  task_before: 'string|null',
  task_after: 'string|null',
  createdAt: 'string',
  updatedAt: 'string',
} as const;

test('crons: create, list (paged, searched, filtered, by view query), read, edit, delete', async (t) => {
  const { client } = await conformanceSetup(t);
  const created = ok<Crontab>(
    await client.post('/crons', { name: 'hello', command: 'echo hello', schedule: '0 0 1 1 *', labels: ['daily'] }),
    'POST /crons',
  );
  shaped(created, crontabFields, 'created task');
  assert.deepEqual(created.labels, ['daily']);
  // Qinglong's name is optional (its QLAPI createCron sends none): the task is still created and named.
  const unnamed = ok<Crontab>(await client.post('/crons', { command: 'echo unnamed', schedule: '*/5 * * * *' }));
  assert.ok(unnamed.name.length > 0, 'a task without a name gets one');
  refused(await client.post('/crons', { name: 'bad', command: 'echo x', schedule: 'every day' }), 400, 'bad cron');

  const page = ok<{ data: Crontab[]; total: number }>(await client.get('/crons'), 'GET /crons');
  assert.ok(Array.isArray(page.data), 'GET /crons answers {data, total}');
  assert.equal(page.total, 2);
  const searched = ok<{ data: Crontab[]; total: number }>(
    await client.get('/crons', { searchValue: 'hello', page: 1, size: 10 }),
  );
  assert.deepEqual(
    searched.data.map((c) => c.id),
    [created.id],
  );
  const sorted = ok<{ data: Crontab[] }>(
    await client.get('/crons', {
      sorter: JSON.stringify({ field: 'name', type: 'descend' }),
      filters: JSON.stringify({ status: [idle] }),
    }),
  );
  assert.equal(sorted.data.length, 2);
  const byView = ok<{ data: Crontab[] }>(
    await client.get('/crons', {
      queryString: JSON.stringify({
        filters: [{ property: 'command', operation: 'Reg', value: 'unnamed' }],
        sorts: [],
        filterRelation: 'and',
      }),
    }),
  );
  assert.deepEqual(
    byView.data.map((c) => c.id),
    [unnamed.id],
  );

  shaped(ok(await client.get(`/crons/${created.id}`), 'GET /crons/:id'), crontabFields, 'one task');
  const edited = ok<Crontab>(
    await client.put('/crons', { id: created.id, name: 'hello again', command: 'echo hi', schedule: '0 0 2 1 *' }),
  );
  assert.equal(edited.name, 'hello again');
  assert.equal(edited.schedule, '0 0 2 1 *');

  ok(await client.delete('/crons', [created.id, unnamed.id]), 'DELETE /crons');
  assert.notEqual((await client.get(`/crons/${created.id}`)).json?.code, 200, 'a deleted task is gone');
  assert.equal(ok<{ total: number }>(await client.get('/crons')).total, 0);
});

test('crons: run, log with logStatus beside data, log files, detail by log path, stop, instances, status report', async (t) => {
  const { client } = await conformanceSetup(t);
  const task = ok<Crontab>(
    await client.post('/crons', { name: 'greet', command: 'echo conformance-run', schedule: '0 0 1 1 *' }),
  );
  ok(await client.put('/crons/run', [task.id]), 'PUT /crons/run');
  const done = await eventually(async () => {
    const current = ok<Crontab>(await client.get(`/crons/${task.id}`));
    return current.status === idle && current.log_path ? current : undefined;
  }, 'the run to end');

  const log = await client.get(`/crons/${task.id}/log`);
  assert.equal(typeof ok<string>(log, 'GET /crons/:id/log'), 'string');
  assert.match(log.json!.data as string, /conformance-run/);
  assert.equal(log.json!.logStatus, 'completed', 'logStatus sits beside data (§13.1)');

  const files = list<Record<string, unknown>>(await client.get(`/crons/${task.id}/logs`), 'GET /crons/:id/logs');
  assert.equal(files.length, 1);

  const found = ok<Crontab>(await client.get('/crons/detail', { log_path: done.log_path! }), 'GET /crons/detail');
  assert.equal(found.id, task.id);
  const unknown = await client.get('/crons/detail', { log_path: 'nobody/2020-01-01-00-00-00-000.log' });
  assert.equal(unknown.status, 200, 'Qinglong answers an unknown log path with 200');
  assert.equal(unknown.json?.code, 200);
  assert.equal(unknown.json?.data ?? null, null);

  // Stopping a task that is not running is a no-op success, as in Qinglong.
  ok(await client.put('/crons/stop', [task.id]), 'PUT /crons/stop on an idle task');
  assert.ok(Array.isArray(ok(await client.get(`/crons/${task.id}/instances`))), 'GET /crons/:id/instances');

  // A long run, stopped through its instance.
  const sleeper = ok<Crontab>(
    await client.post('/crons', { name: 'sleeper', command: 'sleep 30', schedule: '0 0 1 1 *' }),
  );
  ok(await client.put('/crons/run', [sleeper.id]));
  const instance = await eventually(async () => {
    const instances = ok<{ id: number; status: number }[]>(await client.get(`/crons/${sleeper.id}/instances`));
    return instances.find((i) => i.status === running);
  }, 'the sleeper to run');
  ok(await client.post(`/crons/${sleeper.id}/instances/${instance.id}/stop`), 'POST /crons/:id/instances/:iid/stop');
  await eventually(
    async () => (ok<Crontab>(await client.get(`/crons/${sleeper.id}`)).status === idle ? true : undefined),
    'the stopped run to end',
  );

  // task.sh's report (PUT /crons/status): accepted as Qinglong's shell sends it, strings included.
  const now = Math.floor(Date.now() / 1000);
  ok(
    await client.put('/crons/status', {
      ids: [task.id],
      status: String(idle),
      pid: '',
      log_path: done.log_path,
      last_running_time: 3,
      last_execution_time: now,
    }),
    'PUT /crons/status',
  );
  const reported = ok<Crontab & { last_running_time: number; last_execution_time: number }>(
    await client.get(`/crons/${task.id}`),
  );
  assert.equal(reported.status, idle);
});

test('crons: batch actions, labels and the crontab import', async (t) => {
  const { client } = await conformanceSetup(t);
  const a = ok<Crontab>(await client.post('/crons', { name: 'a', command: 'echo a', schedule: '0 0 1 1 *' }));
  const b = ok<Crontab>(await client.post('/crons', { name: 'b', command: 'echo b', schedule: '0 0 1 1 *' }));
  const ids = [a.id, b.id];
  const read = async (id: number) => ok<Crontab>(await client.get(`/crons/${id}`));

  ok(await client.put('/crons/disable', ids), 'PUT /crons/disable');
  assert.equal((await read(a.id)).isDisabled, 1);
  ok(await client.put('/crons/enable', ids), 'PUT /crons/enable');
  assert.equal((await read(a.id)).isDisabled, 0);
  ok(await client.put('/crons/pin', ids), 'PUT /crons/pin');
  assert.equal((await read(b.id)).isPinned, 1);
  ok(await client.put('/crons/unpin', ids), 'PUT /crons/unpin');
  assert.equal((await read(b.id)).isPinned, 0);

  ok(await client.post('/crons/labels', { ids, labels: ['night', 'jd'] }), 'POST /crons/labels');
  assert.deepEqual((await read(a.id)).labels.sort(), ['jd', 'night']);
  ok(await client.delete('/crons/labels', { ids, labels: ['jd'] }), 'DELETE /crons/labels');
  assert.deepEqual((await read(b.id)).labels, ['night']);

  assert.ok(Array.isArray(ok(await client.get('/crons/import'), 'GET /crons/import')));
});

test('crons: views — list, create, edit, move, disable, enable, delete', async (t) => {
  const { client } = await conformanceSetup(t);
  interface View {
    id: number;
    name: string;
    isDisabled?: number;
  }
  const before = list<View>(await client.get('/crons/views'), 'GET /crons/views');
  const filters = [{ property: 'name', operation: 'Reg', value: 'jd' }];
  const view = ok<View>(
    await client.post('/crons/views', { name: 'jd tasks', filters, sorts: [], filterRelation: 'and' }),
    'POST /crons/views',
  );
  shaped(view, { id: 'number', name: 'string' }, 'view');
  const second = ok<View>(await client.post('/crons/views', { name: 'other', filters: [], sorts: null }));
  const edited = ok<View>(
    await client.put('/crons/views', { id: view.id, name: 'jd only', filters, sorts: [], filterRelation: 'or' }),
    'PUT /crons/views',
  );
  assert.equal(edited.name, 'jd only');
  const views = list<View>(await client.get('/crons/views'));
  assert.equal(views.length, before.length + 2);
  const fromIndex = views.findIndex((v) => v.id === second.id);
  ok(await client.put('/crons/views/move', { id: second.id, fromIndex, toIndex: 0 }), 'PUT /crons/views/move');
  assert.equal(list<View>(await client.get('/crons/views'))[0]!.id, second.id);
  ok(await client.put('/crons/views/disable', [view.id]), 'PUT /crons/views/disable');
  assert.equal(list<View>(await client.get('/crons/views')).find((v) => v.id === view.id)?.isDisabled, 1);
  ok(await client.put('/crons/views/enable', [view.id]), 'PUT /crons/views/enable');
  ok(await client.delete('/crons/views', [view.id, second.id]), 'DELETE /crons/views');
  assert.equal(list<View>(await client.get('/crons/views')).length, before.length);
});
