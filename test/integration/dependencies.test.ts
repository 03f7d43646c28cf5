import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Dependency } from '../../daemon/src/contract/dependencies.ts';
import { DependencyStatus, DependencyType } from '../../daemon/src/contract/enums.ts';
import { call, signedIn, type CallOptions } from '../helpers/app.ts';
import { aptRepository, buildWheel, dpkgInstalled, npmRegistry, simpleIndex } from '../helpers/packages.ts';
import { webhookRecorder } from '../helpers/recorder.ts';
import { processesWithMarker, runsOf, waitFor } from '../helpers/tasks.ts';

/**
 * The dependencies area through the real app with real installers, each against a source the test serves on
 * 127.0.0.1: npm against a registry, pip against a package index, apt-get (root on Debian) against an apt repository.
 */

type Api = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options?: Omit<CallOptions, 'token'>,
) => ReturnType<typeof call>;

async function setup(t: TestContext) {
  const { app, token, dataDir } = await signedIn(t);
  const api: Api = (method, url, options = {}) => call(app, method, url, { ...options, token });
  return { api, app, dataDir, token };
}

/** The npm packages the tests install, from a registry on 127.0.0.1 that the panel's npm mirror points at. */
async function withRegistry(t: TestContext, api: Api) {
  const registry = await npmRegistry(t, [
    {
      name: 'is-number',
      version: '7.0.0',
      files: {
        'index.js':
          "module.exports = function (num) {\n  if (typeof num === 'number') return num - num === 0;\n  return typeof num === 'string' && num.trim() !== '' && Number.isFinite(+num);\n};\n",
      },
    },
  ]);
  const set = await api('PUT', '/api/system/config/node-mirror', { payload: { nodeMirror: registry.url } });
  assert.equal(set.body.code, 200, JSON.stringify(set.body));
  return registry;
}

async function add(api: Api, deps: Record<string, unknown>[]): Promise<Dependency[]> {
  const res = await api('POST', '/api/dependencies', { payload: deps });
  assert.equal(res.body.code, 200, JSON.stringify(res.body));
  return res.body.data as Dependency[];
}

async function get(api: Api, id: number): Promise<Dependency | null> {
  const res = await api('GET', `/api/dependencies/${id}`);
  return res.status === 404 ? null : (res.body.data as Dependency);
}

async function settle(api: Api, id: number, statuses: number[], timeoutMs = 60_000): Promise<Dependency> {
  return waitFor(
    async () => {
      const dep = await get(api, id);
      return dep && statuses.includes(dep.status) ? dep : undefined;
    },
    timeoutMs,
    `dependency ${id} to reach ${statuses.join('|')}`,
  );
}

/** Runs a one-off task through the engine and returns its log. */
async function runTask(api: Api, app: FastifyInstance, dataDir: string, command: string): Promise<string> {
  const res = await api('POST', '/api/crons', { payload: { name: command, command, schedule: '0 0 1 1 *' } });
  assert.equal(res.body.code, 200, JSON.stringify(res.body));
  const cronId = (res.body.data as { id: number }).id;
  await app.ctx.taskRuns.run([cronId]);
  const run = await waitFor(
    async () => {
      const [row] = await runsOf(app, cronId);
      return row && row.finished_at !== null && row.log_path ? row : undefined;
    },
    15_000,
    'the task run',
  );
  return readFileSync(path.join(dataDir, 'log', run.log_path!), 'utf8');
}

/** An HTTP server that accepts connections and never answers (a registry that hangs). */
async function silentServer(t: TestContext): Promise<string> {
  const server = createServer(() => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => {
    server.closeAllConnections();
    server.close();
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

test('npm: a real package from the registry installs, scripts require it; uninstall failures and force delete', async (t) => {
  const { api, app, dataDir } = await setup(t);
  const registry = await withRegistry(t, api);
  const [dep] = await add(api, [{ name: 'is-number@7.0.0', type: DependencyType.nodejs, remark: 'tiny' }]);
  assert.equal(dep!.status, DependencyStatus.queued);
  const done = await settle(api, dep!.id, [DependencyStatus.installed, DependencyStatus.installFailed]);
  const log = done.log!.join('');
  assert.equal(done.status, DependencyStatus.installed, log);
  assert.match(log, /npm install --prefix .* is-number@7\.0\.0/, 'the command is in the log');
  assert.match(log, /added 1 package/, "npm's own output is in the log");
  assert.ok(registry.requests.includes('/is-number/-/is-number-7.0.0.tgz'), 'npm fetched it from the test registry');
  assert.ok(existsSync(path.join(dataDir, 'deps', 'node', 'node_modules', 'is-number', 'package.json')));
  assert.ok(done.log_path && existsSync(path.join(dataDir, 'log', done.log_path)), 'the full log is kept');
  assert.match(done.log_path!, /^dependencies\/\d+\/.+\.log$/);

  writeFileSync(path.join(dataDir, 'scripts', 'isnum.js'), "console.log('is-number says', require('is-number')(5));\n");
  assert.match(await runTask(api, app, dataDir, 'task isnum.js'), /is-number says true/);

  const listed = (await api('GET', '/api/dependencies?type=nodejs&status=1')).body.data as Dependency[];
  assert.deepEqual(
    listed.map((d) => d.name),
    ['is-number@7.0.0'],
  );
  assert.equal(listed[0]!.log, undefined, 'the list leaves the logs out');
  assert.deepEqual((await api('GET', '/api/dependencies?type=python3')).body.data, []);
  assert.equal(((await api('GET', '/api/dependencies?searchValue=tiny')).body.data as Dependency[]).length, 1);

  // An uninstall that fails (npm cannot read the prefix's package.json) leaves the row, marked; force removes it.
  writeFileSync(path.join(dataDir, 'deps', 'node', 'package.json'), '{ not json');
  await api('DELETE', '/api/dependencies', { payload: [dep!.id] });
  const failed = await settle(api, dep!.id, [DependencyStatus.removeFailed], 30_000);
  assert.match(failed.log!.join(''), /EJSONPARSE|JSON/);
  await api('DELETE', '/api/dependencies/force', { payload: [dep!.id] });
  await waitFor(async () => (await get(api, dep!.id)) === null, 30_000, 'the row to go');
});

test('npm: a package that does not exist ends in install failed with npm error in the log, and is notified', async (t) => {
  const { api, app, token } = await setup(t);
  const registry = await withRegistry(t, api);
  const hook = await webhookRecorder(t, app, token);
  const [dep] = await add(api, [{ name: 'baihu-no-such-package-4f7e2a9c', type: 'nodejs' }]);
  const done = await settle(api, dep!.id, [DependencyStatus.installed, DependencyStatus.installFailed]);
  assert.equal(done.status, DependencyStatus.installFailed);
  assert.match(done.log!.join(''), /E404|404 Not Found/);
  assert.ok(
    registry.requests.some((r) => r.includes('baihu-no-such-package-4f7e2a9c')),
    'the test registry was asked',
  );
  assert.match(done.log!.join(''), /failed with exit code 1|失败，退出码 1/);
  const notice = await waitFor(() => hook.requests.find((r) => r.body.includes('baihu-no-such-package-4f7e2a9c')));
  assert.match(notice.body, /Dependency install failed|依赖安装失败/);
});

test('pip: a package from the configured index installs into data/deps, tasks import it, removal deletes its files', async (t) => {
  const { api, app, dataDir } = await setup(t);
  const index = await simpleIndex(t, buildWheel());
  const set = await api('PUT', '/api/system/config/python-mirror', { payload: { pythonMirror: index } });
  assert.equal(set.body.code, 200, JSON.stringify(set.body));

  const [dep] = await add(api, [{ name: 'baihu-demo==1.0', type: DependencyType.python3 }]);
  const done = await settle(api, dep!.id, [DependencyStatus.installed, DependencyStatus.installFailed]);
  const log = done.log!.join('');
  assert.equal(done.status, DependencyStatus.installed, log);
  assert.match(log, /--index-url http:\/\/127\.0\.0\.1:\d+\/simple\//);
  assert.match(log, /Successfully installed baihu-demo-1\.0/);
  const target = path.join(dataDir, 'deps', 'python');
  assert.ok(existsSync(path.join(target, 'baihu_demo', '__init__.py')));

  mkdirSync(path.join(dataDir, 'scripts'), { recursive: true });
  writeFileSync(path.join(dataDir, 'scripts', 'demo.py'), "import baihu_demo\nprint('demo value', baihu_demo.VALUE)\n");
  assert.match(await runTask(api, app, dataDir, 'task demo.py'), /demo value 42/);

  await api('DELETE', '/api/dependencies', { payload: [dep!.id] });
  await waitFor(async () => (await get(api, dep!.id)) === null, 30_000, 'the row to go');
  assert.ok(!existsSync(path.join(target, 'baihu_demo')), 'the package files are gone');
  assert.ok(!existsSync(path.join(target, 'baihu_demo-1.0.dist-info')));
});

test('names that are not plain packages are refused and nothing runs', async (t) => {
  const { api, app } = await setup(t);
  const pwned = '/tmp/pwned';
  const refused: [string, number][] = [
    ['$(touch /tmp/pwned)', DependencyType.nodejs],
    ['`touch /tmp/pwned`', DependencyType.nodejs],
    ['--index-url=http://x', DependencyType.python3],
    ['-e', DependencyType.python3],
    ['a;b', DependencyType.linux],
    ['a b', DependencyType.nodejs],
    ['a|b', DependencyType.nodejs],
    ['../x', DependencyType.nodejs],
    ['file:/tmp/x', DependencyType.nodejs],
    ['git+https://example.com/x.git', DependencyType.python3],
    ['pkg>1|x', DependencyType.python3],
    ['Sl', DependencyType.linux],
    ['a\nb', DependencyType.nodejs],
  ];
  for (const [name, type] of refused) {
    const res = await api('POST', '/api/dependencies', { payload: [{ name, type }] });
    assert.equal(res.status, 400, name);
    assert.match(res.body.errors?.[0]?.message ?? '', /is not a valid .* package name/, name);
  }
  const zh = await api('POST', '/api/dependencies', { payload: [{ name: '-x', type: 0 }], lang: 'zh' });
  assert.match(zh.body.errors?.[0]?.message ?? '', /不是有效的Node\.js包名/);
  const batch = await api('POST', '/api/dependencies', {
    payload: [
      { name: 'fine', type: 0 },
      { name: 'x;y', type: 0 },
    ],
  });
  assert.equal(batch.status, 400);
  assert.deepEqual((await api('GET', '/api/dependencies')).body.data, [], 'nothing was stored');
  const edit = await api('PUT', '/api/dependencies', { payload: { id: 1, name: '$(id)', type: 0 } });
  assert.equal(edit.status, 400);
  assert.equal((await api('POST', '/api/dependencies', { payload: [{ name: 'x', type: 'ruby' }] })).status, 400);
  await app.ctx.dependencyQueue.idle();
  assert.ok(!existsSync(pwned), 'no shell ever ran the name');
});

test('one install at a time; cancel kills the installer; auto split; mirror settings', async (t) => {
  const { api, app } = await setup(t);
  const bad = await api('PUT', '/api/system/config/node-mirror', { payload: { nodeMirror: 'ftp://example.com' } });
  assert.equal(bad.status, 400);
  assert.equal(bad.body.errors?.[0]?.message, 'npm registry mirror must be an http or https URL');
  const registry = await silentServer(t);
  const set = await api('PUT', '/api/system/config/node-mirror', { payload: { nodeMirror: registry } });
  assert.equal(set.body.code, 200, JSON.stringify(set.body));
  const config = (await api('GET', '/api/system/config')).body.data as { info: Record<string, string> };
  assert.equal(config.info.nodeMirror, registry);
  assert.equal(config.info.pythonMirror, '');

  const rows = await add(api, [
    { name: 'baihu-slow-one\nbaihu-slow-two & baihu-slow-three', type: 'nodejs', autoSplit: true },
  ]);
  assert.deepEqual(
    rows.map((r) => r.name),
    ['baihu-slow-one', 'baihu-slow-two', 'baihu-slow-three'],
  );
  const [one, two, three] = rows as [Dependency, Dependency, Dependency];
  const queue = app.ctx.dependencyQueue;
  await settle(api, one.id, [DependencyStatus.installing], 10_000);
  const first = await waitFor(() => queue.activeMarker(one.id) ?? undefined, 10_000, 'the installer');
  await waitFor(() => processesWithMarker(first).length > 0 || undefined, 10_000, 'npm to start');
  assert.equal((await get(api, two.id))!.status, DependencyStatus.queued, 'the second waits for the first');
  const live = (await get(api, one.id))!.log!.join('');
  assert.match(live, new RegExp(`--registry ${registry.replace(/[./]/g, '\\$&')}`), 'the mirror is used');

  // Cancel a waiting install, then the running one: the next starts, nothing of the first is left.
  await api('PUT', '/api/dependencies/cancel', { payload: [three.id] });
  assert.equal((await get(api, three.id))!.status, DependencyStatus.cancelled);
  await api('PUT', '/api/dependencies/cancel', { payload: [one.id] });
  const cancelled = (await get(api, one.id))!;
  assert.equal(cancelled.status, DependencyStatus.cancelled);
  assert.deepEqual(processesWithMarker(first), [], 'the installer and its children are gone');
  await settle(api, two.id, [DependencyStatus.installing], 10_000);
  const second = await waitFor(() => queue.activeMarker(two.id) ?? undefined, 10_000, 'the second installer');
  assert.notEqual(second, first);
  await api('PUT', '/api/dependencies/cancel', { payload: [two.id] });
  await settle(api, two.id, [DependencyStatus.cancelled], 10_000);
  assert.deepEqual(processesWithMarker(second), []);
  await queue.idle();
});

test('apt-get: a Debian package from a repository on 127.0.0.1 installs and is removed (root on Debian)', async (t) => {
  assert.ok(existsSync('/etc/debian_version') && existsSync('/usr/bin/apt-get'), 'this test needs Debian with apt-get');
  assert.equal(process.getuid?.(), 0, 'this test installs a system package with apt-get: run it as root');
  const repository = await aptRepository(t);
  assert.ok(!dpkgInstalled(repository.name), `${repository.name} is not installed before the test`);
  const { api } = await setup(t);
  const [dep] = await add(api, [{ name: repository.name, type: 'linux' }]);
  const done = await settle(api, dep!.id, [DependencyStatus.installed, DependencyStatus.installFailed], 60_000);
  const log = done.log!.join('');
  assert.equal(done.status, DependencyStatus.installed, log);
  assert.match(log, new RegExp(`apt-get install -y --no-install-recommends ${repository.name}`));
  assert.ok(existsSync(repository.installs), "the package's file is there");
  assert.ok(
    repository.requests.some((r) => r.endsWith('.deb')),
    `apt-get fetched the package from the test's repository (${repository.requests.join(', ')})`,
  );
  await api('DELETE', '/api/dependencies', { payload: [dep!.id] });
  await waitFor(async () => (await get(api, dep!.id)) === null, 60_000, 'the row to go');
  assert.ok(!existsSync(repository.installs), 'apt-get removed it');
  assert.ok(!dpkgInstalled(repository.name));
});

test('start-up: installed but missing packages and interrupted installs are queued again', async (t) => {
  const { api, app, dataDir } = await setup(t);
  await withRegistry(t, api);
  const present = path.join(dataDir, 'deps', 'node', 'node_modules', 'fake-present');
  mkdirSync(present, { recursive: true });
  writeFileSync(path.join(present, 'package.json'), '{"name":"fake-present","version":"1.0.0"}');
  const now = Date.now();
  const row = (name: string, status: number) => ({
    name,
    type: DependencyType.nodejs,
    status,
    created_at: now,
    updated_at: now,
  });
  const inserted = await app.ctx.db
    .insertInto('dependencies')
    .values([
      row('is-number@7.0.0', DependencyStatus.installed),
      row('fake-present', DependencyStatus.installed),
      row('baihu-no-such-package-4f7e2a9c', DependencyStatus.installing),
    ])
    .returning('id')
    .execute();
  const [missing, kept, interrupted] = inserted.map((r) => r.id) as [number, number, number];
  await app.ctx.dependencies.recover();
  await app.ctx.dependencyQueue.idle();
  assert.equal((await get(api, missing))!.status, DependencyStatus.installed, 'reinstalled');
  assert.ok(existsSync(path.join(dataDir, 'deps', 'node', 'node_modules', 'is-number', 'package.json')));
  assert.equal((await get(api, kept))!.log_path, null, 'a package that is there is left alone');
  assert.equal((await get(api, interrupted))!.status, DependencyStatus.installFailed, 'the interrupted one ran again');
});
