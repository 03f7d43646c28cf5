/** Unit: task command parsing, account selection, durations, random delay rule and log naming (pure code). */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { logDirName, logFileName, logLines } from '../../daemon/src/jobs/executor/log-format.ts';
import { randomDelaySeconds } from '../../daemon/src/jobs/executor/random-delay.ts';
import {
  parseDuration,
  parseTaskCommand,
  selectAccounts,
  shellWords,
  splitAccounts,
  type ParsedCommand,
} from '../../daemon/src/jobs/executor/task-command.ts';

function parsed(command: string): ParsedCommand {
  const result = parseTaskCommand(command);
  assert.ok(result.ok, `expected ${command} to parse: ${result.ok ? '' : result.error}`);
  return result.command;
}

function refused(command: string): string {
  const result = parseTaskCommand(command);
  assert.ok(!result.ok, `expected ${command} to be refused`);
  return result.error;
}

test('task <script> forms', () => {
  const cases: [string, Partial<ParsedCommand>][] = [
    ['task a.js', { script: 'a.js', mode: 'normal', bare: true, args: [], timeoutMs: null }],
    ['task dir/a.py now', { script: 'dir/a.py', mode: 'now', bare: false }],
    ['task a.js conc JD_COOKIE', { mode: 'conc', envName: 'JD_COOKIE', nums: [], bare: false }],
    ['task a.js conc JD_COOKIE 1 3 5-7 2~4 1_3 max', { nums: ['1', '3', '5-7', '2~4', '1_3', 'max'] }],
    ['task a.ts desi X 2', { mode: 'desi', envName: 'X', nums: ['2'] }],
    ['task a.js -m 5m', { timeoutMs: 300_000, bare: true }],
    ['task a.js now -m 90', { mode: 'now', timeoutMs: 90_000 }],
    ['task -m 2h a.sh', { script: 'a.sh', timeoutMs: 7_200_000, bare: true }],
    ['task a.js -l', { bare: true }],
    ['task a.js -- --flag "two words"', { args: ['--flag', 'two words'], bare: false }],
    ['task a.js x y', { mode: 'normal', args: ['x', 'y'], bare: false }],
    ['task a.js conc C 1-2 -m 1d -- -v', { nums: ['1-2'], timeoutMs: 86_400_000, args: ['-v'] }],
    ["task 'my dir/a.mjs' now", { script: 'my dir/a.mjs' }],
    ['task a.cjs # comment', { script: 'a.cjs', bare: true }],
    ['task a.pyc', { script: 'a.pyc' }],
  ];
  for (const [command, expected] of cases) {
    const result = parsed(command);
    assert.equal(result.kind, 'script', command);
    for (const [key, value] of Object.entries(expected)) {
      assert.deepEqual(result[key as keyof ParsedCommand], value, `${command}: ${key}`);
    }
  }
  assert.deepEqual(parsed('task a.js now').hookArgs, ['a.js', 'now']);
});

test('plain shell commands', () => {
  for (const command of ['echo hi && exit 3', 'ql repo https://x', 'tasker', 'bash x.sh']) {
    assert.deepEqual(parsed(command), { kind: 'shell', shell: command, hookArgs: [], timeoutMs: null, chain: false });
  }
  // task with something that is not a script: Qinglong's run_else, run as written.
  assert.deepEqual(parsed('task ls -la'), {
    kind: 'shell',
    shell: 'ls -la',
    hookArgs: ['ls', '-la'],
    timeoutMs: null,
    chain: false,
  });
});

test('a task line with shell operators or expansions is a chain: bash runs it whole, as typed', () => {
  for (const command of [
    'task a.sh && task b.py',
    'task a.sh; task b.sh',
    'task a.sh || true; task b.sh',
    'task a.js > /dev/null; task b.sh',
    'task a.js | task b.py',
    'task a.js &',
    'task a.js -- $HOME',
    'task a.js "$X"',
    'task a.js `date`',
    'task ls -la | wc -l',
    'task -m 5m a.js < input.txt',
  ]) {
    assert.deepEqual(parsed(command), { kind: 'shell', shell: command, hookArgs: [], timeoutMs: null, chain: true });
  }
  // Quoted, an operator is a word like any other: the native path.
  const quoted = parsed("task a.js -- 'x && y' \\;");
  assert.equal(quoted.kind, 'script');
  assert.deepEqual(quoted.kind === 'script' && quoted.args, ['x && y', ';']);
});

test('malformed task commands are refused with a message', () => {
  assert.match(refused('task'), /needs a script/);
  assert.match(refused('   '), /empty/);
  assert.match(refused('task a.js conc'), /needs a variable name/);
  assert.match(refused('task a.js conc 1-3'), /needs a variable name first/);
  assert.match(refused('task a.js desi X'), /needs account numbers/);
  assert.match(refused('task a.js conc X 1 abc'), /not an account number/);
  assert.match(refused('task a.js -m'), /-m" needs a time/);
  assert.match(refused('task a.js -m 5x'), /got "5x"/);
  assert.match(refused('task a.js -m 0'), /-m" needs a time/);
  assert.match(refused("task 'a.js"), /single quote/);
  assert.match(refused('task ../x.js'), /outside data\/scripts/);
  assert.match(refused('task a/../../x.py now'), /outside data\/scripts/);
  assert.match(refused('task /etc/passwd'), /outside data\/scripts/);
  assert.match(refused('task /ql/data/scripts/../x.js'), /outside data\/scripts/);
});

test('account selection', () => {
  assert.deepEqual(selectAccounts([], 3), [1, 2, 3]);
  assert.deepEqual(selectAccounts(['max'], 4), [1, 2, 3, 4]);
  assert.deepEqual(selectAccounts(['3', '1'], 4), [3, 1]);
  assert.deepEqual(selectAccounts(['5-7'], 8), [5, 6, 7]);
  assert.deepEqual(selectAccounts(['2~4', '1_3'], 8), [2, 3, 4, 1]);
  assert.deepEqual(selectAccounts(['3-max'], 5), [3, 4, 5]);
  assert.deepEqual(selectAccounts(['4-2'], 5), [4, 3, 2]);
  assert.deepEqual(selectAccounts(['9', '0', '2'], 3), [2]);
  assert.deepEqual(splitAccounts('a&b&&c'), ['a', 'b', 'c']);
});

test('durations', () => {
  assert.equal(parseDuration('30'), 30_000);
  assert.equal(parseDuration('30s'), 30_000);
  assert.equal(parseDuration('1.5m'), 90_000);
  assert.equal(parseDuration('2h'), 7_200_000);
  assert.equal(parseDuration('1d'), 86_400_000);
  assert.equal(parseDuration(''), null);
  assert.equal(parseDuration('5 m'), null);
  assert.equal(parseDuration('-1'), null);
});

test('shell words', () => {
  assert.deepEqual(shellWords(`a "b c" 'd e' f\\ g "h\\"i"`), {
    words: ['a', 'b c', 'd e', 'f g', 'h"i'],
    operator: false,
  });
  assert.deepEqual(shellWords('a; b'), { words: ['a;', 'b'], operator: true });
});

test('random delay rule (otask.sh)', () => {
  const base = { eligible: true, script: 'a.js', minute: 7, random: () => 0.5 };
  assert.equal(randomDelaySeconds({ ...base, settings: { RandomDelay: '300' } }), 151);
  assert.equal(randomDelaySeconds({ ...base, settings: { RandomDelay: '10' }, random: () => 0 }), 1);
  assert.equal(randomDelaySeconds({ ...base, settings: { RandomDelay: '10' }, random: () => 0.999 }), 10);
  assert.equal(randomDelaySeconds({ ...base, eligible: false, settings: { RandomDelay: '300' } }), 0);
  assert.equal(randomDelaySeconds({ ...base, settings: {} }), 0, 'RandomDelay unset');
  assert.equal(randomDelaySeconds({ ...base, settings: { RandomDelay: '' } }), 0);
  assert.equal(randomDelaySeconds({ ...base, settings: { RandomDelay: 'abc' } }), 0);
  // Extensions: unset = js only; "" = every file; a list.
  assert.equal(randomDelaySeconds({ ...base, script: 'a.py', settings: { RandomDelay: '9' } }), 0);
  assert.ok(
    randomDelaySeconds({ ...base, script: 'a.py', settings: { RandomDelay: '9', RandomDelayFileExtensions: '' } }),
  );
  const list = { RandomDelay: '9', RandomDelayFileExtensions: 'js py' };
  assert.ok(randomDelaySeconds({ ...base, script: 'x/a.py', settings: list }));
  assert.equal(randomDelaySeconds({ ...base, script: 'a.ts', settings: list }), 0);
  // Minutes: unset = "0 30"; "" = none ignored.
  assert.equal(randomDelaySeconds({ ...base, minute: 0, settings: { RandomDelay: '9' } }), 0);
  assert.equal(randomDelaySeconds({ ...base, minute: 30, settings: { RandomDelay: '9' } }), 0);
  assert.ok(randomDelaySeconds({ ...base, minute: 0, settings: { RandomDelay: '9', RandomDelayIgnoredMinutes: '' } }));
  assert.equal(
    randomDelaySeconds({ ...base, minute: 15, settings: { RandomDelay: '9', RandomDelayIgnoredMinutes: '15 45' } }),
    0,
  );
});

test('log naming and lines', () => {
  assert.equal(logDirName('task abc/jd_x.js', 12), 'abc_jd_x_12');
  assert.equal(logDirName('task foo.py', 12), 'foo_12');
  assert.equal(logDirName('task /ql/data/scripts/abc/jd_x.js', 12), 'abc_jd_x_12');
  assert.equal(logDirName('task /ql/data/scripts/foo.py', 12), 'foo_12');
  assert.equal(logDirName('task a/b/c.ts now', 3), 'b_c_3');
  assert.equal(logDirName('task -m 5m foo.py', 4), 'foo_4');
  assert.equal(logDirName('task foo.py'), 'foo');
  assert.equal(logDirName('echo hi && rm -rf /', 7), 'echo_hi_rm_-rf_7');
  assert.equal(logDirName('ql repo https://github.com/a/b.git', 1), 'ql_repo_https_github.com_a_b.git_1');
  assert.equal(logDirName('&&&', 2), 'command_2');
  assert.equal(logFileName(Date.UTC(2026, 0, 2, 3, 4, 5, 6), 'UTC'), '2026-01-02-03-04-05-006.log');
  assert.equal(logFileName(Date.UTC(2026, 0, 2, 3, 4, 5, 6), 'Asia/Shanghai'), '2026-01-02-11-04-05-006.log');
  const outcome = { end: 'failed', exitCode: 3, startedAt: 0, finishedAt: 400, durationMs: 400 } as const;
  assert.equal(logLines.en.start('T', 'My task'), '## Start T My task');
  assert.equal(
    logLines.en.end('T', { outcome, signal: null, timeoutMs: null }),
    '## End T — failed with exit code 3, 0.4 s',
  );
  assert.equal(
    logLines.en.end('T', {
      outcome: { ...outcome, end: 'success', exitCode: 0, durationMs: 1234 },
      signal: null,
      timeoutMs: null,
    }),
    '## End T — success, 1.2 s',
  );
  assert.equal(
    logLines.en.end('T', { outcome: { ...outcome, end: 'timeout', exitCode: null }, signal: null, timeoutMs: 60_000 }),
    '## End T — timed out after 60 s',
  );
  assert.equal(
    logLines.zh.end('T', {
      outcome: { ...outcome, end: 'success', exitCode: 0, durationMs: 1200 },
      signal: null,
      timeoutMs: null,
    }),
    '## 执行结束 T 成功，耗时 1.2 秒',
  );
  assert.equal(logLines.zh.start('T', 'x'), '## 开始执行 T x');
});
