import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { samplesDir } from '../../daemon/src/modules/configs/service.ts';
import { call, initAccount, login, signedIn, startApp, userDataDir } from '../helpers/app.ts';
import { addCron, runsOf, waitFor } from '../helpers/tasks.ts';

test('configs: missing files are created from the samples at start; existing ones are untouched', async (t) => {
  const dataDir = userDataDir(t);
  mkdirSync(path.join(dataDir, 'config'), { recursive: true });
  writeFileSync(path.join(dataDir, 'config', 'config.sh'), 'export MINE=1\n');
  const { app } = await startApp(t, { dataDir });
  await initAccount(app);
  const token = await login(app);
  assert.equal(readFileSync(path.join(dataDir, 'config', 'config.sh'), 'utf8'), 'export MINE=1\n');
  for (const name of ['extra.sh', 'task_before.sh', 'task_after.sh', 'task_before.js', 'task_before.py']) {
    assert.ok(existsSync(path.join(dataDir, 'config', name)), name);
  }
  writeFileSync(path.join(dataDir, 'config', 'token.json'), '{"value":"secret"}');
  writeFileSync(path.join(dataDir, 'config', 'env.sh'), 'export SECRET=1');
  writeFileSync(path.join(dataDir, 'config', '.hidden'), 'x');
  const files = await call(app, 'GET', '/api/configs/files', { token });
  assert.deepEqual(
    (files.body.data as { title: string; value: string }[]).map((f) => f.value),
    ['config.sh', 'extra.sh', 'task_after.sh', 'task_before.js', 'task_before.py', 'task_before.sh'],
  );
  const samples = await call(app, 'GET', '/api/configs/samples', { token });
  assert.deepEqual((samples.body.data as { title: string }[])[0], { title: 'config.sample.sh', value: 'config.sh' });
  const sample = await call(app, 'GET', `/api/configs/detail?path=${encodeURIComponent('sample/config.sample.sh')}`, {
    token,
  });
  assert.equal(sample.body.data, readFileSync(path.join(samplesDir, 'config.sample.sh'), 'utf8'));
  for (const key of [
    'AutoDelCron',
    'AutoAddCron',
    'DefaultCronRule',
    'RepoFileExtensions="js mjs py pyc"',
    'ProxyUrl',
    'CommandTimeoutTime',
    'RandomDelay',
    'RandomDelayFileExtensions',
    'RandomDelayIgnoredMinutes',
    'EnableExtraShell',
  ]) {
    assert.ok(String(sample.body.data).includes(key), key);
  }
  assert.equal((await call(app, 'GET', '/api/configs/config.sh', { token })).body.data, 'export MINE=1\n');
  for (const name of ['token.json', 'env.sh', 'crontab.list', 'auth.json', '.hidden']) {
    const read = await call(app, 'GET', `/api/configs/detail?path=${name}`, { token });
    assert.equal(read.status, 403, name);
    const save = await call(app, 'POST', '/api/configs/save', { token, payload: { name, content: 'x' } });
    assert.equal(save.status, 403, name);
  }
  assert.equal(readFileSync(path.join(dataDir, 'config', 'token.json'), 'utf8'), '{"value":"secret"}');
});

test('configs: a saved config.sh takes effect for the next task run', async (t) => {
  const { app, token, dataDir } = await signedIn(t);
  const fresh = readFileSync(path.join(dataDir, 'config', 'config.sh'), 'utf8');
  assert.equal(fresh, readFileSync(path.join(samplesDir, 'config.sample.sh'), 'utf8'), 'seeded from the sample');
  const save = await call(app, 'POST', '/api/configs/save', {
    token,
    payload: { name: 'config.sh', content: `${fresh}\nexport BAIHU_FROM_CONFIG="saved value"\n` },
  });
  assert.equal(save.status, 200, JSON.stringify(save.body));
  const cron = await addCron(app, { command: 'echo "seen: $BAIHU_FROM_CONFIG"' });
  await app.ctx.taskRuns.run([cron.id]);
  const [run] = await waitFor(async () => {
    const rows = await runsOf(app, cron.id);
    return rows[0]?.finished_at ? rows : undefined;
  });
  assert.match(readFileSync(path.join(dataDir, 'log', run!.log_path!), 'utf8'), /seen: saved value/);
});

test('logs: tree newest first with sizes, detail, tail of a big file, download, delete', async (t) => {
  const { app, token, dataDir } = await signedIn(t);
  const log = path.join(dataDir, 'log');
  mkdirSync(path.join(log, 'old_task'));
  mkdirSync(path.join(log, 'new_task'));
  writeFileSync(path.join(log, 'old_task', 'a.log'), 'old\n');
  writeFileSync(path.join(log, 'new_task', 'b.log'), '\x1b[31mred\x1b[0m\n');
  writeFileSync(path.join(log, 'new_task', 'c.log'), 'c\n');
  const now = Date.now() / 1000;
  utimesSync(path.join(log, 'old_task', 'a.log'), now - 3600, now - 3600);
  utimesSync(path.join(log, 'new_task', 'b.log'), now - 60, now - 60);
  const tree = await call(app, 'GET', '/api/logs', { token });
  const nodes = tree.body.data as { title: string; size: number; children: { title: string; size: number }[] }[];
  assert.deepEqual(
    nodes.map((n) => n.title),
    ['new_task', 'old_task'],
  );
  assert.deepEqual(
    nodes[0]!.children.map((c) => [c.title, c.size]),
    [
      ['c.log', 2],
      ['b.log', 13],
    ],
  );

  const detail = await call(app, 'GET', '/api/logs/detail?path=new_task&file=b.log', { token });
  assert.equal(detail.body.data, '\x1b[31mred\x1b[0m\n', 'ANSI kept');
  assert.equal((detail.body as unknown as { logStatus: string }).logStatus, 'completed');

  // 50 MB in one write; the tail answers only the end.
  const big = Buffer.alloc(50 * 1024 * 1024, 'line of log text\n');
  writeFileSync(path.join(log, 'new_task', 'big.log'), Buffer.concat([big, Buffer.from('THE END\n')]));
  const started = Date.now();
  const tail = await call(app, 'GET', '/api/logs/tail?path=new_task&file=big.log&bytes=1000', { token });
  const range = tail.body.data as { text: string; start: number; end: number; size: number };
  assert.ok(Date.now() - started < 2000);
  assert.equal(range.size, big.length + 8);
  assert.equal(range.end, range.size);
  assert.ok(range.text.length <= 1000 && range.text.endsWith('THE END\n'));
  assert.ok(range.text.startsWith('line of log text'), 'starts at a whole line');
  const page = await call(app, 'GET', `/api/logs/tail?path=new_task&file=big.log&bytes=100&end=${range.start}`, {
    token,
  });
  assert.equal((page.body.data as { end: number }).end, range.start, 'pages backwards without a gap');
  const capped = await call(app, 'GET', '/api/logs/tail?path=new_task&file=big.log&bytes=999999999', { token });
  assert.ok((capped.body.data as { text: string }).text.length <= 4 * 1024 * 1024, 'bytes capped at 4 MB');
  const bigDetail = await call(app, 'GET', '/api/logs/big.log?path=new_task', { token });
  const text = String(bigDetail.body.data);
  assert.match(text.split('\n')[0]!, /^\[The log is 50\.0 MB; the first 48\.0 MB are not shown here\]$/);
  assert.ok(text.length < 2.1 * 1024 * 1024);

  const download = await app.inject({
    method: 'POST',
    url: '/api/logs/download',
    headers: { authorization: `Bearer ${token}` },
    payload: { filename: 'a.log', path: 'old_task' },
  });
  assert.equal(download.body, 'old\n');
  assert.match(String(download.headers['content-disposition']), /attachment; filename="a.log"/);

  assert.equal(
    (await call(app, 'DELETE', '/api/logs', { token, payload: { filename: 'b.log', path: 'new_task' } })).status,
    200,
  );
  assert.ok(!existsSync(path.join(log, 'new_task', 'b.log')));
  assert.equal(
    (await call(app, 'DELETE', '/api/logs', { token, payload: { filename: 'old_task', path: '', type: 'directory' } }))
      .status,
    200,
  );
  assert.ok(!existsSync(path.join(log, 'old_task')));
});

test('logs: a log being written reports running with its live topic and cannot be deleted', async (t) => {
  const { app, token } = await signedIn(t);
  const res = await call(app, 'PUT', '/api/scripts/run', {
    token,
    payload: { filename: 'wait.sh', path: '', content: 'echo hi\nsleep 30\n' },
  });
  const started = res.body as unknown as { runId: string; log: string; topic: string };
  const [dir, file] = started.log.split('/');
  const detail = await call(app, 'GET', `/api/logs/detail?path=${dir}&file=${file}`, { token });
  const body = detail.body as unknown as { logStatus: string; topic: string };
  assert.equal(body.logStatus, 'running');
  assert.equal(body.topic, started.topic);
  const refused = await call(app, 'DELETE', '/api/logs', { token, payload: { filename: dir, path: '' } });
  assert.equal(refused.status, 409);
  await call(app, 'PUT', '/api/scripts/stop', { token, payload: { runId: started.runId } });
  const after = await call(app, 'DELETE', '/api/logs', { token, payload: { filename: file, path: dir } });
  assert.equal(after.status, 200);
});
