/**
 * `ql backup [parts…]` and `ql restore <file>`: the panel's backup and restore from a shell, with the same code.
 *
 * `ql restore` checks the archive first (nothing is replaced by a refused one). With the daemon stopped it takes the
 * data directory's lock and swaps the data in at once. With the daemon running it cannot swap files the daemon has
 * open: it leaves the checked restore confirmed for the next start and asks the daemon to restart (restart.ts), which
 * under the container's entrypoint applies it within seconds.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config/config.ts';
import { backupParts, defaultBackupParts, isBackupPart, type BackupPart } from '../contract/backup.ts';
import { formatMessage } from '../contract/messages.ts';
import { databaseLocation, databaseOf, hasDatabase, migrationNames, openDatabase } from '../db/open.ts';
import { AppError } from '../errors/app-error.ts';
import { DataDirLocked, lockDataDir } from '../db/lock.ts';
import {
  applyRestoreNow,
  backupToFile,
  checkArchive,
  confirmStaged,
  discardStaged,
  nextBackupName,
  previewQinglongArchive,
  slotKeysOf,
} from '../modules/backup/index.ts';
import { dataPaths } from '../config/paths.ts';
import { askDaemonToRestart } from '../app/restart.ts';
import { version } from '../install/version.ts';

export class CommandError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function partsOf(args: string[]): BackupPart[] {
  if (args.length === 0) return defaultBackupParts;
  if (args.length === 1 && args[0] === 'all') return [...backupParts];
  const unknown = args.filter((arg) => !isBackupPart(arg));
  if (unknown.length > 0) {
    throw new CommandError(`Unknown part ${unknown.join(', ')}. Parts: all, ${backupParts.join(', ')}`, 2);
  }
  return ['db', ...(args as BackupPart[])];
}

/** The panel's time zone, which backup and restore folders are named in (ql's context reads it from the settings). */
export async function backupCommand(config: Config, args: string[], zone: string): Promise<string> {
  const paths = dataPaths(config.dataDir);
  const choice = databaseOf(config);
  if (!hasDatabase(choice)) {
    throw new CommandError(`No database at ${await databaseLocation(choice)}: start Baihu once before backing up.`);
  }
  const parts = partsOf(args);
  // The database is read through its own connection, never migrated: a backup changes nothing.
  const database = await openDatabase(choice);
  try {
    const name = await nextBackupName(paths, { now: Date.now(), zone }, false);
    let shown = 0;
    const written = await backupToFile({
      paths,
      parts,
      version,
      scheduled: false,
      name,
      databaseBytes: await database.size(),
      snapshotDatabase: (file) => database.snapshotTo(file),
      onProgress: (p) => {
        if (Date.now() - shown < 1000) return;
        shown = Date.now();
        process.stderr.write(`  ${p.files}/${p.totalFiles} files, ${mb(p.bytes)} of ${mb(p.totalBytes)}\n`);
      },
    });
    const { manifest } = written;
    const skipped = manifest.skipped.length ? `; left out: ${manifest.skipped.length} (see its manifest)` : '';
    return (
      `Backup written: ${written.file}\n` +
      `  parts: ${manifest.parts.join(', ')}; ${manifest.files.length} files; ${mb(written.archiveBytes)}${skipped}`
    );
  } finally {
    await database.close();
  }
}

const log = { info: () => {}, error: (obj: object, msg?: string) => console.error(msg ?? '', obj) };

export async function restoreCommand(config: Config, args: string[], zone: string): Promise<string> {
  if (args.length !== 1) throw new CommandError('Usage: ql restore <file.tgz>', 2);
  const file = path.resolve(args[0]!);
  if (!existsSync(file) || !statSync(file).isFile()) throw new CommandError(`No file at ${file}`);
  const paths = dataPaths(config.dataDir);

  let lock: { release(): void } | null = null;
  try {
    lock = lockDataDir(config.dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLocked)) throw error;
  }
  try {
    const check = await checkArchive({
      paths,
      source: createReadStream(file),
      knownMigrations: migrationNames(),
      previewQinglong: (dir) => previewQinglongArchive(dir, paths, zone),
      zone,
    });
    if (check.kind === 'qinglong') {
      await discardStaged(paths);
      throw new CommandError(formatMessage('restoreQinglongUnavailable', 'en'));
    }
    const summary = `Checked: a Baihu ${check.baihuVersion} backup of ${check.createdAt}; parts ${check.parts.join(', ')}; ${check.files} files.`;
    await confirmStaged(paths, check.id, slotKeysOf(check.parts as BackupPart[]), { now: Date.now(), zone });
    if (lock) {
      const outcome = await applyRestoreNow(paths, databaseOf(config), log);
      if (!outcome?.ok)
        throw new CommandError(`${summary}\nThe restore failed and nothing was changed: ${outcome?.message}`);
      return `${summary}\nRestored. The replaced data is in ${path.join(paths.root, outcome.previous ?? '')}.`;
    }
    const asked = askDaemonToRestart(config.dataDir);
    return asked.asked
      ? `${summary}\nThe daemon (pid ${asked.pid}) is running: it was asked to restart and applies the restore as it starts.`
      : `${summary}\nThe daemon is running but could not be asked to restart (${asked.reason}). The restore is applied at its next start: restart it (docker restart <container>).`;
  } catch (error) {
    if (error instanceof AppError) throw new CommandError(formatMessage(error.key, 'en', error.params));
    throw error;
  } finally {
    lock?.release();
  }
}
