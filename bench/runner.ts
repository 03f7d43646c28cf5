/**
 * Task runner latency: from `runner.start()` to the first byte of the command's own output (the runner's start
 * line excluded), 20 runs each (BENCH_RUNS), on a fresh temp data dir:
 *  - `echo hi` (plain command: wrapper + bash -c), budget p50 20 ms;
 *  - a .js script (node) and a .py script (python3), budget p50 80 ms; where python3 on PATH is a version manager's
 *    shim, the .py case through it has no budget and the same case with the interpreter it leads to carries it;
 *  - the same three with a 60-line config.sh (sourced by the wrapper on every run).
 * `echo hi` and the .js script are also run without the run reaper (daemon/native/baihu-reaper), sampled in turn
 * with the others: no_reaper_p50_ms, so the reaper's cost is p50_ms - no_reaper_p50_ms.
 * The .js and .py scripts are also run as a task or debug run is, with a run token: QLAPI is then preloaded
 * (NODE_OPTIONS --require, sitecustomize on PYTHONPATH), sampled in turn: qlapi_p50_ms - p50_ms is what the preload
 * costs a run that never calls it.
 * Each case also gives bare_p50_ms: the interpreter spawned directly (no runner, no wrapper), sampled in turn with
 * the runner, so the runner's own overhead is p50_ms - bare_p50_ms even on a busy machine.
 * Runs get the environment the image gives them: variables of this machine that slow every node start and the image
 * does not set (NODE_EXTRA_CA_CERTS) are unset first; the .js lines print what they cost (bench/lib/node-start.ts).
 * Prints one JSON line per case with p50, p95 and budget. Exit code 1 when a p50 exceeds its budget.
 * Run: npx tsx bench/runner.ts
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { dataPaths, ensureDataDirs } from '../daemon/src/config/paths.ts';
import { ProcessRunner } from '../daemon/src/jobs/executor/process-runner.ts';
import { withoutMachineNodeSlowdowns } from './lib/node-start.ts';
import { python3OnPath } from './lib/python.ts';
import { tempDir } from './lib/temp.ts';

const runs = Number(process.env.BENCH_RUNS ?? 20);
const machineNode = withoutMachineNodeSlowdowns(); // before any runner reads the environment
const { dir: root, remove } = tempDir('runner');
const paths = dataPaths(path.join(root, 'data'));
await ensureDataDirs(paths);
writeFileSync(path.join(paths.scripts, 'hello.js'), 'console.log("hi");\n');
writeFileSync(path.join(paths.scripts, 'hello.py'), 'print("hi")\n');

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const round = (ms: number) => Math.round(ms * 10) / 10;

/** What the kernel gives a task or debug run: its token (QLAPI is preloaded then). */
const tokenEnv = { BAIHU_NOTIFY_URL: 'http://127.0.0.1:9/', BAIHU_NOTIFY_TOKEN: 'bench-run-token' };

async function firstByteMs(runner: ProcessRunner, command: string, env?: Record<string, string>): Promise<number> {
  const t0 = performance.now();
  let first = 0;
  const handle = await runner.start({
    command,
    ...(env ? { env } : {}),
    logFile: path.join(paths.log, 'bench', 'run.log'),
    manual: true,
    title: 'bench',
    sink: {
      data: (chunk) => {
        if (first === 0 && !chunk.toString().startsWith('## Start')) first = performance.now() - t0;
      },
      end: () => {},
    },
  });
  await handle.finished;
  return first;
}

/** The floor: the bare interpreter spawned directly, no runner, no wrapper (what the runner's overhead adds to). */
async function bareFirstByteMs(argv: string[]): Promise<number> {
  const t0 = performance.now();
  let first = 0;
  await new Promise((resolve) => {
    const child = spawn(argv[0]!, argv.slice(1), { cwd: paths.scripts, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.once('data', () => (first = performance.now() - t0));
    child.on('close', resolve);
  });
  return first;
}

const python = python3OnPath();
const plainRunner = new ProcessRunner({
  paths,
  variables: async () => [{ name: 'JD_COOKIE', value: 'a' }],
  daemonEnv: process.env,
});
const noReaperRunner = new ProcessRunner({
  paths,
  variables: async () => [{ name: 'JD_COOKIE', value: 'a' }],
  daemonEnv: process.env,
  reaper: null,
});
const pythonDir = python?.shim ? path.dirname(python.interpreter) : null;
const directPython = pythonDir
  ? new ProcessRunner({
      paths,
      variables: async () => [],
      daemonEnv: process.env,
      extraEnv: () => ({ PATH: `${pythonDir}:${process.env.PATH ?? ''}` }),
    })
  : null;

type Case = [
  name: string,
  command: string,
  runner: ProcessRunner,
  budget: number | null,
  bare: string[],
  withoutReaper?: ProcessRunner,
  qlapi?: boolean,
];
const cases: Case[] = [
  ['echo hi', 'echo hi', plainRunner, 20, ['bash', '-c', 'echo hi'], noReaperRunner],
  ['js script', 'task hello.js now', plainRunner, 80, [process.execPath, 'hello.js'], noReaperRunner, true],
  // Through a shim the figure is printed without a budget: the case below budgets the runner with the interpreter.
  ['py script', 'task hello.py now', plainRunner, directPython ? null : 80, ['python3', 'hello.py'], undefined, true],
  ...(directPython
    ? [
        [
          'py script, python3 resolved (no shim)',
          'task hello.py now',
          directPython,
          80,
          [path.join(pythonDir!, 'python3'), 'hello.py'],
          undefined,
          true,
        ] as Case,
      ]
    : []),
];

let failed = false;
for (const withConfig of [false, true]) {
  if (withConfig) {
    const lines = Array.from({ length: 30 }, (_, i) => `export NOTIFY_KEY_${i}=""\n# a comment line ${i}`);
    writeFileSync(path.join(paths.config, 'config.sh'), `${lines.join('\n')}\nRandomDelay="300"\n`);
  }
  for (const [name, command, runner, budget, bare, withoutReaper, qlapi] of cases) {
    await firstByteMs(runner, command); // warm-up (file cache, config.sh reader)
    const samples: number[] = [];
    const bareSamples: number[] = [];
    const noReaperSamples: number[] = [];
    const qlapiSamples: number[] = [];
    // Interleaved with the bare interpreter, so that a busy machine weighs on both alike.
    for (let i = 0; i < runs; i++) {
      samples.push(await firstByteMs(runner, command));
      bareSamples.push(await bareFirstByteMs(bare));
      if (withoutReaper) noReaperSamples.push(await firstByteMs(withoutReaper, command));
      if (qlapi) qlapiSamples.push(await firstByteMs(runner, command, tokenEnv));
    }
    samples.sort((a, b) => a - b);
    bareSamples.sort((a, b) => a - b);
    noReaperSamples.sort((a, b) => a - b);
    qlapiSamples.sort((a, b) => a - b);
    const p50 = percentile(samples, 0.5);
    const ok = budget === null ? null : p50 <= budget;
    failed ||= ok === false;
    const figure = {
      bare_p50_ms: round(percentile(bareSamples, 0.5)),
      case: name,
      config_sh: withConfig,
      runs,
      p50_ms: round(p50),
      p95_ms: round(percentile(samples, 0.95)),
      ...(withoutReaper ? { no_reaper_p50_ms: round(percentile(noReaperSamples, 0.5)) } : {}),
      ...(qlapi ? { qlapi_p50_ms: round(percentile(qlapiSamples, 0.5)) } : {}),
      ...(bare[0] === process.execPath ? machineNode : {}),
    };
    console.log(JSON.stringify({ ...figure, budget_p50_ms: budget, ok }));
  }
}
remove();
process.exitCode = failed ? 1 : 0;
