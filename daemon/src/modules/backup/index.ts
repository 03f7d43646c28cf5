/**
 * Backup and restore (docs/backup.md). `createBackup` is the area: backups as jobs (on demand, scheduled, streamed
 * to Qinglong's export route), the restore check and confirmation, the panel's and Qinglong's routes. The library
 * parts are exported for `ql backup` / `ql restore` and for app.ts, which applies a confirmed restore at start-up
 * before the database opens.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ImportPreview } from '../../contract/import-schemas.ts';
import type { DataPaths } from '../../config/paths.ts';
import { openDatabase, type DatabaseChoice } from '../../db/open.ts';
import { typed, type Area } from '../../app/shared.ts';
import { loadStockHashes, previewOf, readQinglongImport } from '../qinglong-import/index.ts';
import { backupQueue } from './job.ts';
import { qinglongBackupRoutes } from './qinglong-routes.ts';
import { backupRoutes } from './routes.ts';
import { BackupService, type BackupServiceDeps } from './service.ts';
import { readPending } from './restore-state.ts';
import { applyPendingRestore } from './swap.ts';
import { restoredRowsOf } from './swap-rows.ts';

export type { BackupService, QinglongImportHandOver } from './service.ts';
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
  return previewOf(
    await readQinglongImport({ sourceDir: dataDir, target, timezone, stockLibraries: await loadStockHashes() }),
  );
}

type RestoreLog = Parameters<typeof applyPendingRestore>[1];

/**
 * The confirmed restore applied now, with the data directory's lock held. On PostgreSQL the database is opened for it
 * (as its owner, so no daemon uses it meanwhile) and brought to this version's schema: its rows are what is replaced.
 */
export async function applyRestoreNow(paths: DataPaths, choice: DatabaseChoice, log: RestoreLog) {
  if (!choice.url || !(await readPending(paths))) return applyPendingRestore(paths, log);
  const database = await openDatabase(choice, { owner: { onLost: () => {} } });
  try {
    await database.migrate();
    return await applyPendingRestore(paths, log, Date.now(), restoredRowsOf(database));
  } finally {
    await database.close();
  }
}

/**
 * Applies a confirmed restore at start-up, before anything opens the data it replaces (app.ts calls it first), and
 * keeps what it says until the daemon's logger exists: the returned function writes it there.
 */
export async function restoreAtStart(
  paths: DataPaths,
  choice: DatabaseChoice,
): Promise<(log: Pick<FastifyBaseLogger, 'info' | 'error'>) => void> {
  const lines: { level: 'info' | 'error'; obj: object; msg: string | undefined }[] = [];
  await applyRestoreNow(paths, choice, {
    info: (obj, msg) => lines.push({ level: 'info', obj, msg }),
    error: (obj, msg) => lines.push({ level: 'error', obj, msg }),
  });
  return (log) => {
    for (const { level, obj, msg } of lines) log[level](obj, msg);
  };
}

export type BackupDeps = Omit<BackupServiceDeps, 'previewQinglong'>;

export function createBackup(deps: BackupDeps): Area<BackupService> {
  const service = new BackupService({
    ...deps,
    previewQinglong: (dir) => previewQinglongArchive(dir, deps.paths, deps.settings.get('timezone')),
  });
  deps.jobs.defineQueue(backupQueue, () => 1);
  deps.timetable.onDue('backup', () => void service.scheduled());
  return {
    service,
    routes: async (app) => {
      await backupRoutes(typed(app), { backups: service });
      await qinglongBackupRoutes(typed(app), { backups: service });
    },
    start: async () => {
      await service.cleanWorkDir();
      service.arm();
      await service.catchUp();
    },
  };
}
