/**
 * A Qinglong user's repository, as it is: scripts with `new Env(...)` and `cron:` headers, `require('./sendNotify')`
 * (the repository's own copy of Qinglong's, which needs the npm packages Qinglong's image preinstalls),
 * `from notify import send`, `QLAPI`, and a shell script using config.sh variables and share.sh's names. Subscribed with
 * `ql repo` in Qinglong's argument order (the real shell/ql, next to a real daemon on 127.0.0.1), then run as tasks.
 */
import assert from 'node:assert/strict';
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { systemClock } from '../../daemon/src/time/clock.ts';
import { runShell } from '../helpers/shell.ts';
import { call, signedIn, tempDir, userDataDir } from '../helpers/app.ts';
import { bareRepo } from '../helpers/git.ts';

const runQl = (dataDir: string, port: string, ...args: string[]) => runShell('ql', dataDir, port, ...args);

/** What a repository's copy of Qinglong's sendNotify.js starts with: the packages of Qinglong's image. */
const qinglongStyleSendNotify = `
const querystring = require('querystring');
const got = require('got');
const axios = require('axios');
const CryptoJS = require('crypto-js');
const { CookieJar } = require('tough-cookie');
const { fetch: undiciFetch } = require('undici');
require('dotenv');
const timeout = 15000;
async function sendNotify(text, desp, params = {}) {
  const sign = CryptoJS.HmacSHA256(text, 'k').toString(CryptoJS.enc.Base64);
  console.log('repo sendNotify', text, desp, typeof got.post, typeof axios.post, typeof undiciFetch, !!new CookieJar(), sign.length > 0, querystring.stringify({ t: timeout }));
}
module.exports = { sendNotify };
`;

const envScript = `/*
 * 京东测试
 * cron: 5 8 * * *
 */
const $ = new Env('环境测试');
const { sendNotify } = require('./sendNotify');
(async () => {
  $.log('cookie ' + process.env.JD_COOKIE);
  // QLAPI is a global on Qinglong: nothing is required.
  const envs = await QLAPI.getEnvs({ searchValue: 'JD_COOKIE' });
  $.log('qlapi ' + envs.code + ' ' + envs.data.map((e) => e.value).join(','));
  await sendNotify($.name, 'done');
})();
function Env(name) { return { name, log: (m) => console.log(m) }; }
`;

const pyScript = `"""
cron: 10 9 * * *
new Env('Py 通知');
"""
from notify import send
print("py sees", __import__("os").environ.get("JD_COOKIE"))
print("py send is", callable(send))
`;

const shellScript = `#!/usr/bin/env bash
# new Env('Shell 配置');
# cron: 0 7 * * *
echo "config var: $MyConfigVar"
echo "scripts dir: $dir_scripts"
echo "auto add: $AutoAddCron"
`;

test('a Qinglong repository: ql repo subscribes it; its scripts run with Env, cron headers, notify and config.sh', async (t) => {
  const { app, dataDir, token } = await signedIn(t, { clock: systemClock });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = String((app.server.address() as { port: number }).port);
  const repo = bareRepo(tempDir(t, 'baihu-qlrepo-'), 'faker', 'jd_scripts');
  repo.commit({
    'jd_env.js': envScript,
    'py_notify.py': pyScript,
    'shell_cfg.sh': shellScript,
    'sendNotify.js': qinglongStyleSendNotify,
    'README.md': '# not a script',
  });
  appendFileSync(path.join(dataDir, 'config', 'config.sh'), '\nMyConfigVar="from config.sh"\n');
  await call(app, 'POST', '/api/envs', { token, payload: [{ name: 'JD_COOKIE', value: 'pt_key=1;' }] });

  // Qinglong's order: url whitelist blacklist dependence branch extensions.
  const args = ['repo', repo.url, 'jd_|py_|shell_', 'README', 'sendNotify', 'main', 'js py sh'];
  const pulled = await runQl(dataDir, port, ...args);
  assert.equal(pulled.status, 0, pulled.stdout + pulled.stderr);
  await app.ctx.subscriptionPuller.idle();

  // The same subscription the panel makes from the same command.
  const pasted = await call(app, 'POST', '/api/subscriptions/parse', {
    token,
    payload: { command: `ql repo "${args.slice(1).join('" "')}"` },
  });
  const subs = (await call(app, 'GET', '/api/subscriptions', { token })).body.data as Record<string, unknown>[];
  assert.equal(subs.length, 1);
  const fields = ['type', 'url', 'whitelist', 'blacklist', 'dependences', 'branch', 'extensions', 'alias', 'name'];
  const pick = (row: Record<string, unknown>) => Object.fromEntries(fields.map((f) => [f, row[f] ?? undefined]));
  assert.deepEqual(pick(subs[0]!), pick(pasted.body.data as Record<string, unknown>));
  const alias = subs[0]!.alias as string;

  // Running it again pulls the same subscription, no second one.
  const again = await runQl(dataDir, port, ...args);
  assert.equal(again.status, 0, again.stdout + again.stderr);
  await app.ctx.subscriptionPuller.idle();
  assert.equal(((await call(app, 'GET', '/api/subscriptions', { token })).body.data as unknown[]).length, 1);

  // Tasks from the headers: names from new Env, schedules from cron:, never the dependence file.
  const list = (await call(app, 'GET', '/api/crons?page=&size=', { token })).body.data as {
    data: { id: number; name: string; command: string; schedule: string }[];
  };
  const byCommand = new Map(list.data.map((cron) => [cron.command, cron]));
  assert.deepEqual([...byCommand.keys()].sort(), [
    `task ${alias}/jd_env.js`,
    `task ${alias}/py_notify.py`,
    `task ${alias}/shell_cfg.sh`,
  ]);
  assert.deepEqual(
    [`task ${alias}/jd_env.js`, `task ${alias}/py_notify.py`, `task ${alias}/shell_cfg.sh`].map((c) => [
      byCommand.get(c)!.name,
      byCommand.get(c)!.schedule,
    ]),
    [
      ['环境测试', '5 8 * * *'],
      ['Py 通知', '10 9 * * *'],
      ['Shell 配置', '0 7 * * *'],
    ],
  );

  const ids = list.data.map((cron) => cron.id);
  assert.equal((await call(app, 'PUT', '/api/crons/run', { token, payload: ids })).body.code, 200);
  await app.ctx.taskRuns.whenIdle();
  const logOf = async (command: string) =>
    (await call(app, 'GET', `/api/crons/${byCommand.get(command)!.id}/log`, { token })).body.data as string;

  const js = await logOf(`task ${alias}/jd_env.js`);
  assert.match(js, /cookie pt_key=1;/);
  assert.match(js, /qlapi 200 pt_key=1;/);
  assert.match(js, /repo sendNotify 环境测试 done function function function true true t=15000/);
  const py = await logOf(`task ${alias}/py_notify.py`);
  assert.match(py, /py sees pt_key=1;/);
  assert.match(py, /py send is True/);
  assert.doesNotMatch(py, /Traceback/);
  const sh = await logOf(`task ${alias}/shell_cfg.sh`);
  assert.match(sh, /config var: from config\.sh/);
  assert.ok(sh.includes(`scripts dir: ${path.join(dataDir, 'scripts')}`), sh);
  assert.match(sh, /auto add: true/);
});

test('ql repo and ql raw: usage errors, and a plain message when the daemon is not running', async (t) => {
  const dataDir = userDataDir(t);
  const usage = await runQl(dataDir, '1', 'repo');
  assert.equal(usage.status, 2);
  assert.match(usage.stderr, /Usage: ql repo <url>/);
  const down = await runQl(dataDir, '1', 'raw', 'https://example.com/a.js');
  assert.equal(down.status, 1);
  assert.match(down.stderr, /daemon is not running/);
});
