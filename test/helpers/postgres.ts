/**
 * A PostgreSQL database per test data folder, on the cluster scripts/test-postgres.mjs started (its URL in
 * BAIHU_TEST_POSTGRES_URL). Each is a fresh copy of the migrated template (postgres-template.ts), so a test starts
 * from the schema without running the migrations again.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { databaseUrl, ensureTemplateLocked, templateName, withTemplateLock } from './postgres-template.ts';

/**
 * The cluster's URL. Without one a PostgreSQL test fails, never skips: a pass that tested nothing would read as a
 * pass of the dialect.
 */
export function clusterUrl(): string {
  const url = process.env.BAIHU_TEST_POSTGRES_URL;
  if (!url) {
    throw new Error(
      'BAIHU_TEST_POSTGRES_URL is not set: start a cluster with `node scripts/test-postgres.mjs start <folder>` ' +
        'and give its URL',
    );
  }
  return url;
}

/**
 * The database's name for a test's name or data folder: readable where it can be, and a hash of the whole name so
 * that two folders with the same ending never share a database (PostgreSQL keeps 63 bytes of a name).
 */
export function testDatabaseName(name: string): string {
  const readable = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(-30);
  const hash = createHash('sha256').update(name).digest('hex').slice(0, 12);
  return `baihu_test_${readable}_${hash}`;
}

export function testDatabaseUrl(name: string): string {
  return databaseUrl(clusterUrl(), testDatabaseName(name));
}

/** A fresh database for `name`, copied from the template (any older one of the same name is dropped); its URL. */
export async function ensureTestDatabase(name: string): Promise<string> {
  const cluster = clusterUrl();
  const database = testDatabaseName(name);
  await withTemplateLock(cluster, async (admin) => {
    await ensureTemplateLocked(admin, cluster);
    await admin.query(`drop database if exists "${database}" with (force)`);
    await admin.query(`create database "${database}" template ${templateName}`);
  });
  return databaseUrl(cluster, database);
}

/** Drops a test's database (its connections closed by the server). */
export async function dropTestDatabase(name: string): Promise<void> {
  const database = testDatabaseName(name);
  await withTemplateLock(clusterUrl(), (admin) => admin.query(`drop database if exists "${database}" with (force)`));
}

const scriptPath = fileURLToPath(new URL('../../scripts/test-postgres.mjs', import.meta.url));

export interface OwnCluster {
  url: string;
  /** Stops the cluster and removes its folder (after the file's connections are closed). */
  stop(): void;
}

/**
 * A cluster of the test file's own, in a temporary folder; its URL is also set as BAIHU_TEST_POSTGRES_URL for the
 * helpers above. A machine without PostgreSQL fails here. Call it at the top of the file (its `after` hook has to
 * be the file's) and close what uses it before `stop`.
 */
export function startOwnCluster(): OwnCluster {
  // Not under a test's 0700 temp folder: the cluster's owner (postgres, when the tests run as root) must enter it.
  const folder = mkdtempSync(path.join(os.tmpdir(), 'baihu-pg-'));
  const url = execFileSync(process.execPath, [scriptPath, 'start', folder], { encoding: 'utf8' }).trim();
  process.env.BAIHU_TEST_POSTGRES_URL = url;
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    execFileSync(process.execPath, [scriptPath, 'stop', folder], { stdio: 'inherit' });
    rmSync(folder, { recursive: true, force: true });
  };
  // The last resort when a test file ends without calling stop (its own after hook failed).
  process.once('exit', stop);
  return { url, stop };
}

/**
 * The integration tier's PostgreSQL pass (scripts/test.sh): BAIHU_TEST_DIALECT=postgres runs every test that is not
 * marked `// @sqlite-only: <why>` again, each data dir with a PostgreSQL database of its own.
 */
export const onPostgres = process.env.BAIHU_TEST_DIALECT === 'postgres';

/** Each data dir's database, for as long as the test file runs: a restart on the same data dir finds its rows. */
const databases = new Map<string, string>();

/**
 * The variables that give the daemon of `dataDir`, and every command run beside it, its database: on the PostgreSQL
 * pass BAIHU_DATABASE_URL of a database made for it at the first ask; none otherwise (SQLite in the data dir).
 */
export async function databaseEnv(dataDir: string): Promise<Record<string, string>> {
  if (!onPostgres) return {};
  let url = databases.get(dataDir);
  if (!url) {
    url = await ensureTestDatabase(dataDir);
    databases.set(dataDir, url);
  }
  return { BAIHU_DATABASE_URL: url };
}

/** The same for a command run beside a daemon started before (its database already made); none otherwise. */
export function knownDatabaseEnv(dataDir: string): Record<string, string> {
  const url = databases.get(dataDir);
  return url ? { BAIHU_DATABASE_URL: url } : {};
}

/** A data dir wiped: on PostgreSQL its database goes too, a fresh copy of the template (SQLite's is in the folder). */
export async function wipeDatabase(dataDir: string): Promise<void> {
  if (databases.has(dataDir)) await ensureTestDatabase(dataDir);
}
