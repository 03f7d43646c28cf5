#!/usr/bin/env node
// Which version of Baihu the entrypoint starts, and what it learnt from the last start of a new one.
// The layout (data/update/, docs/update.md) is written by the daemon's updater (daemon/src/modules/update/) and read
// here; this script is the image's own and runs before every start, whatever version is staged.
//
//   select-version.mjs choose                         prints "<mode>\t<dir>\t<version>": mode image | staged | trial
//   select-version.mjs passed <version>               the version answered its health check: it is good from now on
//   select-version.mjs failed <version> <outcome> [exit code]
//                                                     it did not (outcome timeout | exited): marked bad, the version
//                                                     that ran before it becomes the active one again
//
// Environment: BAIHU_APP_DIR (the image's installation), BAIHU_DATA_DIR, BAIHU_SELF_UPDATE (false: always the image).
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const appDir = path.resolve(process.env.BAIHU_APP_DIR ?? path.join(import.meta.dirname, '..'));
const dataDir = path.resolve(process.env.BAIHU_DATA_DIR ?? path.join(appDir, 'data'));
const updateDir = path.join(dataDir, 'update');
const stateFile = path.join(updateDir, 'state.json');
const attemptFile = path.join(updateDir, 'last-attempt.json');
const versionsDir = path.join(updateDir, 'versions');
const rollbackMeta = path.join(updateDir, 'rollback.json');
const semver = createRequire(path.join(appDir, 'package.json'))('semver');

const say = (text) => process.stderr.write(`[baihu-entrypoint] ${text}\n`);

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function writeJson(file, value) {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
  renameSync(temp, file);
}

const imageVersion = readJson(path.join(appDir, 'package.json'))?.version ?? '0.0.0';
const versionDir = (version) => path.join(versionsDir, version);
const marked = (version, name) => existsSync(path.join(versionDir(version), name));

/** A staged version the entrypoint may start: unpacked completely, not failed, newer than the image. */
function usable(version) {
  if (typeof version !== 'string' || !semver.valid(version)) return false;
  if (!marked(version, '.ready') || marked(version, '.bad')) return false;
  return semver.gt(version, imageVersion);
}

function readState() {
  const state = readJson(stateFile) ?? {};
  return { active: state.active ?? null, previous: state.previous ?? null };
}

function choose() {
  const image = `image\t${appDir}\t${imageVersion}`;
  if (/^(false|0|off|no)$/i.test(process.env.BAIHU_SELF_UPDATE ?? '')) return image;
  const state = readState();
  if (state.active === null) return image;
  if (typeof state.active === 'string' && semver.valid(state.active) && !semver.gt(state.active, imageVersion)) {
    // A newer image was pulled since the update: the image wins, and the staged copy is not started again.
    say(`the image (${imageVersion}) is as new as the staged version ${state.active}: starting the image`);
    writeJson(stateFile, { active: null, previous: null });
    return image;
  }
  if (!usable(state.active)) {
    const fallback = usable(state.previous) ? state.previous : null;
    say(`the staged version ${state.active} cannot be started: starting ${fallback ?? `the image (${imageVersion})`}`);
    writeJson(stateFile, { active: fallback, previous: null });
    return fallback ? `staged\t${versionDir(fallback)}\t${fallback}` : image;
  }
  const mode = marked(state.active, '.good') ? 'staged' : 'trial';
  return `${mode}\t${versionDir(state.active)}\t${state.active}`;
}

function passed(version) {
  writeFileSync(path.join(versionDir(version), '.good'), `${new Date().toISOString()}\n`);
  writeJson(attemptFile, { version, outcome: 'ok', exitCode: null, at: Date.now(), previous: readState().previous });
  // The copy of the database taken for a rollback is not needed any more.
  rmSync(path.join(updateDir, 'rollback.sqlite'), { force: true });
  rmSync(rollbackMeta, { force: true });
}

function failed(version, outcome, exitCode) {
  const state = readState();
  writeFileSync(path.join(versionDir(version), '.bad'), `${outcome} ${new Date().toISOString()}\n`);
  const back = usable(state.previous) ? state.previous : null;
  writeJson(stateFile, { active: back, previous: null });
  writeJson(attemptFile, {
    version,
    outcome,
    exitCode: exitCode === undefined || exitCode === '' ? null : Number(exitCode),
    at: Date.now(),
    previous: back ?? imageVersion,
  });
  say(`version ${version} did not start (${outcome}): starting ${back ?? `the image (${imageVersion})`} again`);
}

const [command, version, outcome, exitCode] = process.argv.slice(2);
if (command === 'choose') {
  process.stdout.write(`${choose()}\n`);
} else if (command === 'passed' && semver.valid(version)) {
  passed(version);
} else if (command === 'failed' && semver.valid(version) && (outcome === 'timeout' || outcome === 'exited')) {
  failed(version, outcome, exitCode);
} else {
  say(`select-version.mjs: bad arguments ${JSON.stringify(process.argv.slice(2))}`);
  process.exit(2);
}
