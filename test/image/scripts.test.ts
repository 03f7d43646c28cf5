/**
 * The image as users get it runs Qinglong's scripts: a container of this checkout's image on a data dir mounted at
 * /baihu/data (below /baihu/package.json, which says "type": "module"), reached from outside over 127.0.0.1 as a
 * browser or a Qinglong client reaches it. First-run setup; the dependency area installs an npm package and a pip
 * package — from a registry and an index served by this test on 127.0.0.1, so the test needs no network and the
 * container no proxy CA; a task in each language, each ending as on Qinglong; QLAPI.notify from Qinglong's
 * ql_sample.js and from python, to a receiver on 127.0.0.1; `ql` and `task` on the PATH inside; the health check.
 * Tier: image (scripts/test.sh builds the image; test/helpers/image.ts runs it).
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { Dependency } from '../../daemon/src/contract/dependencies.ts';
import { DependencyStatus, DependencyType, RunEnd } from '../../daemon/src/contract/enums.ts';
import { userDataDir } from '../helpers/app.ts';
import { startContainer, testImage } from '../helpers/image.ts';
import { buildWheel, npmRegistry, simpleIndex } from '../helpers/packages.ts';
import { runTaskOver, type PanelClient } from '../helpers/panel-client.ts';
import { startRecorder } from '../helpers/recorder.ts';

/** The end line Qinglong writes (Baihu's run log is in the panel's language, Chinese until the panel says). */
const endedWell = /^## 执行结束 \S+ \S+ 成功，耗时 \d+(\.\d+)? 秒$/;
const lastLine = (log: string) => log.trimEnd().split('\n').at(-1) ?? '';

/** Each script as a Qinglong user writes it, and what its log must show. */
const scripts: Record<string, { source: string; prints: RegExp }> = {
  'cjs_dep.js': {
    source: `// cron: 1 1 * * *
const probe = require('baihu-npm-probe');
const path = require('path');
function Env(name) { this.name = name; }
const $ = new Env('依赖测试');
undeclared = probe.answer(); // sloppy mode, as many Qinglong scripts are
console.log($.name, 'commonjs', undeclared, path.basename(__filename));
`,
    prints: /^依赖测试 commonjs 42 cjs_dep\.js$/m,
  },
  'esm.mjs': {
    source: `import { readFileSync } from 'node:fs';\nawait Promise.resolve();\nconsole.log('esm', typeof require, readFileSync('/etc/debian_version', 'utf8').trim().split('.')[0]);\n`,
    prints: /^esm undefined 13$/m,
  },
  'typed.ts': {
    source: `interface Reply { ok: boolean }\nconst reply: Reply = { ok: true };\nconsole.log('typescript', reply.ok, process.versions.node.split('.')[0]);\n`,
    prints: /^typescript true 20$/m,
  },
  'py_dep.py': {
    source: `import sys\nimport baihu_demo\nprint('python', baihu_demo.VALUE, sys.version_info.major)\n`,
    prints: /^python 42 3$/m,
  },
  'from_config.sh': {
    source: `#!/usr/bin/env bash\necho "config says $IMAGE_GREETING and $PLAIN_SETTING"\necho "dir_scripts=$dir_scripts"\n`,
    prints: /^config says hello from config\.sh and not exported\ndir_scripts=\/baihu\/data\/scripts$/m,
  },
};

/** Qinglong's sample/ql_sample.js and ql_sample.py: QLAPI is a global, notify goes to the panel's channel. */
const samples = {
  'ql_sample.js': `/**
 * 任务名称
 * name: script name
 * 定时规则
 * cron: 1 9 * * *
 */
console.log('test scripts');
QLAPI.notify('test scripts', 'test desc from node');
console.log('test desc');
`,
  'ql_sample.py': `"""
任务名称
name: script name
定时规则
cron: 1 9 * * *
"""
print("test scripts")
QLAPI.notify("test scripts", "test desc from python")
print("test desc")
`,
};

async function settled(panel: PanelClient, id: number): Promise<Dependency> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const dep = (await panel.api<Dependency>('GET', `dependencies/${id}`)).data;
    if (dep.status === DependencyStatus.installed || dep.status === DependencyStatus.installFailed) return dep;
    if (Date.now() > deadline) throw new Error(`dependency ${dep.name} did not settle: ${JSON.stringify(dep)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

test('the image: setup, dependencies, a task in each language, QLAPI.notify, ql and task, the health check', async (t) => {
  const image = testImage();
  const dataDir = userDataDir(t, 'baihu-image-');
  const box = await startContainer(t, image, dataDir);
  const { panel } = box;

  await t.test('first-run setup over 127.0.0.1, as a browser does it', async () => {
    const before = await panel.api<{ isInitialized: boolean }>('GET', 'system');
    assert.equal(before.data.isInitialized, false, 'a new panel asks for its account');
    await panel.setUp();
    assert.equal((await panel.api<{ isInitialized: boolean }>('GET', 'system')).data.isInitialized, true);
    assert.equal((await panel.api('GET', 'user')).code, 200);
    assert.equal(box.output().includes('[WARN  tini'), false, `tini does not warn:\n${box.output()}`);
  });

  await t.test('the image has what scripts and users need, and its native helpers run', async () => {
    const tools = await box.exec([
      'bash',
      '-c',
      'for c in node npm npx python3 python pip pip3 git ssh curl setpriv ps ql task; do command -v "$c" || echo "missing $c"; done; node -v; python3 -m pip --version',
    ]);
    assert.doesNotMatch(tools.stdout, /missing/, tools.stdout);
    assert.match(tools.stdout, /^\/usr\/local\/bin\/ql$/m);
    assert.match(tools.stdout, /^v20\./m);
    // The proxy CA the build was given (NODE_EXTRA_CA_CERTS, a build volume) stayed out of the image: buildah leaves
    // only the empty file it was mounted on.
    assert.equal(box.config.env.NODE_EXTRA_CA_CERTS, undefined);
    const ca = await box.exec(['bash', '-c', 'ls -A /usr/local/share/ca-certificates; [[ ! -s /run/build-ca.crt ]]']);
    assert.deepEqual([ca.stdout, ca.code], ['', 0], ca.stderr);
    const check = await box.exec(['ql', 'check']);
    assert.match(check.stdout, /^\[ok\] .*baihu-reaper/m, check.stdout + check.stderr);
    assert.match(check.stdout, /^\[ok\] .*baihu-spawner/m, check.stdout);
    // The data dir's own package.json makes .js scripts CommonJS below /baihu/package.json's "type": "module".
    assert.equal(JSON.parse(readFileSync(path.join(dataDir, 'package.json'), 'utf8')).type, 'commonjs');
  });

  await t.test('the dependency area installs an npm and a pip package from sources on 127.0.0.1', async () => {
    const registry = await npmRegistry(t, [
      { name: 'baihu-npm-probe', version: '1.0.0', files: { 'index.js': 'exports.answer = () => 42;\n' } },
    ]);
    const index = await simpleIndex(t, buildWheel());
    assert.equal((await panel.api('PUT', 'system/config/node-mirror', { nodeMirror: registry.url })).code, 200);
    assert.equal((await panel.api('PUT', 'system/config/python-mirror', { pythonMirror: index })).code, 200);
    const added = await panel.api<Dependency[]>('POST', 'dependencies', [
      { name: 'baihu-npm-probe', type: DependencyType.nodejs },
      { name: 'baihu-demo', type: DependencyType.python3 },
    ]);
    assert.equal(added.code, 200, JSON.stringify(added));
    for (const dep of added.data) {
      const done = await settled(panel, dep.id);
      assert.equal(done.status, DependencyStatus.installed, `${dep.name}:\n${done.log?.join('')}`);
    }
    assert.ok(registry.requests.includes('/baihu-npm-probe'), 'npm asked the local registry');
    assert.ok(existsSync(path.join(dataDir, 'deps', 'node', 'node_modules', 'baihu-npm-probe', 'index.js')));
    assert.ok(existsSync(path.join(dataDir, 'deps', 'python', 'baihu_demo', '__init__.py')), 'pip --target, PEP 668');
  });

  await t.test('a task in each language ends as on Qinglong', async () => {
    const config = await panel.api<string>('GET', 'configs/config.sh');
    const extra = '\nexport IMAGE_GREETING="hello from config.sh"\nPLAIN_SETTING="not exported"\n';
    assert.equal(
      (await panel.api('POST', 'configs/save', { name: 'config.sh', content: config.data + extra })).code,
      200,
    );
    for (const [file, { source, prints }] of Object.entries(scripts)) {
      writeFileSync(path.join(dataDir, 'scripts', file), source);
      const { cron, log } = await runTaskOver(panel, `task ${file}`);
      assert.equal(cron.last_end, RunEnd.success, `${file}:\n${log}`);
      assert.match(log, prints, `${file}:\n${log}`);
      assert.match(lastLine(log), endedWell, log);
    }
    writeFileSync(path.join(dataDir, 'scripts', 'throws.js'), "throw new Error('as it fails on Qinglong');\n");
    const failed = await runTaskOver(panel, 'task throws.js');
    assert.equal(failed.cron.last_end, RunEnd.failed, failed.log);
    assert.match(failed.log, /Error: as it fails on Qinglong/);
  });

  await t.test(
    "QLAPI.notify from Qinglong's ql_sample.js and from python reaches a receiver on 127.0.0.1",
    async () => {
      const receiver = await startRecorder(t);
      const targets = { allowLocal: false, allowed: ['127.0.0.1'] };
      assert.equal((await panel.api('PUT', 'user/notification/local-targets', targets)).code, 200);
      const channel = {
        type: 'webhook',
        webhookUrl: `${receiver.url}/hook`,
        webhookMethod: 'POST',
        webhookContentType: 'application/json',
        webhookBody: '{"title":"$title","content":"$content"}',
      };
      const saved = await panel.api('PUT', 'user/notification', channel);
      assert.equal(saved.code, 200, JSON.stringify(saved));
      for (const [file, source] of Object.entries(samples)) {
        writeFileSync(path.join(dataDir, 'scripts', file), source);
        const { cron, log } = await runTaskOver(panel, `task ${file}`);
        assert.equal(cron.last_end, RunEnd.success, `${file}:\n${log}`);
        assert.match(log, /^test scripts$[\s\S]*^test desc$/m, log);
      }
      const deadline = Date.now() + 20_000;
      const delivered = () => receiver.requests.map((request) => request.body).join('\n');
      while (!/from node[\s\S]*from python|from python[\s\S]*from node/.test(delivered()) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      assert.match(delivered(), /test desc from node/);
      assert.match(delivered(), /test desc from python/);
    },
  );

  await t.test('ql and task work inside the running container', async () => {
    const ran = await box.exec(['task', 'esm.mjs']);
    assert.equal(ran.code, 0, ran.stdout + ran.stderr);
    assert.match(ran.stdout, /^esm undefined 13$/m);
    const version = await box.exec(['ql', 'check']);
    assert.match(version.stdout, new RegExp(`127\\.0\\.0\\.1:${box.port}`), 'ql finds the daemon by BAIHU_PORT');
  });

  await t.test("the image's health check answers, and fails for a version that is not running", async () => {
    assert.deepEqual(box.config.healthcheck, ['/baihu/docker/healthcheck.sh']);
    assert.equal((await box.exec(box.config.healthcheck)).code, 0);
    assert.notEqual((await box.exec(box.config.healthcheck, { BAIHU_HEALTH_VERSION: '9.9.9' })).code, 0);
  });

  assert.equal(await box.stop(), 0, box.output());
});
