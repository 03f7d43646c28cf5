#!/usr/bin/env node
// Builds a release tarball of this checkout for the updater (docs/update.md), and a feed that lists it:
//
//   node scripts/build-release.mjs [--version 0.2.1] [--out dir] [--no-ui] [--base-url https://host/releases/]
//
// The tarball holds what a running version needs besides the image's Node.js, node_modules and run reaper:
// package.json (with --version, if given), release.json (version, commit, build date, what it needs of the image),
// CHANGELOG.md, the daemon bundle (daemon/dist), the daemon's sources (ql and the shipped samples use them), the
// reaper's source (to compare), shell/, docker/, docs/ and the built UI (ui/dist; --no-ui leaves it out). Next to it,
// <out>/feed.json lists this release with its sha256 and its section of CHANGELOG.md.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as tar from 'tar';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const version = option('--version') ?? pkg.version;
const out = path.resolve(option('--out') ?? path.join(root, 'release'));
const withUi = !args.includes('--no-ui');
const baseUrl = option('--base-url') ?? '';
if (!/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(version)) {
  console.error(`build-release: ${version} is not a version (x.y.z)`);
  process.exit(2);
}

/** The commit being released, as build-daemon.mjs finds it (BAIHU_COMMIT, else git). */
function commitOf() {
  if (process.env.BAIHU_COMMIT) return process.env.BAIHU_COMMIT;
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return null;
  }
}

const sha256 = (buffer) => createHash('sha256').update(buffer).digest('hex');

/** The section of CHANGELOG.md under "## <version>", without its heading. */
function changelogOf(text, wanted) {
  const sections = text.split(/^## /m).slice(1);
  const section = sections.find((s) => s.startsWith(`${wanted} `) || s.startsWith(`${wanted}\n`));
  return section ? section.slice(section.indexOf('\n') + 1).trim() : '';
}

// The bundle is built inside the checkout (it finds the checkout's package.json), then copied into the tree.
const bundle = path.join('daemon', `.release-dist-${process.pid}`);
const stage = path.join(out, `.stage-${process.pid}`);
try {
  execFileSync(process.execPath, [path.join(root, 'scripts', 'build-daemon.mjs'), '--outdir', bundle], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (withUi && !existsSync(path.join(root, 'ui', 'dist', 'index.html'))) {
    console.error('build-release: ui/dist is missing; run "npm run build:ui" first (or pass --no-ui)');
    process.exit(1);
  }
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(stage, { recursive: true });
  const copy = (from, to = from) => cpSync(path.join(root, from), path.join(stage, to), { recursive: true });
  copy(bundle, 'daemon/dist');
  copy('daemon/src');
  copy('daemon/native/reaper.c');
  copy('shell');
  copy('docker');
  copy('docs');
  if (existsSync(path.join(root, 'CHANGELOG.md'))) copy('CHANGELOG.md');
  if (withUi) copy('ui/dist');

  const released = { ...pkg, version };
  delete released.devDependencies;
  delete released.scripts;
  writeFileSync(path.join(stage, 'package.json'), `${JSON.stringify(released, null, 2)}\n`);
  const requires = {
    node: pkg.engines?.node ?? '>=20.19',
    // The bundle loads only this native module from node_modules; everything else is inside it.
    modules: { 'better-sqlite3': pkg.dependencies['better-sqlite3'] },
    reaper: sha256(readFileSync(path.join(root, 'daemon', 'native', 'reaper.c'))),
  };
  const manifest = {
    name: 'baihu',
    version,
    commit: commitOf(),
    buildDate: new Date().toISOString(),
    requires,
  };
  writeFileSync(path.join(stage, 'release.json'), `${JSON.stringify(manifest, null, 2)}\n`);

  const file = `baihu-${version}.tgz`;
  const tarball = path.join(out, file);
  await tar.c({ gzip: true, file: tarball, cwd: stage, portable: true }, readdirSync(stage).sort());
  const digest = sha256(readFileSync(tarball));
  const changelog = existsSync(path.join(root, 'CHANGELOG.md'))
    ? changelogOf(readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8'), version)
    : '';
  const feed = {
    releases: [
      {
        version,
        date: manifest.buildDate.slice(0, 10),
        changelog,
        url: `${baseUrl}${file}`,
        sha256: digest,
        size: statSync(tarball).size,
        requires,
      },
    ],
  };
  writeFileSync(path.join(out, 'feed.json'), `${JSON.stringify(feed, null, 2)}\n`);
  console.log(`${tarball} (${statSync(tarball).size} bytes, sha256 ${digest}) and ${path.join(out, 'feed.json')}`);
} finally {
  rmSync(path.join(root, bundle), { recursive: true, force: true });
  rmSync(stage, { recursive: true, force: true });
}
