#!/usr/bin/env node
// A private PostgreSQL for the test run, from Debian's packages: `initdb` + `pg_ctl` on 127.0.0.1, a free port and a
// data dir under the given folder — never the system's service, never a password in the repository (trust on the
// loopback of a cluster only the test run knows about). Run as root (CI), the cluster belongs to Debian's `postgres`
// user, because PostgreSQL refuses to run as root.
//
//   node scripts/test-postgres.mjs start <folder>   prints the URL of the cluster's `postgres` database
//   node scripts/test-postgres.mjs stop <folder>
//
// Plain ESM, no dependencies: scripts/test.sh runs it before any package is guaranteed.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const [command, folder] = process.argv.slice(2);
if (!['start', 'stop'].includes(command) || !folder) {
  console.error('usage: test-postgres.mjs start|stop <folder>');
  process.exit(2);
}
const root = path.resolve(folder);
const dataDir = path.join(root, 'cluster');
const socketDir = path.join(root, 'socket');
const portFile = path.join(root, 'port');

/** Debian keeps the server programs out of PATH, one folder per major version: the newest wins. */
function binDir() {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).filter((v) => /^\d+$/.test(v)) : [];
  versions.sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const dir = path.join(base, version, 'bin');
    if (existsSync(path.join(dir, 'pg_ctl'))) return dir;
  }
  console.error(
    "PostgreSQL's server is not installed: the integration tier's PostgreSQL pass needs Debian's 'postgresql' package " +
      '(apt-get install postgresql).',
  );
  process.exit(1);
}

const asRoot = process.getuid?.() === 0;
/** Runs a server program as the cluster's owner (pg_ctl and initdb refuse root). */
function attempt(program, args) {
  const argv = asRoot ? ['runuser', '-u', 'postgres', '--', program, ...args] : [program, ...args];
  return spawnSync(argv[0], argv.slice(1), { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}
function run(program, args) {
  const result = attempt(program, args);
  if (result.status !== 0) {
    console.error(`${path.basename(program)} failed (${result.status}):\n${result.stdout}${result.stderr}`);
    process.exit(1);
  }
  return result.stdout;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const bin = binDir();
if (command === 'stop') {
  // A pid file a killed server left behind is no server to stop (pg_ctl status answers 3: not running).
  const pgCtl = path.join(bin, 'pg_ctl');
  if (existsSync(path.join(dataDir, 'postmaster.pid')) && attempt(pgCtl, ['-D', dataDir, 'status']).status !== 3) {
    run(pgCtl, ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
  }
  process.exit(0);
}

// A second start (a test file after another, a rerun after a crash of the runner) reuses the running cluster: a new
// one per call would leave the first one running with nobody knowing its folder.
const url = (port) => `postgres://postgres@127.0.0.1:${port}/postgres\n`;
if (existsSync(portFile) && existsSync(path.join(dataDir, 'PG_VERSION'))) {
  if (attempt(path.join(bin, 'pg_ctl'), ['-D', dataDir, 'status']).status === 0) {
    process.stdout.write(url(readFileSync(portFile, 'utf8').trim()));
    process.exit(0);
  }
}

mkdirSync(root, { recursive: true });
for (const dir of [dataDir, socketDir]) mkdirSync(dir, { recursive: true, mode: 0o700 });
/** Hands what the server writes to the cluster's owner. */
const owner = asRoot
  ? ['-u', '-g'].map((flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' })))
  : null;
const give = (file) => owner && chownSync(file, owner[0], owner[1]);
for (const dir of [root, dataDir, socketDir]) give(dir);
// Only the folder itself is handed over: a parent folder that the postgres user cannot enter (mktemp's 0700) fails
// initdb with a bare "Permission denied", so it is named here.
if (asRoot && attempt('test', ['-x', root]).status !== 0) {
  console.error(`the postgres user cannot enter ${root}: give the cluster a folder whose parents it can enter`);
  process.exit(1);
}
// A cluster that was made before and stopped is started again as it is (initdb refuses a folder that is not empty).
if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
  const initdb = ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '-N'];
  run(path.join(bin, 'initdb'), initdb);
}
const port = await freePort();
// Tests create and drop many databases; durability is not what they test (fsync off, as for any throwaway cluster).
const settings = [
  `listen_addresses = '127.0.0.1'`,
  `port = ${port}`,
  `unix_socket_directories = '${socketDir}'`,
  'fsync = off',
  'synchronous_commit = off',
  'full_page_writes = off',
  'max_connections = 200',
  "shared_buffers = '128MB'",
];
writeFileSync(path.join(dataDir, 'postgresql.auto.conf'), `${settings.join('\n')}\n`);
give(path.join(dataDir, 'postgresql.auto.conf'));
run(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-l', path.join(root, 'server.log'), '-w', '-t', '60', 'start']);
writeFileSync(portFile, String(port));
process.stdout.write(url(port));
