#!/usr/bin/env node
// Compiles the daemon's two native helpers with the system's C compiler, the one better-sqlite3 already needs: the
// run reaper (daemon/native/reaper.c → baihu-reaper) and the process starter (spawner.c → baihu-spawner). Run by
// `npm ci` (postinstall), `npm start` and `npm test` for each binary missing or older than its source, and by the
// Dockerfile's native stage.
// Without a compiler the runner works without them (`ql check` says so); only with `--required` (the image) is a
// failed build an error. Plain ESM, no dependencies.
import { spawnSync } from 'node:child_process';
import { renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const native = path.join(root, 'daemon', 'native');
const helpers = [
  {
    sources: ['reaper.c', 'reaper-core.c'],
    binary: path.join(native, 'baihu-reaper'),
    name: 'run reaper',
    without: 'Runs still work, but stop and timeout cannot reach processes that detach from a run.',
  },
  {
    // It runs the reaper's code itself in the process it forks for a run (reaper-core.c).
    sources: ['spawner.c', 'reaper-core.c'],
    binary: path.join(native, 'baihu-spawner'),
    name: 'process starter',
    without: 'Runs still work: the daemon starts them itself, which costs it more time per run.',
  },
];
const required = process.argv.includes('--required');
const force = process.argv.includes('--force');

const mtime = (file) => {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return -Infinity;
  }
};

let failed = false;
function fail(helper, message) {
  console[required ? 'error' : 'warn'](`[baihu] ${message}`);
  if (!required) console.warn(`[baihu] ${helper.without}`);
  failed = true;
}

function build({ sources: names, binary, name, ...helper }) {
  const sources = names.map((file) => path.join(native, file));
  const missing = sources.find((file) => mtime(file) === -Infinity);
  if (missing) return fail(helper, `${missing} is missing: the ${name} is not built.`);
  const newest = Math.max(...[...sources, path.join(native, 'reaper-core.h')].map(mtime));
  if (!force && mtime(binary) >= newest) return;
  const compilers = [process.env.CC, 'cc', 'gcc', 'clang'].filter(Boolean);
  // Built beside the target and renamed over it, so a running daemon never sees a half-written binary.
  const temp = `${binary}.${process.pid}.tmp`;
  const errors = [];
  for (const compiler of compilers) {
    // Static when the C library allows it (a static binary starts ≈0.2 ms faster: no dynamic loader), else dynamic.
    let failure = null;
    for (const extra of [['-static'], []]) {
      const args = ['-O2', '-s', '-Wall', '-Wextra', '-std=c11', ...extra, '-o', temp, ...sources];
      const result = spawnSync(compiler, args, { encoding: 'utf8' });
      if (result.error) {
        failure = null;
        errors.push(`${compiler}: ${result.error.code ?? result.error.message}`);
        break;
      }
      if (result.status === 0) {
        renameSync(temp, binary);
        if (!process.argv.includes('--quiet')) {
          console.log(`[baihu] ${name} built with ${[compiler, ...extra].join(' ')}: ${binary}`);
        }
        return;
      }
      rmSync(temp, { force: true });
      failure = result.stderr;
    }
    if (failure !== null) return fail(helper, `${compiler} could not compile ${names.join(' ')}:\n${failure}`);
  }
  fail(
    helper,
    `no C compiler found (${errors.join('; ')}); install one (Debian: apt-get install gcc) and run npm run build:reaper.`,
  );
}

for (const helper of helpers) build(helper);
process.exit(failed && required ? 1 : 0);
