/** Opens the daemon's database: SQLite in data/db, or the PostgreSQL database of BAIHU_DATABASE_URL. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config/config.ts';
import { dataPaths } from '../config/paths.ts';
import type { DatabaseHandle, OpenPurpose } from './port.ts';
import { migrations } from './sqlite/migrations/index.ts';
import { databaseFileName, openSqlite } from './sqlite/open.ts';

export { daemonCommitIntervalMs, databaseFileName } from './sqlite/open.ts';

/** Every migration this version knows, by name in order: a backup or a database put back is checked against them. */
export const migrationNames = (): string[] => Object.keys(migrations);

/** Which database: SQLite's file in `dbDir` (data/db), or the PostgreSQL database of `url` when there is one. */
export interface DatabaseChoice {
  dbDir: string;
  url?: string | null;
}

/** The configuration's database: BAIHU_DATABASE_URL's, else SQLite in the data dir. */
export const databaseOf = (config: Pick<Config, 'dataDir' | 'databaseUrl'>): DatabaseChoice => ({
  dbDir: dataPaths(config.dataDir).db,
  url: config.databaseUrl,
});

/** Whether there is a database to open yet: a PostgreSQL one is the server's, SQLite's is made at first start. */
export const hasDatabase = (choice: DatabaseChoice): boolean =>
  Boolean(choice.url) || existsSync(path.join(choice.dbDir, databaseFileName));

/** Where the database is, as people are told it (a URL without its password). */
export async function databaseLocation(choice: DatabaseChoice): Promise<string> {
  if (choice.url) return (await import('./postgres/handle.ts')).shownUrl(choice.url);
  return path.join(choice.dbDir, databaseFileName);
}

export async function openDatabase(options: DatabaseChoice, purpose: OpenPurpose = {}): Promise<DatabaseHandle> {
  // Loaded on first use: SQLite's installs never load pg.
  if (options.url) return (await import('./postgres/handle.ts')).openPostgres(options.url, purpose);
  return openSqlite(options.dbDir, purpose);
}
