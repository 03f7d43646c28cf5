/**
 * Backup files in data/bak: writing one (through a `.part` file renamed when whole, so a half-written backup never
 * looks like one), listing, deleting, and pruning the scheduled ones to the last N. Only names of our own pattern
 * (names.ts) are ever listed, served or deleted; the rest of data/bak (scripts set aside before an overwrite, the
 * data a restore replaced) is not ours to touch.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, statfs } from 'node:fs/promises';
import path from 'node:path';
import type { BackupFile, BackupPart } from '../../contract/backup.ts';
import { ResponseCode } from '../../contract/codes.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import type { DataPaths } from '../../config/paths.ts';
import { measure } from './collect.ts';
import { backupFileName, parseBackupName } from './names.ts';
import { writeBackup, type BackupProgress, type WriteBackupOptions, type WrittenBackup } from './write.ts';

/** Where snapshots and `.part` files live while a backup is written. */
export const backupWorkDir = (paths: DataPaths) => path.join(paths.bak, '.tmp');

export interface BackupToFileOptions {
  paths: DataPaths;
  parts: readonly BackupPart[];
  version: string;
  scheduled: boolean;
  snapshotDatabase: (file: string) => Promise<void>;
  adjustSnapshot?: WriteBackupOptions['adjustSnapshot'];
  databaseBytes: number;
  onProgress?: (progress: BackupProgress) => void;
  signal?: AbortSignal;
  now?: () => number;
}

export interface BackupWritten extends WrittenBackup {
  name: string;
  file: string;
}

/** Free bytes on the data directory's disk. */
export async function freeBytes(paths: DataPaths): Promise<number> {
  const disk = await statfs(paths.root);
  return disk.bavail * disk.bsize;
}

/**
 * Refuses a backup that cannot fit: the uncompressed size is the worst case (an archive of compressed files is no
 * smaller), so that much must be free.
 */
export async function checkSpace(paths: DataPaths, parts: readonly BackupPart[], databaseBytes: number) {
  const { bytes } = await measure(paths, parts, databaseBytes);
  const free = await freeBytes(paths);
  if (bytes > free) {
    const mb = (n: number) => Math.ceil(n / 1024 / 1024);
    throw new AppError('backupNoSpace', ResponseCode.badRequest, { need: mb(bytes), free: mb(free) });
  }
}

/** The name the next backup of this kind gets (not taken yet). */
export async function nextBackupName(
  paths: DataPaths,
  at: { now: number; zone: string },
  scheduled: boolean,
): Promise<string> {
  const taken = new Set(await readdir(paths.bak).catch(() => [] as string[]));
  return backupFileName(at, scheduled, (name) => taken.has(name));
}

export async function backupToFile(o: BackupToFileOptions & { name: string }): Promise<BackupWritten> {
  const workDir = backupWorkDir(o.paths);
  await mkdir(workDir, { recursive: true, mode: 0o700 });
  const file = path.join(o.paths.bak, o.name);
  const part = path.join(workDir, `${o.name}.part`);
  try {
    const written = await writeBackup({
      paths: o.paths,
      parts: o.parts,
      version: o.version,
      snapshotDatabase: o.snapshotDatabase,
      ...(o.adjustSnapshot ? { adjustSnapshot: o.adjustSnapshot } : {}),
      workDir,
      output: createWriteStream(part, { mode: 0o600 }),
      ...(o.signal ? { signal: o.signal } : {}),
      ...(o.onProgress ? { onProgress: o.onProgress } : {}),
      ...(o.now ? { now: o.now } : {}),
    });
    await rename(part, file);
    return { ...written, name: o.name, file };
  } finally {
    await rm(part, { force: true });
  }
}

/** Our backups in data/bak, newest first. */
export async function listBackups(paths: DataPaths): Promise<BackupFile[]> {
  const names = await readdir(paths.bak).catch(() => [] as string[]);
  const files: (BackupFile & { stamp: string })[] = [];
  for (const name of names) {
    const kind = parseBackupName(name);
    if (!kind) continue;
    const info = await stat(path.join(paths.bak, name)).catch(() => null);
    if (info?.isFile()) files.push({ name, size: info.size, createdAt: info.mtimeMs, ...kind });
  }
  // By the time in the name: a copied file's mtime says when it was copied.
  files.sort((a, b) => (a.stamp < b.stamp ? 1 : a.stamp > b.stamp ? -1 : 0));
  return files.map(({ stamp: _stamp, ...file }) => file);
}

/** The path of one of our backups, or 404: a name of another pattern (or with a slash) is never looked up. */
export async function backupPath(paths: DataPaths, name: string): Promise<string> {
  if (!parseBackupName(name)) throw notFound();
  const file = path.join(paths.bak, name);
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw notFound();
  return file;
}

export async function deleteBackup(paths: DataPaths, name: string): Promise<void> {
  await rm(await backupPath(paths, name));
}

/** Deletes the scheduled backups beyond the newest `keep`; the ones made on demand are the user's to delete. */
export async function pruneScheduled(paths: DataPaths, keep: number): Promise<string[]> {
  const scheduled = (await listBackups(paths)).filter((file) => file.scheduled);
  const old = scheduled.slice(Math.max(1, keep));
  for (const file of old) await rm(path.join(paths.bak, file.name), { force: true });
  return old.map((file) => file.name);
}
