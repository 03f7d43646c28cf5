/**
 * The run wrapper's shortcuts (shell/run-task.sh): with nothing after the command it takes the wrapper's place (no
 * subshell; a program is exec'd), with after-hooks it runs as before; the environment is fitted after config.sh only
 * when config.sh can change it. Real bash, real processes, a temporary data directory.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import { ConfigShReader, scanConfigText } from '../../daemon/src/jobs/executor/config-sh.ts';
import { ProcessRunner } from '../../daemon/src/jobs/executor/process-runner.ts';
import { WrapperSteps } from '../../daemon/src/jobs/executor/wrapper-steps.ts';
import { dataPaths, ensureDataDirs } from '../../daemon/src/config/paths.ts';

const samples = path.resolve(import.meta.dirname, '../../daemon/src/modules/configs/samples');

async function setup(t: TestContext) {
  const root = mkdtempSync(path.join(tmpdir(), 'baihu-wrapper-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const paths = dataPaths(path.join(root, 'data'));
  await ensureDataDirs(paths);
  // As a new install has them: the shipped config.sh and hooks (settings and comments only).
  for (const file of ['config.sh', 'task_before.sh', 'task_after.sh']) {
    const sample = file.replace('.sh', '.sample.sh');
    writeFileSync(path.join(paths.config, file), readFileSync(path.join(samples, sample)));
  }
  const runner = new ProcessRunner({ paths, variables: async () => [], graceMs: 500, daemonEnv: process.env });
  let count = 0;
  const run = async (command: string, taskAfter: string | null = null) => {
    const logFile = path.join(paths.log, 'test', `${++count}.log`);
    const handle = await runner.start({ command, logFile, manual: true, title: command, taskAfter });
    const outcome = await handle.finished;
    return { outcome, out: readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(1, -1) };
  };
  const script = (name: string, text: string) => writeFileSync(path.join(paths.scripts, name), text);
  return { paths, run, script };
}

// The parent of the program: the wrapper (bash) when it stays, else whatever started the wrapper.
const parentScript = `import os\nprint("parent", open(f"/proc/{os.getppid()}/comm").read().strip())\n`;

test('nothing after the command: a program replaces the wrapper, a shell command runs in it; their exits are the run', async (t) => {
  const s = await setup(t);
  s.script('parent.py', parentScript);
  const program = await s.run('task parent.py');
  assert.equal(program.outcome.exitCode, 0);
  assert.equal(program.out.length, 1);
  assert.notEqual(program.out[0], 'parent bash', 'exec: the wrapper is gone');
  const shell = await s.run('[ "$BASHPID" = "$$" ] && echo same shell; echo "$dir_scripts"; exit 7');
  assert.deepEqual(shell.out, ['same shell', s.paths.scripts]);
  assert.deepEqual([shell.outcome.end, shell.outcome.exitCode], ['failed', 7]);
  s.script('code.py', 'import sys\nsys.exit(5)\n');
  assert.equal((await s.run('task code.py')).outcome.exitCode, 5);
});

test('after-hooks: the command runs in a subshell or a child as before, and `exit` in it lets the hooks run', async (t) => {
  const s = await setup(t);
  s.script('parent.py', parentScript);
  const program = await s.run('task parent.py', 'echo task-after');
  assert.deepEqual(program.out, ['parent bash', 'task-after']);
  writeFileSync(path.join(s.paths.config, 'task_after.sh'), '# a comment first\n  echo global after');
  const shell = await s.run('[ "$BASHPID" != "$$" ] && echo subshell; exit 4');
  assert.deepEqual(shell.out, ['subshell', 'global after']);
  assert.deepEqual([shell.outcome.end, shell.outcome.exitCode], ['failed', 4]);
});

test('config.sh: the environment is fitted when config.sh can change it, whichever way', async (t) => {
  const s = await setup(t);
  s.script('home.py', 'import os\nprint("HOME", len(os.environ.get("HOME", "")))\n');
  const tooLong = '0'.repeat(140 * 1024);
  // A plain assignment to a variable the run already receives (no `export`): still exported, so fitted.
  writeFileSync(path.join(s.paths.config, 'config.sh'), `HOME=${tooLong}\n`);
  const assigned = await s.run('task home.py');
  assert.equal(assigned.outcome.exitCode, 0, assigned.out.join('\n'));
  assert.match(assigned.out[0]!, /Left out the variable HOME \(141 KB\)/);
  assert.equal(assigned.out.at(-1), 'HOME 0');
  writeFileSync(path.join(s.paths.config, 'config.sh'), `v=${tooLong}\nexport BIG_ONE="$v"\n`);
  const exported = await s.run('task home.py');
  assert.equal(exported.outcome.exitCode, 0, exported.out.join('\n'));
  assert.match(exported.out[0]!, /Left out the variable BIG_ONE \(141 KB\)/);
});

test('reading config.sh: settings and comments cannot change the environment; commands and exported names can', () => {
  const shipped = scanConfigText(readFileSync(path.join(samples, 'config.sample.sh'), 'utf8'));
  assert.equal(shipped.exportsByCommand, false);
  assert.ok(shipped.assigned.has('CommandTimeoutTime'));
  for (const line of ['export A=1', 'declare -x A=1', 'set -a', '. ./more.sh', 'source x', 'eval "$x"', 'read PATH']) {
    assert.equal(scanConfigText(`# export nothing\n${line}\n`).exportsByCommand, true, line);
  }
  assert.deepEqual([...scanConfigText('A=1 B+=2; PATH="$PATH:/x" # C=3\nU="http://a.b/c"').assigned].sort(), [
    'A',
    'B',
    'C',
    'PATH',
    'U',
  ]);
});

test('the wrapper sources a config file only when it has a command; an edit is seen by the next run', async (t) => {
  const s = await setup(t);
  const file = (name: string) => path.join(s.paths.config, name);
  const steps = new WrapperSteps(s.paths.config, new ConfigShReader(file('config.sh'), {}));
  // As shipped: config.sh has settings, the hooks only comments.
  assert.deepEqual(steps.forRun({}), { source: 'config', fit: false });
  writeFileSync(file('task_before.sh'), '# a comment\n\n  echo before\n');
  writeFileSync(file('task_after.sh'), '\r\n   # indented comment\r\ntrue\r\n');
  assert.deepEqual(steps.forRun({}), { source: 'config before after', fit: false });
  writeFileSync(file('config.sh'), '# nothing but comments\n\n');
  assert.deepEqual(steps.forRun({}), { source: 'before after', fit: false });
  rmSync(file('task_before.sh'));
  writeFileSync(file('config.sh'), 'export COOKIE=1\n');
  assert.deepEqual(steps.forRun({}), { source: 'config after', fit: true });
  // A different size: two writes in the same tick of the file system's clock can leave the same mtime.
  writeFileSync(file('config.sh'), 'HOME=/elsewhere/home\n');
  assert.deepEqual(steps.forRun({ HOME: '/root' }), { source: 'config after', fit: true });
  assert.deepEqual(steps.forRun({}), { source: 'config after', fit: false });
});

test("a run's command sees none of the wrapper's own variables, however the wrapper was set up", async (t) => {
  const s = await setup(t);
  const listed = 'env | grep ^BAIHU_ | cut -d= -f1 | sort';
  const expected = ['BAIHU_DATA_DIR', 'BAIHU_RUN_ID'];
  assert.deepEqual((await s.run(listed)).out, expected, 'as shipped');
  writeFileSync(path.join(s.paths.config, 'config.sh'), 'export FROM_CONFIG=1\n');
  writeFileSync(path.join(s.paths.config, 'task_before.sh'), 'true\n');
  assert.deepEqual((await s.run(listed)).out, expected, 'config.sh exports: fitted');
  assert.deepEqual((await s.run(listed, 'true')).out, expected, 'after commands: in a subshell');
});
