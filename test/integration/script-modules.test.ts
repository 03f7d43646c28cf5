/**
 * Scripts load as on Qinglong wherever the data dir is: `.js` as CommonJS (sloppy mode included), `.cjs` as
 * CommonJS, `.mjs` as an ES module, `.ts` through tsx in either style — unless the script's own folder has a
 * package.json that says otherwise. Every style runs in every place a user keeps scripts (data/scripts, a
 * subscription's folder, with a task work dir), with the data dir below a package.json that says `"type": "module"`
 * (the README's `./data` in the checkout, `/baihu/data` in the image) and inside this very checkout. QLAPI.notify and
 * `require('./sendNotify')` reach a receiver on 127.0.0.1.
 * Tier: integration (the real daemon on 127.0.0.1, real node/tsx processes, a real git repository).
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import { systemClock } from '../../daemon/src/time/clock.ts';
import type { Cron } from '../../daemon/src/contract/tasks.ts';
import { fromRoot } from '../../daemon/src/install/root.ts';
import { call, signedIn, tempDir } from '../helpers/app.ts';
import { waitFor } from '../helpers/tasks.ts';
import { bareRepo } from '../helpers/git.ts';
import { startRecorder } from '../helpers/recorder.ts';

/** One way of writing a script, as Qinglong users write them; each prints `<tag> ok` when it loaded as meant. */
const styles: { ext: string; tag: string; source: string }[] = [
  {
    ext: '.js',
    tag: 'commonjs-sloppy',
    source: `// A Qinglong script: CommonJS, sloppy mode, new Env, module.exports.
const path = require('path');
function Env(name) { this.name = name; }
const $ = new Env('模块测试');
undeclared = 1; // sloppy mode: an implicit global
with (Math) { if (floor(1.5) !== 1) throw new Error('with'); }
module.exports = { name: $.name };
console.log('commonjs-sloppy ok', typeof require, typeof module, path.basename(__filename));
`,
  },
  {
    ext: '.cjs',
    tag: 'commonjs-explicit',
    source: `const fs = require('fs');\nconsole.log('commonjs-explicit ok', typeof fs.readFileSync);\n`,
  },
  {
    ext: '.mjs',
    tag: 'esm',
    source: `import path from 'node:path';\nawait Promise.resolve();\nconsole.log('esm ok', typeof import.meta.url, path.sep);\n`,
  },
  {
    ext: '.ts',
    tag: 'ts-import',
    source: `import path from 'path';\nconst sep: string = path.sep;\nconsole.log('ts-import ok', sep);\n`,
  },
  {
    ext: '.ts',
    tag: 'ts-require',
    source: `const path = require('path');\nconst sep: string = path.sep;\nconsole.log('ts-require ok', sep);\n`,
  },
];

type Panel = Awaited<ReturnType<typeof panel>>;

async function panel(t: TestContext, dataDir?: string) {
  const started = await signedIn(t, { clock: systemClock, ...(dataDir ? { dataDir } : {}) });
  await started.app.listen({ port: 0, host: '127.0.0.1' });
  const hook = await startRecorder(t);
  const channel = {
    type: 'webhook',
    webhookUrl: `${hook.url}/hook`,
    webhookMethod: 'POST',
    webhookContentType: 'application/json',
    webhookBody: '{"title":"$title","content":"$content"}',
  };
  const saved = await call(started.app, 'PUT', '/api/user/notification', { token: started.token, payload: channel });
  assert.equal(saved.body.code, 200);
  return { ...started, hook };
}

/** Makes a task of `command` (optionally with a work dir), runs it and answers its log once it ended. */
async function runTask(p: Panel, command: string, workDir?: string): Promise<{ log: string; cron: Cron }> {
  const payload = { name: command, command, schedule: '0 0 1 1 *', ...(workDir ? { work_dir: workDir } : {}) };
  const created = await call(p.app, 'POST', '/api/crons', { token: p.token, payload });
  assert.equal(created.body.code, 200, JSON.stringify(created.body));
  const id = (created.body.data as Cron).id;
  await call(p.app, 'PUT', '/api/crons/run', { token: p.token, payload: [id] });
  const cron = await waitFor(
    async () => {
      const row = (await call(p.app, 'GET', `/api/crons/${id}`, { token: p.token })).body.data as Cron;
      return row.status === 1 && row.last_end ? row : undefined;
    },
    60_000,
    command,
  );
  const log = String((await call(p.app, 'GET', `/api/crons/${id}/log`, { token: p.token })).body.data);
  return { log, cron };
}

/** Writes every style into `folder` (relative to data/scripts) and runs each as a task; all must load as meant. */
async function everyStyleRuns(p: Panel, folder: string, workDir?: string): Promise<void> {
  const dir = path.join(p.dataDir, 'scripts', folder);
  mkdirSync(dir, { recursive: true });
  for (const style of styles) {
    const file = path.posix.join(folder, `${style.tag}${style.ext}`);
    writeFileSync(path.join(p.dataDir, 'scripts', file), style.source);
    const { log, cron } = await runTask(p, `task ${file}`, workDir);
    assert.equal(
      cron.last_end,
      'success',
      `${file} in ${p.dataDir}${workDir ? ` (work dir ${workDir})` : ''}:\n${log}`,
    );
    assert.match(log, new RegExp(`^${style.tag} ok`, 'm'), log);
  }
}

test('every module style loads as on Qinglong with the data dir below a "type": "module" package.json', async (t) => {
  const p = await panel(t);
  const above = JSON.parse(readFileSync(path.join(p.dataDir, '..', 'package.json'), 'utf8')) as { type: string };
  assert.equal(above.type, 'module', 'the test stands where a user stands');
  await everyStyleRuns(p, '');
  await everyStyleRuns(p, 'some_author_repo/sub/dir');
  await everyStyleRuns(p, 'workdir_case', path.join(p.dataDir, 'raw'));
});

test('the data dir inside this checkout (the README default layout): every style loads as on Qinglong', async (t) => {
  // Below the checkout's own package.json, as `./data` is; removed when the test ends.
  const dataDir = path.join(mkdtempSync(fromRoot('.test-data-')), 'data');
  t.after(() => rmSync(path.dirname(dataDir), { recursive: true, force: true }));
  const p = await panel(t, dataDir);
  await everyStyleRuns(p, '');
});

test('a subscribed repository: CommonJS scripts require ./sendNotify and call QLAPI.notify; a repository that says "type": "module" keeps it', async (t) => {
  const p = await panel(t);
  const repo = bareRepo(tempDir(t, 'baihu-modrepo-'), 'author', 'cjs_repo');
  repo.commit({
    'jd_notify.js': `/*
cron: 1 1 * * *
new Env('通知模块');
*/
const { sendNotify } = require('./sendNotify');
function Env(name) { this.name = name; }
const $ = new Env('通知模块');
(async () => {
  await sendNotify($.name, 'from require(./sendNotify)');
  await QLAPI.notify('QLAPI title', 'from QLAPI.notify');
  console.log('repo notify ok');
})();
`,
    'esm_pkg/package.json': '{ "type": "module" }\n',
    'esm_pkg/jd_esm.js': `// cron: 2 2 * * *\nimport path from 'node:path';\nawait Promise.resolve();\nconsole.log('repo esm ok', typeof require, path.sep);\n`,
  });
  const sub = await call(p.app, 'POST', '/api/subscriptions', {
    token: p.token,
    payload: {
      name: 'cjs',
      type: 'public-repo',
      url: repo.url,
      branch: 'main',
      alias: 'author_cjs_repo',
      schedule_type: 'crontab',
      schedule: '0 0 1 1 *',
      whitelist: 'jd_',
      extensions: 'js',
      autoAddCron: true,
    },
  });
  assert.equal(sub.body.code, 200, JSON.stringify(sub.body));
  const subId = (sub.body.data as { id: number }).id;
  assert.equal(
    (await call(p.app, 'PUT', '/api/subscriptions/run', { token: p.token, payload: [subId] })).body.code,
    200,
  );
  await p.app.ctx.subscriptionPuller.idle();
  const folder = path.join(p.dataDir, 'scripts', 'author_cjs_repo');
  assert.ok(readFileSync(path.join(folder, 'sendNotify.js'), 'utf8').length > 0, 'sendNotify.js sits beside them');

  const notified = await runTask(p, 'task author_cjs_repo/jd_notify.js');
  assert.equal(notified.cron.last_end, 'success', notified.log);
  assert.match(notified.log, /^repo notify ok/m, notified.log);
  assert.doesNotMatch(notified.log, /ReferenceError|SyntaxError|ERR_REQUIRE_ESM/);
  await waitFor(async () => (p.hook.requests.length >= 2 ? true : undefined), 10_000, 'both notifications');
  const bodies = p.hook.requests.map((r) => r.body).join('\n');
  assert.match(bodies, /from require\(\.\/sendNotify\)/);
  assert.match(bodies, /from QLAPI\.notify/);

  const esm = await runTask(p, 'task author_cjs_repo/esm_pkg/jd_esm.js');
  assert.equal(esm.cron.last_end, 'success', esm.log);
  assert.match(esm.log, /^repo esm ok undefined/m, 'its own package.json makes it an ES module');
});
