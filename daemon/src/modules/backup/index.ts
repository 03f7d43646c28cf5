/**
 * Backup and restore. The library parts (write, check, swap, files) are exported for `ql backup` / `ql restore` and
 * for app.ts, which applies a confirmed restore at start-up before the database opens.
 */
import type { ImportPreview } from '../../contract/import-schemas.ts';
import type { DataPaths } from '../../paths.ts';
import { previewOf, readQinglongImport } from '../qinglong-import/index.ts';

export { checkArchive, restoreCeilings, restoreLimits } from './check.ts';
export { backupToFile, listBackups, nextBackupName, pruneScheduled } from './files.ts';
export { confirmStaged, discardStaged, readLastOutcome } from './restore-state.ts';
export { applyPendingRestore, slotKeysOf } from './swap.ts';

/** The Qinglong import's dry run of an unpacked `data.tgz` (its `data` folder), for the restore check. */
export async function previewQinglongArchive(
  dataDir: string,
  target: DataPaths,
  timezone: string,
): Promise<ImportPreview> {
  return previewOf(await readQinglongImport({ sourceDir: dataDir, target, timezone }));
}
