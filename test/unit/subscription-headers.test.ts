import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  headerName,
  headerSchedule,
  randomDailySchedule,
  taskHeaderOf,
} from '../../daemon/src/modules/subscriptions/headers.ts';
import { aliasOf, fileNameOfUrl, isValidAlias } from '../../daemon/src/modules/subscriptions/alias.ts';
import { parseQlCommand, shellWords } from '../../daemon/src/modules/subscriptions/parse-command.ts';

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
