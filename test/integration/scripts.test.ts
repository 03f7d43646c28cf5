import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import WebSocket from 'ws';
import type { ServerMessage } from '../../daemon/src/contract/live.ts';
import { call, signedIn } from '../helpers/app.ts';
import { processesWithMarker, waitFor } from '../helpers/tasks.ts';
import { multipart } from '../helpers/files.ts';

interface Node {
  title: string;
  key: string;
  type: string;
  parent: string;
  size: number;
  children?: Node[];
}

test('scripts: tree hides dependencies and lock files; ?path= lists one level', async (t) => {
  const { app, token, dataDir } = await signedIn(t);
  const scripts = path.join(dataDir, 'scripts');
  for (const dir of ['node_modules/x', '.git', '__pycache__', 'repo/sub'])
    mkdirSync(path.join(scripts, dir), { recursive: true });
  for (const file of [
    'a.js',
    'yarn.lock',
    'package-lock.json',
    'pnpm-lock.yaml',
    'a.swap.js',
    'repo/b.py',
    'repo/sub/c.sh',
  ]) {
    writeFileSync(path.join(scripts, file), 'x');
  }
  const whole = await call(app, 'GET', '/api/scripts', { token });
  assert.equal(whole.status, 200);
  // notify.py and sendNotify.js are installed by the daemon itself.
  const ours = (nodes: Node[]) => nodes.filter((n) => !['notify.py', 'sendNotify.js'].includes(n.title));
  const top = ours(whole.body.data as Node[]);
  assert.deepEqual(
    top.map((n) => n.title),
    ['repo', 'a.js'],
    'folders first, hidden entries left out',
  );
  const repo = top[0]!;
  assert.equal(repo.type, 'directory');
  assert.deepEqual(
    repo.children!.map((n) => [n.key, n.parent]),
    [
      ['repo/sub', 'repo'],
      ['repo/b.py', 'repo'],
    ],
  );
  assert.equal(repo.children![0]!.children![0]!.key, 'repo/sub/c.sh');

  const level = await call(app, 'GET', '/api/scripts?path=repo', { token });
  const nodes = level.body.data as Node[];
  assert.deepEqual(
    nodes.map((n) => n.key),
    ['repo/sub', 'repo/b.py'],
  );
  assert.equal(nodes[0]!.children, undefined, 'one level: no children');
  const root = await call(app, 'GET', '/api/scripts?path=', { token });
  assert.deepEqual(
    ours(root.body.data as Node[]).map((n) => n.key),
    ['repo', 'a.js'],
  );
  const missing = await call(app, 'GET', '/api/scripts?path=nope', { token });
  assert.equal(missing.status, 404);
});

test('scripts: create, read, save, rename, mkdir, upload, download, delete', async (t) => {
  const { app, token, dataDir } = await signedIn(t);
  const scripts = path.join(dataDir, 'scripts');
  const ok = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
    const res = await call(app, method, url, { token, payload });
    assert.equal(res.status, 200, `${method} ${url}: ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  await ok('POST', '/api/scripts', { directory: 'tools', path: '' });
  assert.ok(existsSync(path.join(scripts, 'tools')));
  const again = await call(app, 'POST', '/api/scripts', { token, payload: { directory: 'tools' } });
  assert.equal(again.status, 409);

  await ok('POST', '/api/scripts', { filename: 'hello.js', path: 'tools', content: 'console.log(1)' });
  const exists = await call(app, 'POST', '/api/scripts', {
    token,
    payload: { filename: 'hello.js', path: 'tools', content: '' },
  });
  assert.equal(exists.status, 409, 'create never overwrites');
  assert.equal(await ok('GET', '/api/scripts/detail?path=tools&file=hello.js'), 'console.log(1)');
  assert.equal(await ok('GET', '/api/scripts/hello.js?path=tools'), 'console.log(1)');

  await ok('PUT', '/api/scripts', { filename: 'hello.js', path: 'tools', content: 'console.log(2)' });
  assert.equal(readFileSync(path.join(scripts, 'tools', 'hello.js'), 'utf8'), 'console.log(2)');
  assert.equal(readdirSync(path.join(dataDir, 'bak', 'tools')).length, 1, 'old content backed up');

  const slashes = await call(app, 'PUT', '/api/scripts', {
    token,
    payload: { filename: 'a/b.js', path: '', content: '' },
  });
  assert.equal(slashes.status, 400);
  assert.equal(slashes.body.message, 'File name cannot contain slashes');
  assert.deepEqual(slashes.body.errors, [{ field: 'filename', message: 'File name cannot contain slashes' }]);
  const renameSlash = await call(app, 'PUT', '/api/scripts/rename', {
    token,
    payload: { filename: 'hello.js', path: 'tools', newFilename: 'x/y.js' },
  });
  assert.equal(renameSlash.body.message, 'File name cannot contain slashes');

  await ok('PUT', '/api/scripts/rename', { filename: 'hello.js', path: 'tools', newFilename: 'hi.js' });
  assert.ok(existsSync(path.join(scripts, 'tools', 'hi.js')));
  assert.ok(!existsSync(path.join(scripts, 'tools', 'hello.js')));

  const upload = multipart({ path: 'tools' }, { field: 'file', name: '上传.py', content: 'print("up")\n' });
  const up = await call(app, 'POST', '/api/scripts', { token, payload: upload.payload, headers: upload.headers });
  assert.equal(up.status, 200, JSON.stringify(up.body));
  assert.equal(readFileSync(path.join(scripts, 'tools', '上传.py'), 'utf8'), 'print("up")\n');

  const download = await app.inject({
    method: 'POST',
    url: '/api/scripts/download',
    headers: { authorization: `Bearer ${token}` },
    payload: { filename: '上传.py', path: 'tools' },
  });
  assert.equal(download.statusCode, 200);
  assert.equal(download.body, 'print("up")\n');
  assert.match(
    String(download.headers['content-disposition']),
    /^attachment; filename="__\.py"; filename\*=UTF-8''%E4%B8%8A/,
  );

  writeFileSync(path.join(scripts, 'tools', 'bin.dat'), Buffer.from([1, 0, 2]));
  const binary = await call(app, 'GET', '/api/scripts/detail?path=tools&file=bin.dat', { token });
  assert.equal(binary.status, 400);
  assert.match(binary.body.message!, /not a text file/);

  await ok('DELETE', '/api/scripts', { filename: 'hi.js', path: 'tools' });
  assert.ok(!existsSync(path.join(scripts, 'tools', 'hi.js')));
  await ok('DELETE', '/api/scripts', { filename: 'tools', path: '', type: 'directory' });
  assert.ok(!existsSync(path.join(scripts, 'tools')), 'folders are removed with what they hold');
  const gone = await call(app, 'DELETE', '/api/scripts', { token, payload: { filename: 'tools', path: '' } });
  assert.equal(gone.status, 404);
});

/** Collects a topic's output over the WebSocket until its end message. */
async function follow(url: string, topic: string) {
  const socket = new WebSocket(url);
  const messages: ServerMessage[] = [];
  socket.on('message', (raw) => messages.push(JSON.parse(String(raw)) as ServerMessage));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ type: 'subscribe', topic, offset: 0 }));
  const text = () =>
    Buffer.concat(messages.flatMap((m) => (m.type === 'chunk' ? [Buffer.from(m.data, 'base64')] : []))).toString();
  return { socket, messages, text };
}

test('debug run: python and node scripts stream over the live topic and end with exit code and duration', async (t) => {
  const { app, token, dataDir } = await signedIn(t);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const wsUrl = `${address.replace('http', 'ws')}/api/ws?token=${token}`;
  mkdirSync(path.join(dataDir, 'scripts', 'dbg'));
  writeFileSync(path.join(dataDir, 'scripts', 'dbg', 'saved.py'), 'print("the saved version")\n');

  const cases = [
    {
      filename: 'saved.py',
      content: 'import sys\nprint("py line 1")\nprint("py 中文")\nsys.exit(3)\n',
      expect: /py 中文/,
      code: 3,
    },
    {
      filename: 'fresh.js',
      content: 'console.log("node says hi"); console.log(process.env.QL_DATA_DIR ? "env ok" : "no env")',
      expect: /env ok/,
      code: 0,
    },
  ];
  for (const c of cases) {
    const res = await call(app, 'PUT', '/api/scripts/run', {
      token,
      payload: { filename: c.filename, path: 'dbg', content: c.content },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    // `data` is the pid, as Qinglong answers; the run's id, topic and log sit beside it.
    const started = res.body as unknown as { runId: string; pid: number; topic: string; log: string };
    assert.equal(res.body.data, started.pid);
    assert.equal(started.topic, `debug:${started.runId}`);
    const client = await follow(wsUrl, started.topic);
    const end = await waitFor(() => client.messages.find((m) => m.type === 'end'), 15_000, 'end message');
    client.socket.close();
    assert.ok(end.type === 'end');
    assert.match(client.text(), c.expect);
    assert.equal(end.exitCode, c.code);
    assert.equal(end.end, c.code === 0 ? 'success' : 'failed');
    assert.equal(typeof end.durationMs, 'number');
    assert.match(started.log, /^dbg_(saved|fresh)\.swap\//, 'logged under the script folder name');
    assert.equal(readFileSync(path.join(dataDir, 'log', started.log), 'utf8'), client.text());
  }
  assert.equal(
    readFileSync(path.join(dataDir, 'scripts', 'dbg', 'saved.py'), 'utf8'),
    'print("the saved version")\n',
    'the saved script is untouched',
  );
  await waitFor(
    () => !readdirSync(path.join(dataDir, 'scripts', 'dbg')).some((f) => f.includes('.swap')),
    5000,
    'swap files removed',
  );
});

test('debug run: stop ends a sleeping script and leaves no process with its marker', async (t) => {
  const { app, token } = await signedIn(t);
  const res = await call(app, 'PUT', '/api/scripts/run', {
    token,
    payload: { filename: 'sleepy.sh', path: '', content: 'echo going to sleep\nsleep 30\n' },
  });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  const started = res.body as unknown as { runId: string; marker: string };
  await waitFor(() => processesWithMarker(started.marker).length > 0, 5000, 'the run to start');
  const logs = await call(app, 'GET', '/api/logs/detail?path=sleepy.swap&file=' + started.runId, { token });
  assert.equal(logs.status, 404);
  const stop = await call(app, 'PUT', '/api/scripts/stop', { token, payload: { runId: started.runId } });
  assert.equal(stop.status, 200);
  assert.equal(stop.body.data, 1);
  assert.deepEqual(processesWithMarker(started.marker), []);
  const state = await app.ctx.live.state(`debug:${started.runId}`);
  assert.equal(state?.ended?.end, 'stopped');

  // Qinglong's body: {filename, path, pid}.
  const second = await call(app, 'PUT', '/api/scripts/run', {
    token,
    payload: { filename: 'sleepy.sh', path: '', content: 'sleep 30\n' },
  });
  const again = { pid: second.body.data as number, marker: (second.body as unknown as { marker: string }).marker };
  const byName = await call(app, 'PUT', '/api/scripts/stop', {
    token,
    payload: { filename: 'sleepy.sh', path: '', pid: again.pid },
  });
  assert.equal(byName.body.data, 1);
  assert.deepEqual(processesWithMarker(again.marker), []);
});
