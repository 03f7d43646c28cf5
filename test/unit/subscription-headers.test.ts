import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import {
  headerName,
  headerSchedule,
  randomDailySchedule,
  taskHeaderOf,
} from '../../daemon/src/modules/subscriptions/headers.ts';
import { aliasOf, fileNameOfUrl, isValidAlias } from '../../daemon/src/modules/subscriptions/alias.ts';
import { parseQlCommand, shellWords } from '../../daemon/src/modules/subscriptions/parse-command.ts';
import { gitEnvironment, writePrivateKey } from '../../daemon/src/modules/subscriptions/git.ts';
import { compilePathPattern, extensionList, selectFiles } from '../../daemon/src/modules/subscriptions/patterns.ts';
import { maskerOf } from '../../daemon/src/modules/subscriptions/secrets.ts';

test('headers: a cron followed by the file name (Quantumult/Loon lines)', () => {
  assert.equal(headerSchedule('// 0 9 * * * jd_x.js, tag=京东, enabled=true', 'jd_x.js'), '0 9 * * *');
  assert.equal(headerSchedule('cron "0 9 * * *" script-path=jd_x.js, tag=x', 'jd_x.js'), '0 9 * * *');
  assert.equal(headerSchedule('[task_local]\n0 0 9 * * * https://x/jd_x.js, tag=x', 'dir/jd_x.js'), '0 0 9 * * *');
  assert.equal(headerSchedule("15 7,19 * * * 'jd_x.js'", 'jd_x.js'), '15 7,19 * * *');
  // The file name must be on the line: another script's line does not count.
  assert.equal(headerSchedule('// 0 9 * * * other.js', 'jd_x.js'), null);
});

test('headers: a cron: line and cron "…"', () => {
  assert.equal(headerSchedule('/*\n * cron: 30 8 * * *\n */', 'a.js'), '30 8 * * *');
  assert.equal(headerSchedule('// cron: 30 8 * * *', 'a.js'), '30 8 * * *');
  assert.equal(headerSchedule('# cron：5 */2 * * *', 'a.py'), '5 */2 * * *');
  assert.equal(headerSchedule("// cron: '1 2 * * *'", 'a.js'), '1 2 * * *');
  assert.equal(headerSchedule('const c = cron "10 10 * * *"', 'a.js'), '10 10 * * *');
});

test('headers: the first valid rule wins; invalid expressions fall through', () => {
  const text = '// cron: 99 99 * * *\n// 0 9 * * * a.js\n';
  assert.equal(headerSchedule(text, 'a.js'), '0 9 * * *');
  assert.equal(headerSchedule('// cron: 99 99 * * *', 'a.js'), null);
  assert.equal(headerSchedule('nothing here', 'a.js'), null);
});

test('headers: names from new Env, a name: line, else the file name', () => {
  assert.equal(headerName("const $ = new Env('京东签到');"), '京东签到');
  assert.equal(headerName('const $ = new Env("Daily bonus")'), 'Daily bonus');
  assert.equal(headerName('/*\n * name: 每日任务\n */'), '每日任务');
  assert.equal(headerName('# name: python job'), 'python job');
  assert.equal(headerName('console.log(1)'), null);
  assert.deepEqual(taskHeaderOf('console.log(1)', 'dir/plain.js', '0 3 * * *'), {
    name: 'plain.js',
    schedule: '0 3 * * *',
  });
});

test('headers: DefaultCronRule when valid, else a random daily time', () => {
  assert.equal(taskHeaderOf('', 'a.js', 'not a cron', () => 0.5).schedule, '30 12 * * *');
  assert.equal(taskHeaderOf('', 'a.js', null, () => 0).schedule, '0 0 * * *');
  assert.match(randomDailySchedule(), /^\d{1,2} \d{1,2} \* \* \*$/);
});

test('alias: derived from the URL, owner_repo[_branch], safe', () => {
  assert.equal(aliasOf('public-repo', 'https://github.com/whyour/qinglong.git', null), 'whyour_qinglong');
  assert.equal(aliasOf('public-repo', 'https://github.com/a/b.c', 'dev'), 'a_b_c_dev');
  assert.equal(aliasOf('private-repo', 'git@github.com:owner/repo.git', 'main'), 'owner_repo_main');
  assert.equal(aliasOf('public-repo', 'file:///tmp/x/origin.git', ''), 'x_origin');
  assert.equal(aliasOf('file', 'https://example.com/raw/jd_x.js?x=1', null), 'jd_x');
  assert.equal(fileNameOfUrl('https://example.com/raw/jd_x.js?x=1'), 'jd_x.js');
  assert.ok(isValidAlias('owner_repo-1.2'));
  for (const bad of ['..', '.hidden', 'a/b', '', 'a b', 'x'.repeat(101)]) assert.equal(isValidAlias(bad), false, bad);
});

test('ql repo / ql raw commands become form fields', () => {
  assert.deepEqual(shellWords(`ql repo "a b" 'c' d\\ e ""`), ['ql', 'repo', 'a b', 'c', 'd e', '']);
  assert.deepEqual(
    parseQlCommand(
      'ql repo "https://github.com/owner/scripts.git" "jd_|jx_" "backup|test" "utils|sendNotify" "main" "js py" "http://127.0.0.1:7890" "true" "false"',
    ),
    {
      type: 'public-repo',
      url: 'https://github.com/owner/scripts.git',
      whitelist: 'jd_|jx_',
      blacklist: 'backup|test',
      dependences: 'utils|sendNotify',
      branch: 'main',
      extensions: 'js py',
      proxy: 'http://127.0.0.1:7890',
      autoAddCron: 1,
      autoDelCron: 0,
      name: 'scripts',
      alias: 'owner_scripts_main',
    },
  );
  assert.deepEqual(parseQlCommand('SUB_ID=3 ql repo git@github.com:o/r.git'), {
    type: 'private-repo',
    url: 'git@github.com:o/r.git',
    name: 'r',
    alias: 'o_r',
  });
  assert.deepEqual(parseQlCommand('ql raw "https://x.org/a/jd_y.js"'), {
    type: 'file',
    url: 'https://x.org/a/jd_y.js',
    name: 'jd_y.js',
    alias: 'jd_y',
  });
  assert.equal(parseQlCommand('task foo.js'), null);
  assert.equal(parseQlCommand('ql repo'), null);
});

test('git environment: no prompt, proxy, token as a header in the environment, key through GIT_SSH_COMMAND', async (t) => {
  const basic = gitEnvironment({ kind: 'basic', username: 'u', password: 'p@ss' }, 'http://127.0.0.1:8080');
  assert.equal(basic.GIT_TERMINAL_PROMPT, '0');
  assert.equal(basic.https_proxy, 'http://127.0.0.1:8080');
  assert.equal(basic.GIT_CONFIG_KEY_0, 'http.extraHeader');
  assert.equal(basic.GIT_CONFIG_VALUE_0, `Authorization: Basic ${Buffer.from('u:p@ss').toString('base64')}`);
  const ssh = gitEnvironment({ kind: 'ssh', keyFile: '/d/ssh.d/a', knownHosts: '/d/ssh.d/known_hosts' }, null);
  assert.match(
    ssh.GIT_SSH_COMMAND!,
    /^ssh -i '\/d\/ssh.d\/a' .*StrictHostKeyChecking=accept-new.*UserKnownHostsFile='\/d\/ssh.d\/known_hosts'/,
  );
  assert.equal(ssh.http_proxy, undefined);

  const dir = mkdtempSync(path.join(os.tmpdir(), 'baihu-key-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const key = path.join(dir, 'ssh.d', 'alias');
  await writePrivateKey(key, '-----BEGIN KEY-----\r\nabc\r\n-----END KEY-----');
  assert.equal(statSync(key).mode & 0o777, 0o600);
  assert.equal(readFileSync(key, 'utf8'), '-----BEGIN KEY-----\nabc\n-----END KEY-----\n');

  const mask = maskerOf(['p@ss', null, '']);
  assert.equal(mask('https://u:p%40ss@host/x p@ss cEBzcw== ok'), 'https://***@host/x •••• •••• ok');
  assert.equal(mask(`Basic ${Buffer.from('p@ss').toString('base64')}`), 'Basic ••••');
});

test('file selection: extensions, whitelist, blacklist, dependency files; linear-time patterns only', () => {
  const files = ['a.js', 'jd_b.js', 'utils/c.js', 'backup/jd_d.js', 'e.py', 'f.md', 'jd_g.ts'];
  const rules = {
    extensions: extensionList('js py'),
    whitelist: compilePathPattern('jd_|\\.py$'),
    blacklist: compilePathPattern('^backup/'),
    dependences: compilePathPattern('^utils/'),
  };
  assert.deepEqual(selectFiles(files, rules), { scripts: ['jd_b.js', 'e.py'], dependencies: ['utils/c.js'] });
  assert.deepEqual(extensionList('.js, py|*.ts bad/ext'), ['.js', '.py', '.ts']);
  assert.equal(compilePathPattern('  '), null);
  assert.throws(() => compilePathPattern('(a)\\1'), 'back-references need backtracking');
  assert.throws(() => compilePathPattern('x'.repeat(1001)));
  // A pattern that would backtrack catastrophically runs in linear time.
  const started = performance.now();
  assert.equal(compilePathPattern('^(a+)+$')!.test(`${'a'.repeat(5000)}!`), false);
  assert.ok(performance.now() - started < 500);
});
