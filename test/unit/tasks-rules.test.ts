import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseCrontab } from '../../daemon/src/modules/tasks/crontab-import.ts';
import { compilePattern } from '../../daemon/src/db/patterns.ts';
import { containsTaskCommand, isValidLogName } from '../../daemon/src/modules/tasks/validate.ts';

test('crontab import: schedules and commands; comments, variables and unreadable lines skipped', () => {
  const text = [
    '# m h dom mon dow command',
    'SHELL=/bin/bash',
    'PATH = /usr/bin',
    '',
    '*/5 * * * * /usr/bin/node /ql/data/scripts/jd_sign.js >> /tmp/x.log',
    '@reboot echo up',
    '@daily /opt/backup.sh',
    'not a cron line',
    '0 0 30 2 * echo never',
  ].join('\n');
  assert.deepEqual(parseCrontab(text), [
    { name: 'jd_sign.js', schedule: '*/5 * * * *', command: '/usr/bin/node /ql/data/scripts/jd_sign.js >> /tmp/x.log' },
    { name: 'echo up', schedule: '@boot', command: 'echo up' },
    { name: 'backup.sh', schedule: '@daily', command: '/opt/backup.sh' },
  ]);
});

test('task_before/task_after: any line or chained command that starts the task runner is refused', () => {
  for (const script of [
    'task a.js',
    'echo 1\ntask a.js',
    'echo 1; ql repo x',
    'a && task b.py',
    'x | task y',
    '$(task z)',
    'ql',
  ]) {
    assert.equal(containsTaskCommand(script), true, script);
  }
  for (const script of ['echo task a.js', 'export TASK=1', 'mytask a', 'cd /ql && ls', 'echo "ql is great"']) {
    assert.equal(containsTaskCommand(script), false, script);
  }
});

test('log_name stays inside data/log or is /dev/null', () => {
  const root = '/data/log';
  for (const ok of ['/dev/null', 'my_logs', 'a/b', '.tmp', 'a..b']) assert.equal(isValidLogName(ok, root), true, ok);
  for (const bad of ['../x', 'a/../../x', '/etc', '.', 'a\\b', 'a\0b', '..'])
    assert.equal(isValidLogName(bad, root), false, bad);
});

test('view regexps: case-insensitive, linear-time only, at most 200 characters', () => {
  assert.ok(compilePattern('^JD_')!.test('jd_sign'));
  assert.ok(compilePattern('[A-Z]+\\d')!.test('abc1'));
  assert.equal(compilePattern('(a)\\1'), null, 'back-references need backtracking');
  assert.equal(compilePattern('a(?=b)'), null, 'look-arounds need backtracking');
  assert.equal(compilePattern('(unclosed'), null);
  assert.equal(compilePattern('x'.repeat(201)), null);
  const started = performance.now();
  assert.equal(compilePattern('^(a+)+$')!.test(`${'a'.repeat(50_000)}b`), false);
  assert.ok(performance.now() - started < 500);
});
