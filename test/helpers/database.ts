import type { TestContext } from 'node:test';
import { openDatabase, type DatabaseHandle } from '../../daemon/src/db/sqlite/open.ts';
import { migrateToLatest } from '../../daemon/src/db/sqlite/migrate.ts';
import { dataPaths, ensureDataDirs } from '../../daemon/src/config/paths.ts';
import { tempDir } from './app.ts';

/** A database opened as the daemon opens it (group commit on), migrated, in a data folder of the test's; closed after. */
export async function migratedDatabase(
  t: TestContext,
  onError: (error: unknown) => void = () => {},
): Promise<DatabaseHandle> {
  const paths = dataPaths(tempDir(t));
  await ensureDataDirs(paths);
  const handle = openDatabase(paths.db, { groupCommit: { onError } });
  await migrateToLatest(handle.db, handle.sqlite, handle.file);
  t.after(() => handle.close());
  return handle;
}
