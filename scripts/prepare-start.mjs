#!/usr/bin/env node
// Called by scripts/start.sh before it replaces itself with the daemon: builds the UI and the daemon bundle when they
// are missing or older than their sources, and says where the panel will be. It exits before the daemon starts, so it
// costs no memory while the panel runs. Plain ESM, no dependencies.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ui = path.join(root, 'ui');
const distIndex = path.join(ui, 'dist', 'index.html');
const viteConfig = path.join(ui, 'vite.config.ts');

function mtimeOf(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return -Infinity;
  }
}

/** Newest modification time among the files of a tree (0 when it does not exist). A cheap walk: stat only. */
function newestUnder(dir) {
  let newest = -Infinity;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return newest;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestUnder(full));
    else if (entry.isFile()) newest = Math.max(newest, mtimeOf(full));
  }
  return newest;
}

/** Why the UI must be (re)built, or null when ui/dist is up to date. */
export function uiBuildReason() {
  const built = mtimeOf(distIndex);
  if (built === -Infinity) return 'ui/dist/index.html is missing';
  const sources = Math.max(
    newestUnder(path.join(ui, 'src')),
    mtimeOf(path.join(ui, 'index.html')),
    mtimeOf(viteConfig),
  );
  return sources > built ? 'UI sources changed since the last build' : null;
}

const daemonBundle = path.join(root, 'daemon', 'dist', 'server.mjs');

/** Why the daemon bundle must be (re)built, or null when daemon/dist is up to date. */
export function daemonBuildReason() {
  const built = mtimeOf(daemonBundle);
  if (built === -Infinity) return 'daemon/dist/server.mjs is missing';
  const sources = Math.max(
    newestUnder(path.join(root, 'daemon', 'src')),
    mtimeOf(path.join(root, 'package-lock.json')),
  );
  return sources > built ? 'daemon sources changed since the last build' : null;
}

function buildDaemon(reason) {
  console.log(`[baihu] ${reason}: bundling the daemon …`);
  const result = spawnSync(process.execPath, [path.join('scripts', 'build-daemon.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.error || result.status !== 0) {
    console.error('[baihu] Bundling the daemon failed. Fix the error above, or run "npm run build:daemon" by hand.');
    process.exit(1);
  }
}

function buildUi(reason) {
  if (!existsSync(viteConfig)) {
    console.warn(`[baihu] ${reason}, and ui/vite.config.ts does not exist: starting without the web UI (API only).`);
    return;
  }
  console.log(`[baihu] ${reason}: running npm run build:ui …`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build:ui'], { cwd: root, stdio: 'inherit' });
  if (result.error || result.status !== 0) {
    const why = result.error
      ? result.error.message
      : result.signal
        ? `signal ${result.signal}`
        : `exit code ${result.status}`;
    console.error(`[baihu] Building the UI failed (${why}). Fix the error above, or run "npm run build:ui" by hand.`);
    process.exit(1);
  }
}

/** The address a person would type: a wildcard bind is reachable on localhost. */
function panelUrl(port) {
  const host = process.env.BAIHU_HOST ?? '0.0.0.0';
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  let base = process.env.BAIHU_BASE_URL ?? '/';
  if (!base.startsWith('/')) base = `/${base}`;
  if (!base.endsWith('/')) base = `${base}/`;
  return {
    url: `http://${shown}:${port}${base}`,
  };
}

/** Builds the run reaper when missing or older than its source (without a C compiler, runs go on without it). */
function buildReaper() {
  spawnSync(process.execPath, [path.join('scripts', 'build-reaper.mjs')], { cwd: root, stdio: 'inherit' });
}

const reason = uiBuildReason();
/**
 * Installs the npm packages scripts find without an install (script-packages/: axios, got, ...) when missing, as the
 * image does; without the registry, runs go on and `ql check` says what is missing.
 */
function installScriptPackages() {
  if (existsSync(path.join(root, 'script-packages', 'node_modules', 'got'))) return;
  console.log('[baihu] Installing the npm packages scripts use (script-packages/) …');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const args = ['ci', '--prefix', 'script-packages', '--omit=dev', '--no-audit', '--no-fund'];
  const result = spawnSync(npm, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0)
    console.error('[baihu] Could not install script-packages; scripts that need them will fail.');
}

if (reason) buildUi(reason);
const daemonReason = daemonBuildReason();
if (daemonReason) buildDaemon(daemonReason);
buildReaper();
installScriptPackages();
console.log(`[baihu] Starting the panel at ${panelUrl(process.env.BAIHU_PORT ?? '5700').url}`);
