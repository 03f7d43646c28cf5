/**
 * Integration: the task runner with REAL processes (bash, node, python3, tsx) in a temporary data directory.
 * What is real: processes, process groups, signals, /proc, files. Nothing is mocked.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import { ensureModuleScope } from '../../daemon/src/files/module-scope.ts';
import { dataPaths, ensureDataDirs, type DataPaths } from '../../daemon/src/config/paths.ts';
import { userDataDir } from '../helpers/app.ts';
import { markedProcesses, killLeftovers } from '../../daemon/src/jobs/executor/process-kill.ts';
import { ProcessRunner, type ProcessRunnerOptions } from '../../daemon/src/jobs/executor/process-runner.ts';
import { spawnCommand } from '../../daemon/src/jobs/executor/spawn-command.ts';
import type { PanelVariable, RunOutcome, TaskRunSpec } from '../../daemon/src/jobs/executor/types.ts';

process.env.BAIHU_SECRET_TEST = 'leaked';
process.env.NOT_WHITELISTED_TEST = 'leaked';

interface Setup {
  paths: DataPaths;
  runner: ProcessRunner;
  variables: PanelVariable[];
  script(name: string, text: string): void;
  run(command: string, spec?: Partial<TaskRunSpec>): Promise<Result>;
}

interface Result {
  outcome: RunOutcome;
  log: string;
  live: string;
  runId: string;
}

async function setup(t: TestContext, options: Partial<ProcessRunnerOptions> = {}): Promise<Setup> {
  const paths = dataPaths(userDataDir(t, 'baihu-runner-'));
  await ensureDataDirs(paths);
  await ensureModuleScope(paths.root);
  const variables: PanelVariable[] = [];
  const runner = new ProcessRunner({
    paths,
    variables: async () => variables,
    graceMs: 500,
    daemonEnv: process.env,
    ...options,
  } as ProcessRunnerOptions);
  let count = 0;
  return {
    paths,
    runner,
    variables,
    script(name, text) {
      mkdirSync(path.dirname(path.join(paths.scripts, name)), { recursive: true });
      writeFileSync(path.join(paths.scripts, name), text);
    },
    async run(command, spec = {}) {
      const logFile = path.join(paths.log, 'test', `${++count}.log`);
      const chunks: Buffer[] = [];
      let written = 0;
      const handle = await runner.start({
        command,
        logFile,
        manual: true,
        title: command,
        ...spec,
        sink: {
          data(chunk) {
            written += chunk.length;
            // The live-log hub relies on this: the file already holds the bytes when the sink hears of them.
            assert.ok(statSync(logFile).size >= written, 'log file behind the live output');
            chunks.push(chunk);
          },
          end() {},
        },
      });
      const outcome = await handle.finished;
      const live = Buffer.concat(chunks).toString();
      return { outcome, log: readFileSync(logFile, 'utf8'), live, runId: handle.runId };
    },
  };
}

const lines = (log: string) => log.trimEnd().split('\n');

test('each interpreter runs its script with the panel variables; output reaches the log and the sink', async (t) => {
  const s = await setup(t);
  s.variables.push({ name: 'GREETING', value: 'hello' });
  s.script('a/py.py', 'import os\nprint("python", os.environ["GREETING"])\n');
  s.script('a/js.js', 'console.log("node-js", process.env.GREETING);\n');
  s.script('a/esm.mjs', 'await Promise.resolve();\nconsole.log("node-mjs", process.env.GREETING);\n');
  s.script('a/ts.ts', 'const who: string = process.env.GREETING ?? "";\nconsole.log("tsx", who);\n');
  s.script('a/sh.sh', 'echo "bash $GREETING"\n');
  const cases = [
    ['a/py.py', 'python hello'],
    ['a/js.js', 'node-js hello'],
    ['a/esm.mjs', 'node-mjs hello'],
    ['a/ts.ts', 'tsx hello'],
    ['a/sh.sh', 'bash hello'],
  ] as const;
  const results = await Promise.all(cases.map(([file]) => s.run(`task ${file}`)));
  for (const [i, [file, expected]] of cases.entries()) {
    const { outcome, log, live } = results[i]!;
    assert.equal(outcome.end, 'success', `${file}: ${log}`);
    assert.equal(outcome.exitCode, 0);
    assert.equal(log, live, 'the sink saw exactly what the file holds');
    const all = lines(log);
    assert.match(all[0]!, new RegExp(`^## Start \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d task ${file}$`));
    assert.ok(all.includes(expected), `${file}: ${log}`);
    assert.match(all.at(-1)!, /^## End \d{4}-\d\d-\d\d \d\d:\d\d:\d\d — success, \d+\.\d s$/);
    assert.equal(outcome.durationMs, outcome.finishedAt - outcome.startedAt);
  }
});

test('a failing script ends failed with its exit code; a plain shell command runs under bash', async (t) => {
  const s = await setup(t);
  s.script('fail.py', 'import sys\nprint("bad")\nsys.exit(3)\n');
  const failed = await s.run('task fail.py');
  assert.deepEqual([failed.outcome.end, failed.outcome.exitCode], ['failed', 3]);
  assert.match(lines(failed.log).at(-1)!, /— failed with exit code 3, \d+\.\d s$/);
  const plain = await s.run('echo hi && exit 3');
  assert.deepEqual([plain.outcome.end, plain.outcome.exitCode], ['failed', 3]);
  assert.deepEqual(lines(plain.log).slice(1, -1), ['hi']);
});

test('work dir: the script folder by default, else the task work dir', async (t) => {
  const s = await setup(t);
  s.script('deep/er/cwd.js', 'console.log("cwd=" + process.cwd());\n');
  const byDefault = await s.run('task deep/er/cwd.js');
  assert.ok(byDefault.log.includes(`cwd=${path.join(s.paths.scripts, 'deep/er')}\n`), byDefault.log);
  const own = await s.run('task deep/er/cwd.js', { workDir: s.paths.deps });
  assert.ok(own.log.includes(`cwd=${s.paths.deps}\n`), own.log);
  const plain = await s.run('pwd');
  assert.ok(plain.log.includes(`${s.paths.scripts}\n`), plain.log);
});

test('environment: config.sh exports, panel variables joined with & in order, no daemon secrets', async (t) => {
  const s = await setup(t);
  writeFileSync(
    path.join(s.paths.config, 'config.sh'),
    'echo config-loaded\nexport FROM_CONFIG=yes\nNOT_EXPORTED=no\nexport SHARED=from-config\n',
  );
  s.variables.push(
    { name: 'COOKIE', value: 'one' },
    { name: 'OTHER', value: 'x' },
    { name: 'COOKIE', value: 'two' },
    { name: 'bad name', value: 'skipped' },
    { name: 'SHARED', value: 'from-panel' },
  );
  const names = ['FROM_CONFIG', 'NOT_EXPORTED', 'COOKIE', 'SHARED', 'BAIHU_SECRET_TEST', 'NOT_WHITELISTED_TEST'];
  s.script(
    'env.js',
    `for (const n of ${JSON.stringify(names)}) console.log(n + '=' + (process.env[n] ?? '<unset>'));
console.log('QL_DATA_DIR=' + process.env.QL_DATA_DIR, 'PYTHONUNBUFFERED=' + process.env.PYTHONUNBUFFERED);
console.log('RUN=' + process.env.BAIHU_RUN_ID, 'WRAPPER_VARS=' + Object.keys(process.env).filter((k) => k.startsWith('BAIHU_') && !['BAIHU_RUN_ID', 'BAIHU_DATA_DIR'].includes(k)).join(','));
`,
  );
  const { log, runId } = await s.run('task env.js', { env: { PER_RUN: 'r' } });
  const out = lines(log);
  for (const expected of [
    'config-loaded',
    'FROM_CONFIG=yes',
    'NOT_EXPORTED=<unset>',
    'COOKIE=one&two',
    'SHARED=from-panel',
    'BAIHU_SECRET_TEST=<unset>',
    'NOT_WHITELISTED_TEST=<unset>',
    `QL_DATA_DIR=${s.paths.root} PYTHONUNBUFFERED=1`,
    `RUN=${runId} WRAPPER_VARS=`,
  ]) {
    assert.ok(out.includes(expected), `${expected} in\n${log}`);
  }
});

test('conc runs one process per account in parallel with [n] prefixes; desi reduces the variable', async (t) => {
  const s = await setup(t);
  s.variables.push({ name: 'ACC', value: 'a&b&c' });
  const barrier = path.join(s.paths.root, 'barrier');
  mkdirSync(barrier);
  // Each account announces itself, then waits until all selected accounts have: only parallel runs get through.
  s.script(
    'conc.js',
    `const fs = require('node:fs');
const dir = ${JSON.stringify(barrier)};
fs.writeFileSync(dir + '/' + process.env.ACC, '');
const until = Date.now() + 5000;
while (fs.readdirSync(dir).length < 2 && Date.now() < until) {}
console.log('account', process.env.ACC);
process.stdout.write('second line without newline');
`,
  );
  const conc = await s.run('task conc.js conc ACC 3 1');
  assert.equal(conc.outcome.end, 'success', conc.log);
  const body = lines(conc.log).slice(1, -1).sort();
  assert.deepEqual(body, [
    '[1] account a',
    '[1] second line without newline',
    '[3] account c',
    '[3] second line without newline',
  ]);
  assert.ok(Date.now() - conc.outcome.startedAt < 4000, 'the accounts waited for each other: not parallel');

  s.script('desi.py', 'import os\nprint("ACC=" + os.environ["ACC"])\n');
  const desi = await s.run('task desi.py desi ACC 2-3');
  assert.ok(lines(desi.log).includes('ACC=b&c'), desi.log);
  const none = await s.run('task desi.py desi ACC 7');
  assert.deepEqual([none.outcome.end, none.outcome.exitCode], ['failed', 2]);
  assert.match(none.log, /no account of ACC matches "7"/);
});

test('hooks run in order around the script, and the after hooks run when it fails', async (t) => {
  const s = await setup(t);
  writeFileSync(path.join(s.paths.config, 'task_before.sh'), 'echo "global before $1"\n');
  writeFileSync(path.join(s.paths.config, 'task_after.sh'), 'echo "global after $1"\n');
  s.script('x/hooked.sh', 'echo script; exit 4\n');
  const { outcome, log } = await s.run('task x/hooked.sh now', {
    taskBefore: 'echo "task before"\necho "line two"',
    taskAfter: "echo 'task after'",
  });
  assert.deepEqual([outcome.end, outcome.exitCode], ['failed', 4]);
  assert.deepEqual(lines(log).slice(1, -1), [
    'global before x/hooked.sh',
    'task before',
    'line two',
    'script',
    'global after x/hooked.sh',
    'task after',
  ]);
});

test('-m times out a long script; the end line says so', async (t) => {
  const s = await setup(t);
  s.script('slow.sh', 'echo started\nsleep 30\n');
  const { outcome, log, runId } = await s.run('task slow.sh -m 1');
  assert.equal(outcome.end, 'timeout');
  assert.ok(outcome.durationMs >= 1000 && outcome.durationMs < 5000, String(outcome.durationMs));
  assert.match(lines(log).at(-1)!, /— timed out after 1 s$/);
  assert.deepEqual(await markedProcesses(runId), []);
});

test('CommandTimeoutTime from config.sh applies when -m is absent', async (t) => {
  const s = await setup(t);
  writeFileSync(path.join(s.paths.config, 'config.sh'), 'CommandTimeoutTime="1s"\n');
  const { outcome } = await s.run('sleep 30');
  assert.equal(outcome.end, 'timeout');
});

test("config.sh is read without the user's ~/.bashrc (a helper bash on a socket stdin ran it)", async (t) => {
  // bash -c with a socket on stdin (Node's pipes are socket pairs) takes itself for an rsh session and sources
  // ~/.bashrc: a line it printed became part of the first value read, so CommandTimeoutTime was lost.
  const home = mkdtempSync(path.join(tmpdir(), 'baihu-home-'));
  t.after(() => rmSync(home, { recursive: true, force: true }));
  writeFileSync(path.join(home, '.bashrc'), 'echo welcome\nCommandTimeoutTime=1d\n');
  const s = await setup(t, { daemonEnv: { ...process.env, HOME: home } });
  writeFileSync(path.join(s.paths.config, 'config.sh'), 'CommandTimeoutTime="1s"\n');
  const { outcome, log } = await s.run('sleep 20');
  assert.equal(outcome.end, 'timeout');
  assert.doesNotMatch(log, /welcome/);
});

test('stop kills the group, a background child and a setsid grandchild; nothing with the marker is left', async (t) => {
  const s = await setup(t);
  // One child ignores SIGTERM, so the SIGKILL after the grace period is needed too.
  s.script(
    'spawner.sh',
    `sleep 300 &
setsid sleep 301 &
(trap '' TERM; sleep 302) &
setsid bash -c 'sleep 303 & wait' &
sleep 0.3
echo ready
sleep 300
`,
  );
  let ready!: () => void;
  const isReady = new Promise<void>((resolve) => (ready = resolve));
  const handle = await s.runner.start({
    command: 'task spawner.sh',
    logFile: path.join(s.paths.log, 'stop.log'),
    manual: true,
    title: 'stop',
    sink: { data: (chunk) => chunk.toString().includes('ready') && ready(), end() {} },
  });
  await isReady;
  const before = await markedProcesses(handle.runId);
  assert.ok(before.length >= 6, `expected the whole tree, found ${before.length}`);
  assert.ok(
    before.some((entry) => entry.pgid !== handle.pid),
    'a setsid child left the group',
  );
  await handle.stop();
  assert.deepEqual(await markedProcesses(handle.runId), []);
  const outcome = await handle.finished;
  assert.equal(outcome.end, 'stopped');
  assert.match(lines(readFileSync(path.join(s.paths.log, 'stop.log'), 'utf8')).at(-1)!, /— stopped, \d+\.\d s$/);
});

test('killLeftovers kills processes carrying the marker and never one without it', async (t) => {
  const marker = `test-${process.pid}-${Date.now()}`;
  const stranger = spawn('sleep', ['30'], { detached: true, stdio: 'ignore' });
  const marked = spawn('sleep', ['31'], {
    detached: true,
    stdio: 'ignore',
    env: { ...process.env, BAIHU_RUN_ID: marker },
  });
  t.after(() => {
    stranger.kill('SIGKILL');
    marked.kill('SIGKILL');
  });
  const markedExit = new Promise((resolve) => marked.once('exit', resolve));
  // The stranger's group id, as if recorded for a run: it lacks the marker, so it must survive.
  assert.equal(await killLeftovers(stranger.pid!, marker), 1);
  assert.equal(await markedExit, null);
  assert.equal(stranger.exitCode, null);
  assert.doesNotThrow(() => process.kill(stranger.pid!, 0), 'a process without the marker was killed');
});

test('script paths escaping data/scripts are refused with a message', async (t) => {
  const s = await setup(t);
  const outside = path.join(s.paths.root, 'outside.js');
  writeFileSync(outside, 'console.log("escaped")');
  symlinkSync(outside, path.join(s.paths.scripts, 'link.js'));
  for (const [command, message] of [
    ['task ../outside.js', /outside data\/scripts/],
    ['task /etc/passwd', /outside data\/scripts/],
    [`task ${outside}`, /outside data\/scripts/],
    ['task link.js now', /outside data\/scripts/],
    ['task missing.js', /Script not found: missing\.js/],
    ['task a.js conc', /needs a variable name/],
  ] as const) {
    const { outcome, log } = await s.run(command);
    assert.deepEqual([outcome.end, outcome.exitCode], ['failed', 2], command);
    assert.match(log, message, command);
    assert.ok(!log.includes('escaped'));
  }
});

test("absolute script paths inside data/scripts (or Qinglong's /ql/data/scripts) run; outside stays refused", async (t) => {
  const s = await setup(t);
  s.script('dir/abs.js', 'console.log("abs in", require("path").basename(process.cwd()));\n');
  for (const command of [
    `task ${path.join(s.paths.scripts, 'dir', 'abs.js')} now`,
    'task /ql/data/scripts/dir/abs.js now',
  ]) {
    const { outcome, log } = await s.run(command);
    assert.deepEqual([outcome.end, outcome.exitCode], ['success', 0], log);
    assert.match(log, /abs in dir/);
  }
  for (const command of [
    'task /ql/data/x.js',
    `task ${path.join(s.paths.root, 'x.js')}`,
    'task /ql/data/scripts/../x.js',
  ]) {
    const { outcome, log } = await s.run(command);
    assert.deepEqual([outcome.end, outcome.exitCode], ['failed', 2], command);
    assert.match(log, /outside data\/scripts/, command);
  }
});

test('a .sh task is sourced as on Qinglong: config.sh variables (exported or not) and the share.sh helpers', async (t) => {
  const s = await setup(t);
  writeFileSync(path.join(s.paths.config, 'config.sh'), 'MyCookie="from-config"\nexport PUSH_KEY="pk"\n');
  s.script(
    'sh/q.sh',
    [
      'echo "cookie=$MyCookie push=$PUSH_KEY add=$AutoAddCron"',
      'echo "scripts=$dir_scripts"',
      'type notify_api >/dev/null && echo "notify_api defined"',
      'echo "args=$*"',
      'exit 3',
    ].join('\n'),
  );
  const { outcome, log } = await s.run('task sh/q.sh now -- a b');
  assert.deepEqual([outcome.end, outcome.exitCode], ['failed', 3], log);
  assert.match(log, /cookie=from-config push=pk add=true/);
  assert.ok(log.includes(`scripts=${s.paths.scripts}`), log);
  assert.match(log, /notify_api defined/);
  assert.match(log, /args=a b/);
});

test("scripts find the npm packages Qinglong's image preinstalls (script-packages/)", async (t) => {
  const s = await setup(t);
  const names = ['axios', 'got', 'undici', 'dotenv', 'crypto-js', 'tough-cookie'];
  s.script('pk.js', `for (const n of ${JSON.stringify(names)}) { require(n); console.log('loaded', n); }\n`);
  const { outcome, log } = await s.run('task pk.js now');
  assert.deepEqual([outcome.end, outcome.exitCode], ['success', 0], log);
  for (const name of names) assert.match(log, new RegExp(`loaded ${name}`));
});

test('zh log lines', async (t) => {
  const s = await setup(t, { language: () => 'zh' });
  const { log } = await s.run('echo 你好');
  assert.match(lines(log)[0]!, /^## 开始执行 \S+ \S+ echo 你好$/);
  assert.match(lines(log).at(-1)!, /^## 执行结束 \S+ \S+ 成功，耗时 \d+\.\d 秒$/);
});

test('spawnCommand runs an argv without a shell, with the same log and stop', async (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'baihu-spawn-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const logFile = path.join(dir, 'sub', 'install.log');
  const handle = spawnCommand({
    argv: [process.execPath, '-e', 'console.log(process.argv[1], !!process.env.BAIHU_RUN_ID)', '$HOME; echo no'],
    cwd: dir,
    env: { PATH: process.env.PATH ?? '' },
    logFile,
    title: 'npm install',
  });
  const outcome = await handle.finished;
  assert.equal(outcome.end, 'success');
  assert.deepEqual(lines(readFileSync(logFile, 'utf8')).slice(1, -1), ['$HOME; echo no true']);

  const long = spawnCommand({ argv: ['sleep', '30'], cwd: dir, env: {}, graceMs: 200 });
  await long.stop();
  assert.equal((await long.finished).end, 'stopped');
});

test('output past the log limit: one notice in the log and the live stream, the rest discarded, the run goes on', async (t) => {
  const limit = 64 * 1024;
  const s = await setup(t, { logLimitBytes: () => limit });
  const done = path.join(s.paths.root, 'done');
  const { outcome, log, live } = await s.run(`yes 0123456789 | head -c 5000000; echo after; touch '${done}'`);
  assert.equal(outcome.end, 'success');
  assert.doesNotThrow(() => statSync(done), 'the command ran on to its end');
  assert.equal(live, log, 'the live stream got exactly what the log holds');
  const all = lines(log);
  const notice =
    /^## Output truncated: this run printed more than 64 KB \(the run log limit\)\. The run goes on; the rest of its output is discarded\.$/;
  assert.equal(all.filter((line) => notice.test(line)).length, 1);
  assert.ok(!all.includes('after'), 'nothing after the notice but the end line');
  assert.match(all.at(-1)!, /^## End .* — success/);
  const output = all.slice(
    1,
    all.findIndex((line) => notice.test(line)),
  );
  // Kept: the output up to the cap (the chunk that crosses it is cut after its last whole line).
  assert.deepEqual(
    output.slice(0, -1).filter((line) => line !== '0123456789'),
    [],
  );
  assert.ok('0123456789'.startsWith(output.at(-1)!));
  const kept = output.join('\n').length + 1;
  assert.ok(kept <= limit + 1 && kept > limit - 11, `${kept} bytes kept`);

  // The same cap for installs and hooks (spawnCommand), in the language asked for.
  let streamed = '';
  const handle = spawnCommand({
    argv: ['bash', '-c', 'head -c 100000 /dev/zero | tr "\\0" x; echo; echo end'],
    cwd: s.paths.root,
    env: { PATH: process.env.PATH ?? '' },
    logLimitBytes: 1000,
    language: 'zh',
    sink: { data: (chunk) => (streamed += chunk.toString()), end() {} },
  });
  assert.equal((await handle.finished).end, 'success');
  assert.equal(
    streamed,
    `${'x'.repeat(1000)}\n## 输出已截断：本次运行的输出超过 1000 bytes（运行日志上限）。运行继续，之后的输出将被丢弃。\n`,
  );
});
