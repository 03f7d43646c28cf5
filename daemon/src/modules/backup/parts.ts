/**
 * Which files of the data directory each backup part owns. A part owns whole folders, or some entries of one (db/:
 * the database and the sign-in key, not the daemon's lock; deps/: the user's shared modules, not the installed
 * packages). Backup, restore and the swap at start-up read the same table, so what is written is what is replaced.
 */
import path from 'node:path';
import { secretFileName } from '../../auth/secret.ts';
import { archiveDataFolder, type BackupPart } from '../../contract/backup.ts';
import { databaseFileName } from '../../db/open.ts';
import type { DataSubdir } from '../../config/paths.ts';

export interface PartSlot {
  folder: DataSubdir;
  /** Only these top-level entries of the folder belong to the part. */
  only?: readonly string[];
  /** Top-level entries of the folder that never belong to it. */
  except?: readonly string[];
}

/** The database travels with its WAL and shared-memory files when the current one is set aside. */
export const databaseFiles = [
  databaseFileName,
  `${databaseFileName}-wal`,
  `${databaseFileName}-shm`,
  `${databaseFileName}-journal`,
];

/**
 * Installed packages (npm --prefix deps/node, pip --target deps/python) are left out: the dependency list is in the
 * database, and they are reinstalled from it; they are large and tied to the machine's architecture.
 */
export const installedPackageFolders = ['node', 'python', 'node_modules'];

export const partSlots: Record<BackupPart, readonly PartSlot[]> = {
  db: [{ folder: 'db', only: [...databaseFiles, secretFileName] }, { folder: 'upload' }],
  config: [{ folder: 'config' }],
  scripts: [{ folder: 'scripts' }],
  repo: [{ folder: 'repo' }],
  raw: [{ folder: 'raw' }],
  log: [{ folder: 'log' }],
  deps: [{ folder: 'deps', except: installedPackageFolders }],
  'ssh.d': [{ folder: 'ssh.d' }],
  syslog: [{ folder: 'syslog' }],
};

/** Folders never descended into, in any part: packages a script folder installed, Python's byte-code caches. */
export const skippedFolderNames = new Set(['node_modules', '__pycache__']);

export function slotOwns(slot: PartSlot, topName: string): boolean {
  if (slot.only) return slot.only.includes(topName);
  return !(slot.except ?? []).includes(topName);
}

/** The part that owns a path of the archive (`data/<folder>/<top>/…`), or null. */
export function partOfArchivePath(archivePath: string): { part: BackupPart; slot: PartSlot } | null {
  const segments = archivePath.split('/');
  if (segments[0] !== archiveDataFolder || segments.length < 3) return null;
  const [, folder, top] = segments as [string, string, string];
  for (const [part, slots] of Object.entries(partSlots) as [BackupPart, readonly PartSlot[]][]) {
    for (const slot of slots) if (slot.folder === folder && slotOwns(slot, top)) return { part, slot };
  }
  return null;
}

/** `data/<folder>/<relative>` in the archive. */
export const archivePathOf = (folder: string, relative: string) =>
  path.posix.join(archiveDataFolder, folder, relative.split(path.sep).join('/'));

/** The folders an archive's parts occupy (for "which data-dir folders does this restore touch"). */
export function foldersOf(parts: readonly BackupPart[]): DataSubdir[] {
  return [...new Set(parts.flatMap((part) => partSlots[part].map((slot) => slot.folder)))];
}
