/**
 * Conformance, dependencies: add (a batch), list by type and status, read with its log, edit, reinstall, cancel,
 * delete and force-delete. The Python mirror points at a local index that has nothing, so installs fail at once
 * without the network. Tier: integration (real pip).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startRecorder } from '../../helpers/recorder.ts';
import { list, ok, shaped } from './client.ts';
import { conformanceSetup, eventually } from './setup.ts';

interface Dependence {
  id: number;
  name: string;
  type: number;
  status: number;
  log?: unknown;
}
/** Qinglong's DependenceStatus: installing 0, installed 1, installFailed 2, removing 3, removed 4. */
const installFailed = 2;
const python3 = 1;

test('dependencies: add, list, read, edit, reinstall, cancel, delete, force-delete', async (t) => {
  const { client } = await conformanceSetup(t);
  const index = await startRecorder(t, () => ({ status: 404, body: 'not here' }));
  ok(await client.put('/system/config/python-mirror', { pythonMirror: `${index.url}/simple` }), 'python-mirror');

  const added = list<Dependence>(
    await client.post('/dependencies', [{ name: 'baihu-conformance-absent', type: python3, remark: 'from a client' }]),
    'POST /dependencies',
  );
  assert.equal(added.length, 1);
  const dep = added[0]!;
  shaped(dep, { id: 'number', name: 'string', type: 'number', status: 'number' }, 'dependency');
  await eventually(
    async () => {
      const current = ok<Dependence>(await client.get(`/dependencies/${dep.id}`), 'GET /dependencies/:id');
      return current.status === installFailed ? current : undefined;
    },
    'the install to fail',
    60_000,
  );

  const byType = list<Dependence>(await client.get('/dependencies', { type: 'python3' }), 'GET /dependencies?type');
  assert.deepEqual(
    byType.map((d) => d.id),
    [dep.id],
  );
  assert.equal(list(await client.get('/dependencies', { type: 'nodejs' })).length, 0);
  assert.equal(
    list(await client.get('/dependencies', { searchValue: 'conformance', status: `${installFailed}` })).length,
    1,
  );

  ok(
    await client.put('/dependencies', { id: dep.id, name: 'baihu-conformance-absent2', type: python3, remark: '' }),
    'PUT /dependencies',
  );
  ok(await client.put('/dependencies/reinstall', [dep.id]), 'PUT /dependencies/reinstall');
  ok(await client.put('/dependencies/cancel', [dep.id]), 'PUT /dependencies/cancel');
  await eventually(
    async () => {
      const current = ok<Dependence>(await client.get(`/dependencies/${dep.id}`));
      return current.status !== 0 && current.status !== 6 ? current : undefined;
    },
    'the install to settle',
    60_000,
  );

  const second = list<Dependence>(await client.post('/dependencies', [{ name: 'baihu-second', type: python3 }]))[0]!;
  ok(await client.delete('/dependencies/force', [second.id]), 'DELETE /dependencies/force');
  ok(await client.delete('/dependencies', [dep.id]), 'DELETE /dependencies');
  await eventually(
    async () =>
      list<Dependence>(await client.get('/dependencies')).some((d) => d.id === dep.id && d.status < 3)
        ? undefined
        : true,
    'the removal',
    60_000,
  );
});
