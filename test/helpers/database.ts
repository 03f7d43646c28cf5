import type { TestContext } from 'node:test';
import { openDatabase } from '../../daemon/src/db/open.ts';
import type { SqliteHandle } from '../../daemon/src/db/sqlite/open.ts';
import { dataPaths, ensureDataDirs } from '../../daemon/src/config/paths.ts';
import { tempDir } from './app.ts';

/** A database opened as the daemon opens it (group commit on), migrated, in a data folder of the test's; closed after. */
export async function migratedDatabase(
  t: TestContext,
  onError: (error: unknown) => void = () => {},
): Promise<SqliteHandle> {
  const paths = dataPaths(tempDir(t));
  await ensureDataDirs(paths);
  const handle = await openDatabase({ dbDir: paths.db }, { groupCommit: { onError } });
  t.after(() => handle.close());
  // The tests that take this handle look at SQLite's own side too (its accelerators, its raw connection).
  if (handle.dialect !== 'sqlite' || !handle.accelerators) throw new Error('these tests need SQLite');
  await handle.migrate();
  return handle as SqliteHandle;
}
