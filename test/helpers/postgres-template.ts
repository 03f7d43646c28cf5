/**
 * The template database every test database is copied from: PostgreSQL's migrations run once per cluster, and a
 * test's database is then a `create database … template baihu_template` (a file copy, no statements to replay).
 *
 *   node --import tsx test/helpers/postgres-template.ts <cluster URL>
 *
 * builds it (scripts/test.sh, before the test files start); `ensureTemplate` does the same from inside a test when it
 * is missing or was built from other migrations.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { migratePostgres, openPostgresDatabase } from '../../daemon/src/db/postgres/open.ts';

export const templateName = 'baihu_template';

/** Held while the template is built or copied: test files run in parallel processes against one cluster. */
const templateLockKey = 0x62_61_69_68_74;

const migrationsDir = fileURLToPath(new URL('../../daemon/src/db/postgres/migrations/', import.meta.url));

/** The migrations' names and text: a template built from other ones (a migration being written) is built again. */
function fingerprint(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsDir).sort()) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(migrationsDir, file)))
      .update('\0');
  }
  return `baihu migrations ${hash.digest('hex').slice(0, 32)}`;
}

/** The URL of another database of the same cluster. */
export function databaseUrl(clusterUrl: string, database: string): string {
  const url = new URL(clusterUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Runs `work` on the cluster's maintenance database, holding the template's lock. */
export async function withTemplateLock<T>(clusterUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock($1)', [templateLockKey]);
    return await work(admin);
  } finally {
    await admin.end();
  }
}

async function currentComment(admin: pg.Client): Promise<string | null> {
  const found = await admin.query<{ comment: string | null }>(
    `select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`,
    [templateName],
  );
  return found.rows.length ? (found.rows[0]!.comment ?? '') : null;
}

/** Builds the template unless the one there was made from these migrations; call with the lock held. */
export async function ensureTemplateLocked(admin: pg.Client, clusterUrl: string): Promise<void> {
  const wanted = fingerprint();
  if ((await currentComment(admin)) === wanted) return;
  // Built under another name and renamed at the end, so a template that exists is always a whole one.
  const building = `${templateName}_building`;
  await admin.query(`drop database if exists ${quoted(building)} with (force)`);
  await admin.query(`create database ${quoted(building)} template template0`);
  const db = openPostgresDatabase(databaseUrl(clusterUrl, building));
  try {
    await migratePostgres(db);
  } finally {
    await db.destroy();
  }
  if ((await currentComment(admin)) !== null) {
    await admin.query(`alter database ${quoted(templateName)} is_template false`);
    await admin.query(`drop database ${quoted(templateName)} with (force)`);
  }
  await admin.query(`alter database ${quoted(building)} rename to ${quoted(templateName)}`);
  // No connections: CREATE DATABASE refuses a template somebody is connected to, and nobody has a reason to be.
  await admin.query(`alter database ${quoted(templateName)} is_template true allow_connections false`);
  await admin.query(`comment on database ${quoted(templateName)} is '${wanted}'`);
}

export async function ensureTemplate(clusterUrl: string): Promise<void> {
  await withTemplateLock(clusterUrl, (admin) => ensureTemplateLocked(admin, clusterUrl));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const clusterUrl = process.argv[2];
  if (!clusterUrl) {
    console.error('usage: node --import tsx test/helpers/postgres-template.ts <cluster URL>');
    process.exit(2);
  }
  await ensureTemplate(clusterUrl);
}
