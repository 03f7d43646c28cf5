/**
 * Conformance, envs: the calls cookie-sync scripts and Qinglong clients make on /open/envs — list and search, batch
 * create, edit, move, enable/disable, pin, rename many, labels, upload, delete. Tier: integration.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { list, ok, refused, shaped } from './client.ts';
import { conformanceSetup } from './setup.ts';

interface Env {
  id: number;
  name: string;
  value: string;
  remarks: string | null;
  status: number;
  position: number;
  isPinned?: number;
  labels?: string[];
}

const envFields = { id: 'number', name: 'string', value: 'string', status: 'number', position: 'number' } as const;

test('envs: the cookie-sync round trip — token, search by name, update the value or create it', async (t) => {
  const { client } = await conformanceSetup(t);
  // What community cookie-sync scripts do: find JD_COOKIE by name, then update it in place or add it.
  const search = async (name: string) =>
    list<Env>(await client.get('/envs', { searchValue: name }), 'GET /envs?searchValue').filter((e) => e.name === name);
  assert.deepEqual(await search('JD_COOKIE'), []);
  const created = list<Env>(
    await client.post('/envs', [{ name: 'JD_COOKIE', value: 'pt_key=1;pt_pin=a;', remarks: 'phone' }]),
    'POST /envs',
  );
  assert.equal(created.length, 1);
  shaped(created[0], envFields, 'created variable');
  const [found] = await search('JD_COOKIE');
  assert.ok(found);
  const updated = ok<Env>(
    await client.put('/envs', { id: found.id, name: 'JD_COOKIE', value: 'pt_key=2;pt_pin=a;', remarks: 'phone' }),
    'PUT /envs',
  );
  assert.equal(updated.value, 'pt_key=2;pt_pin=a;');
  shaped(ok(await client.get(`/envs/${found.id}`), 'GET /envs/:id'), envFields, 'one variable');
  refused(await client.post('/envs', [{ name: '1BAD', value: 'x' }]), 400, 'a bad name');
});

test('envs: move, enable/disable, pin, rename many, labels, upload, delete', async (t) => {
  const { client } = await conformanceSetup(t);
  const rows = list<Env>(
    await client.post('/envs', [
      { name: 'A', value: '1' },
      { name: 'B', value: '2' },
      { name: 'C', value: '3' },
    ]),
  );
  const ids = rows.map((r) => r.id);
  const names = async () => list<Env>(await client.get('/envs')).map((e) => e.name);

  const moved = ok<Env>(await client.put(`/envs/${ids[2]}/move`, { fromIndex: 2, toIndex: 0 }), 'PUT /envs/:id/move');
  shaped(moved, envFields, 'moved variable');
  assert.deepEqual(await names(), ['C', 'A', 'B']);

  ok(await client.put('/envs/disable', [ids[0]]), 'PUT /envs/disable');
  assert.equal(ok<Env>(await client.get(`/envs/${ids[0]}`)).status, 1);
  ok(await client.put('/envs/enable', [ids[0]]), 'PUT /envs/enable');
  assert.equal(ok<Env>(await client.get(`/envs/${ids[0]}`)).status, 0);
  ok(await client.put('/envs/pin', [ids[1]]), 'PUT /envs/pin');
  assert.equal((await names())[0], 'B');
  ok(await client.put('/envs/unpin', [ids[1]]), 'PUT /envs/unpin');

  ok(await client.put('/envs/name', { ids: [ids[0], ids[1]], name: 'MERGED' }), 'PUT /envs/name');
  assert.deepEqual((await names()).filter((n) => n === 'MERGED').length, 2);

  ok(await client.post('/envs/labels', { ids, labels: ['jd'] }), 'POST /envs/labels');
  assert.deepEqual(ok<Env>(await client.get(`/envs/${ids[2]}`)).labels, ['jd']);
  ok(await client.delete('/envs/labels', { ids, labels: ['jd'] }), 'DELETE /envs/labels');
  assert.deepEqual(ok<Env>(await client.get(`/envs/${ids[2]}`)).labels, []);

  // Upload: a multipart `env` field holding Qinglong's export file.
  const form = new FormData();
  const file = JSON.stringify([{ name: 'UPLOADED', value: 'u', remarks: 'from a file', labels: ['x'] }]);
  form.append('env', new Blob([file], { type: 'application/json' }), 'env.json');
  const uploaded = await client.request('POST', '/envs/upload', { raw: form, contentType: null });
  const added = list<Env>(uploaded, 'POST /envs/upload');
  assert.deepEqual(
    added.map((e) => e.name),
    ['UPLOADED'],
  );

  ok(await client.delete('/envs', [...ids, added[0]!.id]), 'DELETE /envs');
  assert.deepEqual(await names(), []);
});
