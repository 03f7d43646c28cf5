import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import { backupBeforeOverwrite, writeFileAtomic } from '../../daemon/src/files/atomic.ts';
import { resolveInside } from '../../daemon/src/files/resolve.ts';
import { call, signedIn, tempDir } from '../helpers/app.ts';
import { multipart } from '../helpers/files.ts';

/** Names an attacker might send, as the handler receives them (after the query string or JSON is decoded). */
const hostile = [
  '../x',
  '..%2fx',
  '%2e%2e/x',
  '..%252fx',
  '/etc/passwd',
  'a/../../x',
  '../../outside/canary.txt',
  'a\0b',
  'a\\..\\..\\x',
  'to-root/etc/passwd',
  'to-root',
  'to-sibling/canary.txt',
  'to-sibling',
];
const canaryText = 'CANARY-do-not-touch';

/** A data dir with canaries outside each root and links that lead out of each. */
async function hostileApp(t: TestContext) {
  const base = tempDir(t);
  const dataDir = path.join(base, 'data');
  const signed = await signedIn(t, { dataDir });
  const outside = path.join(base, 'outside');
  mkdirSync(outside);
  writeFileSync(path.join(outside, 'canary.txt'), canaryText);
  writeFileSync(path.join(dataDir, 'x'), canaryText);
  writeFileSync(path.join(base, 'x'), canaryText);
  for (const root of ['scripts', 'config', 'log']) {
    symlinkSync('/', path.join(dataDir, root, 'to-root'));
    symlinkSync(outside, path.join(dataDir, root, 'to-sibling'));
    mkdirSync(path.join(dataDir, root, 'a'), { recursive: true });
  }
  const snapshot = () =>
    JSON.stringify([readdirSync(base).sort(), readdirSync(dataDir).sort(), readdirSync(outside).sort()]);
  return { ...signed, base, outside, snapshot, before: snapshot() };
}

const q = (value: string) => encodeURIComponent(value);

/** Every file endpoint, with `name` in the folder position and in the file position. */
function requests(name: string): {
  label: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}[] {
  const content = 'console.log("pwned")';
  const list: ReturnType<typeof requests> = [
    { label: 'scripts tree', method: 'GET', url: `/api/scripts?path=${q(name)}` },
    { label: 'scripts detail (path)', method: 'GET', url: `/api/scripts/detail?path=${q(name)}&file=canary.txt` },
    { label: 'scripts detail (file)', method: 'GET', url: `/api/scripts/detail?path=&file=${q(name)}` },
    { label: 'scripts :file', method: 'GET', url: `/api/scripts/canary.txt?path=${q(name)}` },
    {
      label: 'scripts save (path)',
      method: 'PUT',
      url: '/api/scripts',
      payload: { filename: 'canary.txt', path: name, content },
    },
    {
      label: 'scripts save (file)',
      method: 'PUT',
      url: '/api/scripts',
      payload: { filename: name, path: '', content },
    },
    {
      label: 'scripts create',
      method: 'POST',
      url: '/api/scripts',
      payload: { filename: 'new.js', path: name, content },
    },
    {
      label: 'scripts create (file)',
      method: 'POST',
      url: '/api/scripts',
      payload: { filename: name, path: '', content },
    },
    { label: 'scripts mkdir (path)', method: 'POST', url: '/api/scripts', payload: { directory: 'made', path: name } },
    { label: 'scripts mkdir (dir)', method: 'POST', url: '/api/scripts', payload: { directory: name, path: '' } },
    {
      label: 'scripts delete (path)',
      method: 'DELETE',
      url: '/api/scripts',
      payload: { filename: 'canary.txt', path: name },
    },
    { label: 'scripts delete (file)', method: 'DELETE', url: '/api/scripts', payload: { filename: name, path: '' } },
    {
      label: 'scripts rename (from)',
      method: 'PUT',
      url: '/api/scripts/rename',
      payload: { filename: 'canary.txt', path: name, newFilename: 'moved.txt' },
    },
    {
      label: 'scripts rename (to)',
      method: 'PUT',
      url: '/api/scripts/rename',
      payload: { filename: 'a', path: '', newFilename: name },
    },
    {
      label: 'scripts download (path)',
      method: 'POST',
      url: '/api/scripts/download',
      payload: { filename: 'canary.txt', path: name },
    },
    {
      label: 'scripts download (file)',
      method: 'POST',
      url: '/api/scripts/download',
      payload: { filename: name, path: '' },
    },
    {
      label: 'scripts run (path)',
      method: 'PUT',
      url: '/api/scripts/run',
      payload: { filename: 'canary.js', path: name, content },
    },
    {
      label: 'scripts run (file)',
      method: 'PUT',
      url: '/api/scripts/run',
      payload: { filename: name, path: '', content },
    },
    { label: 'configs detail', method: 'GET', url: `/api/configs/detail?path=${q(name)}` },
    { label: 'configs :file', method: 'GET', url: `/api/configs/${q(name)}` },
    { label: 'configs save', method: 'POST', url: '/api/configs/save', payload: { name, content: 'export PWNED=1' } },
    { label: 'logs tree', method: 'GET', url: `/api/logs?path=${q(name)}` },
    { label: 'logs detail (path)', method: 'GET', url: `/api/logs/detail?path=${q(name)}&file=canary.txt` },
    { label: 'logs detail (file)', method: 'GET', url: `/api/logs/detail?path=&file=${q(name)}` },
    { label: 'logs :file', method: 'GET', url: `/api/logs/canary.txt?path=${q(name)}` },
    { label: 'logs tail (path)', method: 'GET', url: `/api/logs/tail?path=${q(name)}&file=canary.txt` },
    { label: 'logs tail (file)', method: 'GET', url: `/api/logs/tail?path=&file=${q(name)}` },
    {
      label: 'logs delete (path)',
      method: 'DELETE',
      url: '/api/logs',
      payload: { filename: 'canary.txt', path: name },
    },
    { label: 'logs delete (file)', method: 'DELETE', url: '/api/logs', payload: { filename: name, path: '' } },
    {
      label: 'logs download (path)',
      method: 'POST',
      url: '/api/logs/download',
      payload: { filename: 'canary.txt', path: name },
    },
    { label: 'logs download (file)', method: 'POST', url: '/api/logs/download', payload: { filename: name, path: '' } },
  ];
  const upload = (fields: Record<string, string>, file: string) =>
    multipart(fields, { field: 'file', name: file, content });
  const byPath = upload({ path: name }, 'canary.txt');
  const byName = upload({ path: '', filename: name }, 'ok.js');
  list.push(
    {
      label: 'scripts upload (path)',
      method: 'POST',
      url: '/api/scripts',
      payload: byPath.payload,
      headers: byPath.headers,
    },
    {
      label: 'scripts upload (file)',
      method: 'POST',
      url: '/api/scripts',
      payload: byName.payload,
      headers: byName.headers,
    },
  );
  return list;
}

test('every file endpoint refuses every hostile name with 400 and touches nothing outside its root', async (t) => {
  const { app, token, dataDir, outside, snapshot, before } = await hostileApp(t);
  let checked = 0;
  for (const name of hostile) {
    for (const r of requests(name)) {
      const res = await call(app, r.method, r.url, { token, payload: r.payload, headers: r.headers });
      const what = `${r.label} with ${JSON.stringify(name)}`;
      assert.equal(res.status, 400, `${what}: ${res.status} ${JSON.stringify(res.body)}`);
      // A NUL never reaches the resolver: one check refuses it in every field of every request, naming the field.
      const said = [res.body.message, ...(res.body.errors ?? []).map((e) => e.message)].join(' | ');
      assert.ok(
        /outside its folder|cannot contain slashes|Bad request path|contains a character that is not allowed/.test(
          said,
        ),
        `${what}: clear message, got ${said}`,
      );
      assert.ok(!JSON.stringify(res.body).includes(canaryText), `${what}: no canary content`);
      assert.ok(!JSON.stringify(res.body).includes('root:x:0'), `${what}: no /etc/passwd`);
      checked++;
    }
  }
  assert.ok(checked >= hostile.length * 30);
  assert.equal(snapshot(), before, 'nothing created or removed outside the roots');
  assert.equal(readFileSync(path.join(outside, 'canary.txt'), 'utf8'), canaryText);
  assert.equal(readFileSync(path.join(dataDir, 'x'), 'utf8'), canaryText);
  assert.deepEqual(readdirSync(outside), ['canary.txt']);
  assert.ok(!readdirSync(path.join(dataDir, 'scripts')).includes('made'));
});

test('zh: the refusal is localised', async (t) => {
  const { app, token } = await signedIn(t);
  const res = await call(app, 'GET', `/api/scripts/detail?path=${q('../x')}&file=a.js`, { token, lang: 'zh' });
  assert.equal(res.status, 400);
  assert.equal(res.body.message, '路径超出了所在的文件夹');
  const slash = await call(app, 'PUT', '/api/scripts', {
    token,
    lang: 'zh',
    payload: { filename: 'a/b.js', content: '' },
  });
  assert.equal(slash.body.message, '文件名不能包含斜杠');
});

test('resolver: links inside the root are followed; links out are refused also for files not yet created', async (t) => {
  const base = tempDir(t);
  const root = path.join(base, 'root');
  mkdirSync(path.join(root, 'real', 'deep'), { recursive: true });
  mkdirSync(path.join(base, 'out'));
  symlinkSync(path.join(root, 'real'), path.join(root, 'inner'));
  symlinkSync(path.join(base, 'out'), path.join(root, 'outer'));
  symlinkSync(path.join(base, 'nowhere'), path.join(root, 'dangling'));
  assert.equal(await resolveInside(root, 'inner/deep/new.js'), path.join(root, 'inner', 'deep', 'new.js'));
  assert.equal(await resolveInside(root, 'a%20b.js'), path.join(root, 'a b.js'), 'decoded once');
  assert.equal(await resolveInside(root, '100%.js'), path.join(root, '100%.js'), 'a literal percent');
  await assert.rejects(resolveInside(root, 'outer/new.js'), /pathOutside/);
  await assert.rejects(resolveInside(root, 'outer/a/b/new.js'), /pathOutside/);
  await assert.rejects(resolveInside(root, 'dangling'), /pathOutside/);
  await assert.rejects(resolveInside(root, ''), /pathOutside/);
  assert.equal(await resolveInside(root, '', { allowRoot: true }), root);
  await assert.rejects(resolveInside(root, 'real/missing.js', { mustExist: true }), /notFound/);
});

test('atomic save: a crash between write and rename leaves the old file and no temp file', async (t) => {
  const dir = tempDir(t);
  const file = path.join(dir, 'config.sh');
  writeFileSync(file, 'old content\n');
  await assert.rejects(
    writeFileAtomic(file, 'new content\n', {
      rename: () => Promise.reject(Object.assign(new Error('simulated crash'), { code: 'EIO' })),
    }),
    /simulated crash/,
  );
  assert.equal(readFileSync(file, 'utf8'), 'old content\n');
  assert.deepEqual(readdirSync(dir), ['config.sh'], 'the temp file is gone');
  await writeFileAtomic(file, 'new content\n');
  assert.equal(readFileSync(file, 'utf8'), 'new content\n');
  assert.deepEqual(readdirSync(dir), ['config.sh']);
});

test('backup on overwrite: the old content lands in data/bak under its relative path', async (t) => {
  const { app, token, dataDir } = await signedIn(t);
  mkdirSync(path.join(dataDir, 'scripts', 'dir'));
  writeFileSync(path.join(dataDir, 'scripts', 'dir', 'a.js'), 'version 1');
  const res = await call(app, 'PUT', '/api/scripts', {
    token,
    payload: { filename: 'a.js', path: 'dir', content: 'version 2' },
  });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  assert.equal(readFileSync(path.join(dataDir, 'scripts', 'dir', 'a.js'), 'utf8'), 'version 2');
  const backups = readdirSync(path.join(dataDir, 'bak', 'dir'));
  assert.equal(backups.length, 1);
  assert.match(backups[0]!, /^a\.js\.\d{4}-\d\d-\d\d-\d\d-\d\d-\d\d-\d{3}$/);
  assert.equal(readFileSync(path.join(dataDir, 'bak', 'dir', backups[0]!), 'utf8'), 'version 1');
  assert.equal(await backupBeforeOverwrite(app.ctx.paths, 'dir/missing.js', 0, 'UTC'), null, 'nothing to keep');
});
