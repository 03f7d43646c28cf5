/**
 * Conformance, subscriptions: create a single-file subscription served by a local HTTP server, pull it, read its log
 * and log files, stop it when idle, disable/enable, the status report, edit, force-delete. Tier: integration.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startRecorder } from '../../helpers/recorder.ts';
import { list, ok, shaped } from './client.ts';
import { conformanceSetup, eventually } from './setup.ts';

interface Subscription {
  id: number;
  name: string;
  status: number;
  is_disabled: number;
  log_path: string | null;
}
const idle = 1;

test('subscriptions: create, pull, log, logs, stop when idle, disable/enable, status report, edit, delete', async (t) => {
  const { client } = await conformanceSetup(t);
  const server = await startRecorder(t, () => ({ body: "console.log('from a subscription');\n" }));
  const created = ok<Subscription>(
    await client.post('/subscriptions', {
      name: 'single file',
      type: 'file',
      url: `${server.url}/sign_in.js`,
      alias: 'single_file',
      schedule_type: 'crontab',
      schedule: '0 0 1 1 *',
      autoAddCron: false,
      autoDelCron: false,
    }),
    'POST /subscriptions',
  );
  shaped(
    created,
    { id: 'number', name: 'string', type: 'string', url: 'string', alias: 'string', status: 'number' },
    'subscription',
  );
  const all = list<Subscription>(await client.get('/subscriptions'), 'GET /subscriptions');
  assert.deepEqual(
    all.map((s) => s.id),
    [created.id],
  );
  assert.equal(list<Subscription>(await client.get('/subscriptions', { searchValue: 'nothing' })).length, 0);
  shaped(ok(await client.get(`/subscriptions/${created.id}`), 'GET /subscriptions/:id'), { id: 'number' }, 'one');

  ok(await client.put('/subscriptions/run', [created.id]), 'PUT /subscriptions/run');
  await eventually(async () => {
    const current = ok<Subscription>(await client.get(`/subscriptions/${created.id}`));
    return current.status === idle && server.requests.length > 0 ? current : undefined;
  }, 'the pull to end');
  const log = await client.get(`/subscriptions/${created.id}/log`);
  assert.equal(typeof ok(log, 'GET /subscriptions/:id/log'), 'string');
  assert.ok(Array.isArray(ok(await client.get(`/subscriptions/${created.id}/logs`), 'GET /subscriptions/:id/logs')));

  ok(await client.put('/subscriptions/stop', [created.id]), 'PUT /subscriptions/stop on an idle subscription');
  ok(await client.put('/subscriptions/disable', [created.id]), 'PUT /subscriptions/disable');
  assert.equal(ok<Subscription>(await client.get(`/subscriptions/${created.id}`)).is_disabled, 1);
  ok(await client.put('/subscriptions/enable', [created.id]), 'PUT /subscriptions/enable');
  assert.equal(ok<Subscription>(await client.get(`/subscriptions/${created.id}`)).is_disabled, 0);

  // Qinglong's shell reports a pull's state; accepted as it sends it.
  ok(
    await client.put('/subscriptions/status', { ids: [created.id], status: String(idle), pid: '', log_path: '' }),
    'PUT /subscriptions/status',
  );

  const edited = ok<Subscription>(
    await client.put('/subscriptions', {
      id: created.id,
      name: 'renamed',
      type: 'file',
      url: `${server.url}/sign_in.js`,
      alias: 'single_file',
      schedule_type: 'crontab',
      schedule: '0 0 2 1 *',
    }),
    'PUT /subscriptions',
  );
  assert.equal(edited.name, 'renamed');

  const removed = await client.request('DELETE', '/subscriptions', { body: [created.id], query: { force: 'true' } });
  ok(removed, 'DELETE /subscriptions?force=true');
  assert.equal(list(await client.get('/subscriptions')).length, 0);
});
