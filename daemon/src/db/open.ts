/** Opens the daemon's database: SQLite in data/db today; a PostgreSQL URL is the next engine (issue 40). */
import type { DatabaseHandle, OpenPurpose } from './port.ts';
import { migrations } from './sqlite/migrations/index.ts';
import { openSqlite } from './sqlite/open.ts';

export { daemonCommitIntervalMs, databaseFileName } from './sqlite/open.ts';

/** Every migration this version knows, by name in order: a backup or a database put back is checked against them. */
export const migrationNames = (): string[] => Object.keys(migrations);

export async function openDatabase(
  options: { dbDir: string; url?: string | null },
  purpose: OpenPurpose = {},
): Promise<DatabaseHandle> {
  if (options.url) throw new Error('PostgreSQL: not yet (issue 40)');
  return openSqlite(options.dbDir, purpose);
}
