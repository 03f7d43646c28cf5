/**
 * Conformance, the file areas: configs (samples, files, detail, save), scripts (tree, read, save, folder, rename,
 * download, debug run and stop, delete) and logs (tree, detail with logStatus, read, download, delete), called as a
 * Qinglong client calls them — downloads included in the bodies clients send. Tier: integration.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { list, ok, shaped } from './client.ts';
import { conformanceSetup, eventually } from './setup.ts';

interface FileNode {
  title: string;
  key: string;
  type: 'file' | 'directory';
  children?: FileNode[];
}

test('configs: samples, files, detail by path and by name, save', async (t) => {
  const { client } = await conformanceSetup(t);
  const samples = list<Record<string, unknown>>(await client.get('/configs/samples'), 'GET /configs/samples');
  assert.ok(samples.length > 0);
  const files = list<{ title: string; value: string }>(await client.get('/configs/files'), 'GET /configs/files');
  assert.ok(
    files.some((f) => f.title === 'config.sh'),
    'config.sh is listed',
  );
  const content = ok<string>(await client.get('/configs/detail', { path: 'config.sh' }), 'GET /configs/detail');
  assert.equal(typeof content, 'string');
  assert.equal(ok<string>(await client.get('/configs/config.sh'), 'GET /configs/:file'), content);
  ok(
    await client.post('/configs/save', { name: 'config.sh', content: `${content}\nexport FROM_CLIENT=1\n` }),
    'POST /configs/save',
  );
  assert.match(ok<string>(await client.get('/configs/config.sh')), /FROM_CLIENT=1/);
});

test('scripts: tree, save, folder, read, update, rename, download (JSON, text and form bodies), run, stop, delete', async (t) => {
  const { client } = await conformanceSetup(t);
  ok(await client.post('/scripts', { directory: 'client', filename: 'client' }), 'POST /scripts {directory}');
  ok(
    await client.post('/scripts', {
      filename: 'hello.js',
      path: 'client',
      content: "console.log('hello from a script')\n",
    }),
    'POST /scripts {filename, content}',
  );
  const tree = list<FileNode>(await client.get('/scripts'), 'GET /scripts');
  const folder = tree.find((n) => n.title === 'client');
  assert.equal(folder?.type, 'directory');
  assert.ok(
    folder.children?.some((n) => n.title === 'hello.js'),
    'the whole tree without ?path',
  );
  const level = list<FileNode>(await client.get('/scripts', { path: 'client' }), 'GET /scripts?path');
  assert.deepEqual(
    level.map((n) => n.title),
    ['hello.js'],
  );
  shaped(level[0], { title: 'string', key: 'string', type: 'string' }, 'file node');

  assert.match(ok<string>(await client.get('/scripts/detail', { path: 'client', file: 'hello.js' })), /hello from/);
  assert.match(ok<string>(await client.get('/scripts/hello.js', { path: 'client' })), /hello from/);
  ok(
    await client.put('/scripts', { filename: 'hello.js', path: 'client', content: "console.log('updated')\n" }),
    'PUT /scripts',
  );
  ok(
    await client.put('/scripts/rename', { filename: 'hello.js', path: 'client', newFilename: 'greet.js' }),
    'PUT /scripts/rename',
  );

  // Download: JSON as Qinglong's UI sends it; JSON text without a JSON type (fetch's default for a string body);
  // a form body (curl -d, Python requests' data=).
  const bodies = [
    { raw: JSON.stringify({ filename: 'greet.js', path: 'client' }), contentType: 'application/json' },
    { raw: JSON.stringify({ filename: 'greet.js', path: 'client' }), contentType: 'text/plain;charset=UTF-8' },
    { raw: 'filename=greet.js&path=client', contentType: 'application/x-www-form-urlencoded' },
  ];
  for (const body of bodies) {
    const download = await client.request('POST', '/scripts/download', body);
    assert.equal(download.status, 200, `${body.contentType}: ${download.text.slice(0, 200)}`);
    assert.equal(download.text, "console.log('updated')\n", body.contentType);
  }

  // A debug run answers the run's pid in data (extra fields may stay), then stops with pid '' (Qinglong's form).
  const started = await client.put('/scripts/run', {
    filename: 'greet.js',
    path: 'client',
    content: 'setInterval(() => {}, 1000)\n',
  });
  const data = ok<unknown>(started, 'PUT /scripts/run');
  const pid = typeof data === 'number' ? data : (data as { pid: number }).pid;
  assert.ok(Number.isInteger(pid) && pid > 0, `a pid: ${JSON.stringify(data)}`);
  ok(
    await client.put('/scripts/stop', { filename: 'greet.js', path: 'client', pid: '' }),
    "PUT /scripts/stop {pid: ''}",
  );
  ok(await client.put('/scripts/stop', { filename: 'greet.js', path: 'client', pid }), 'PUT /scripts/stop when idle');

  ok(await client.delete('/scripts', { filename: 'greet.js', path: 'client' }), 'DELETE /scripts');
  assert.deepEqual(list(await client.get('/scripts', { path: 'client' })), []);
});

test('logs: tree, detail with logStatus beside data, read by name, download, delete', async (t) => {
  const { client } = await conformanceSetup(t);
  const task = ok<{ id: number }>(
    await client.post('/crons', { name: 'logger', command: 'echo log-line', schedule: '0 0 1 1 *' }),
  );
  ok(await client.put('/crons/run', [task.id]));
  const logPath = await eventually(async () => {
    const cron = ok<{ status: number; log_path: string | null }>(await client.get(`/crons/${task.id}`));
    return cron.status === 1 && cron.log_path ? cron.log_path : undefined;
  }, 'the run to end');
  const [dir, file] = [logPath.slice(0, logPath.lastIndexOf('/')), logPath.slice(logPath.lastIndexOf('/') + 1)];

  const tree = list<FileNode>(await client.get('/logs'), 'GET /logs');
  assert.ok(tree.some((n) => n.title === dir && n.type === 'directory'));
  const detail = await client.get('/logs/detail', { path: dir, file });
  assert.match(ok<string>(detail, 'GET /logs/detail'), /log-line/);
  assert.equal(typeof detail.json!.logStatus, 'string', 'logStatus at the top level (§13.1)');
  assert.match(ok<string>(await client.get(`/logs/${file}`, { path: dir }), 'GET /logs/:file'), /log-line/);

  for (const body of [
    { raw: JSON.stringify({ filename: file, path: dir }), contentType: 'application/json' },
    { raw: JSON.stringify({ filename: file, path: dir }), contentType: 'text/plain;charset=UTF-8' },
    {
      raw: new URLSearchParams({ filename: file, path: dir }).toString(),
      contentType: 'application/x-www-form-urlencoded',
    },
  ]) {
    const download = await client.request('POST', '/logs/download', body);
    assert.equal(download.status, 200, `${body.contentType}: ${download.text.slice(0, 200)}`);
    assert.match(download.text, /log-line/);
  }
  ok(await client.delete('/logs', { filename: file, path: dir }), 'DELETE /logs');
  assert.notEqual((await client.get('/logs/detail', { path: dir, file })).json?.logStatus, 'completed');
});
