#!/usr/bin/env node
// Installs one version of npm from the npm registry into <prefix>/lib/node_modules/npm, with `npm` and `npx` in
// <prefix>/bin, after checking the tarball against its integrity (sha512, as in a lockfile). The Dockerfile uses it:
// Debian's npm package is npm 9 and brings about 150 MB of other JavaScript packages (webpack, eslint, babel …) into
// the image, this is npm as the project's machines run it, in 10 MB. Plain ESM, no dependencies.
//
//   node scripts/install-npm.mjs <version> <sha512-…> [prefix, default /usr/local]
//
// NPM_REGISTRY: a registry mirror (default https://registry.npmjs.org/). A proxy's CA: NODE_EXTRA_CA_CERTS, which
// node reads itself.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const [version, integrity, prefix = '/usr/local'] = process.argv.slice(2);
if (!version || !/^sha512-[A-Za-z0-9+/]+=*$/.test(integrity ?? '')) {
  console.error('usage: install-npm.mjs <version> <sha512-integrity> [prefix]');
  process.exit(2);
}
const registry = (process.env.NPM_REGISTRY || 'https://registry.npmjs.org/').replace(/\/?$/, '/');
const url = `${registry}npm/-/npm-${version}.tgz`;

const response = await fetch(url);
if (!response.ok) {
  console.error(`install-npm: ${url} answered ${response.status}`);
  process.exit(1);
}
const tarball = Buffer.from(await response.arrayBuffer());
const actual = `sha512-${createHash('sha512').update(tarball).digest('base64')}`;
if (actual !== integrity) {
  console.error(`install-npm: ${url} has integrity ${actual}, expected ${integrity}`);
  process.exit(1);
}

const target = path.join(prefix, 'lib', 'node_modules', 'npm');
const temp = mkdtempSync(path.join(os.tmpdir(), 'npm-'));
try {
  writeFileSync(path.join(temp, 'npm.tgz'), tarball);
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  execFileSync('tar', ['-xzf', path.join(temp, 'npm.tgz'), '--strip-components=1', '--no-same-owner', '-C', target]);
} finally {
  rmSync(temp, { recursive: true, force: true });
}
mkdirSync(path.join(prefix, 'bin'), { recursive: true });
for (const [name, cli] of [
  ['npm', 'npm-cli.js'],
  ['npx', 'npx-cli.js'],
]) {
  const link = path.join(prefix, 'bin', name);
  rmSync(link, { force: true });
  symlinkSync(path.relative(path.dirname(link), path.join(target, 'bin', cli)), link);
}
console.log(`npm ${version} installed in ${target}`);
