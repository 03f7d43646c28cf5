#!/usr/bin/env node
// Compiles the run reaper (daemon/native/reaper.c → daemon/native/baihu-reaper) with the system's C compiler, the
// one better-sqlite3 already needs. Run by `npm ci` (postinstall), `npm start` and `npm test` when the binary is
// missing or older than its source, and by the Dockerfile's build stage.
// Without a compiler the runner works as before without it (`ql check` says so); only with `--required` (the image)
// is a failed build an error. Plain ESM, no dependencies.
import { spawnSync } from 'node:child_process';
import { renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.join(root, 'daemon', 'native', 'reaper.c');
const binary = path.join(root, 'daemon', 'native', 'baihu-reaper');
const required = process.argv.includes('--required');
const force = process.argv.includes('--force');

const mtime = (file) => {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return -Infinity;
  }
};

function fail(message) {
  console[required ? 'error' : 'warn'](`[baihu] ${message}`);
  if (required) process.exit(1);
  console.warn('[baihu] Runs still work, but stop and timeout cannot reach processes that detach from a run.');
  process.exit(0);
}

if (mtime(source) === -Infinity) fail(`${source} is missing: the run reaper is not built.`);
if (!force && mtime(binary) >= mtime(source)) process.exit(0);

const compilers = [process.env.CC, 'cc', 'gcc', 'clang'].filter(Boolean);
// Built beside the target and renamed over it, so a running daemon never sees a half-written binary.
const temp = `${binary}.${process.pid}.tmp`;
const errors = [];
for (const compiler of compilers) {
  // Static when the C library allows it (a static binary starts ≈0.2 ms faster: no dynamic loader), else dynamic.
  let failure = null;
  for (const extra of [['-static'], []]) {
    const result = spawnSync(compiler, ['-O2', '-s', '-Wall', '-Wextra', '-std=c11', ...extra, '-o', temp, source], {
      encoding: 'utf8',
    });
    if (result.error) {
      failure = null;
      errors.push(`${compiler}: ${result.error.code ?? result.error.message}`);
      break;
    }
    if (result.status === 0) {
      renameSync(temp, binary);
      if (!process.argv.includes('--quiet')) {
        console.log(`[baihu] run reaper built with ${[compiler, ...extra].join(' ')}: ${binary}`);
      }
      process.exit(0);
    }
    rmSync(temp, { force: true });
    failure = result.stderr;
  }
  if (failure !== null) fail(`${compiler} could not compile ${source}:\n${failure}`);
}
fail(
  `no C compiler found (${errors.join('; ')}); install one (Debian: apt-get install gcc) and run npm run build:reaper.`,
);
