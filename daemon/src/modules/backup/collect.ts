/**
 * What a backup of some parts holds, found by walking the data directory without following links: regular files
 * and folders. Links, sockets and devices are left out and named (a restore never creates them either); so are the
 * folders `parts.ts` skips. Walked twice — once to count (progress, the disk-space check), once to write — so a tree
 * of a million logs is never held in memory.
 */
import type { Dirent } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { BackupPart } from '../../contract/backup.ts';
import type { DataPaths } from '../../config/paths.ts';
import { archivePathOf, databaseFiles, partSlots, skippedFolderNames, slotOwns } from './parts.ts';

export type Collected =
  | { kind: 'dir'; archivePath: string; abs: string }
  | { kind: 'file'; archivePath: string; abs: string; size: number }
  | { kind: 'skipped'; archivePath: string; reason: SkipReason };

export type SkipReason = 'link' | 'special' | 'packages' | 'unreadable';

async function entriesOf(folder: string): Promise<Dirent[] | null> {
  try {
    return await readdir(folder, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return [];
    return null;
  }
}

async function* walkFolder(
  root: string,
  folder: string,
  relative: string,
  owns: (top: string) => boolean,
): AsyncGenerator<Collected> {
  const entries = await entriesOf(path.join(root, relative));
  const here = (name: string) => (relative ? path.join(relative, name) : name);
  if (entries === null) {
    yield { kind: 'skipped', archivePath: archivePathOf(folder, relative), reason: 'unreadable' } as Collected;
    return;
  }
  // A stable order makes two backups of the same data list their files alike.
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (relative === '' && !owns(entry.name)) continue;
    const rel = here(entry.name);
    const abs = path.join(root, rel);
    const archivePath = archivePathOf(folder, rel);
    if (entry.isDirectory()) {
      if (skippedFolderNames.has(entry.name)) {
        yield { kind: 'skipped', archivePath, reason: 'packages' } as Collected;
        continue;
      }
      yield { kind: 'dir', archivePath, abs } as Collected;
      yield* walkFolder(root, folder, rel, owns);
    } else if (entry.isFile()) {
      const info = await lstat(abs).catch(() => null);
      if (info?.isFile()) yield { kind: 'file', archivePath, abs, size: info.size } as Collected;
    } else if (entry.isSymbolicLink()) {
      yield { kind: 'skipped', archivePath, reason: 'link' } as Collected;
    } else {
      yield { kind: 'skipped', archivePath, reason: 'special' } as Collected;
    }
  }
}

/**
 * Every folder and file of the parts, in order (the database file itself excluded: the writer adds a snapshot of it
 * in its place). The top folder of each slot is yielded first, so an empty folder comes back empty.
 */
export async function* collect(paths: DataPaths, parts: readonly BackupPart[]): AsyncGenerator<Collected> {
  for (const part of parts) {
    for (const slot of partSlots[part]) {
      const root = paths[slot.folder];
      yield { kind: 'dir', archivePath: archivePathOf(slot.folder, ''), abs: root };
      const owns = (top: string) => slotOwns(slot, top) && !(part === 'db' && databaseFiles.includes(top));
      yield* walkFolder(root, slot.folder, '', owns);
    }
  }
}

/** How many files and bytes a backup of these parts will hold (the database counted at its current size). */
export async function measure(
  paths: DataPaths,
  parts: readonly BackupPart[],
  databaseBytes: number,
): Promise<{ files: number; bytes: number }> {
  let files = parts.includes('db') ? 1 : 0;
  let bytes = parts.includes('db') ? databaseBytes : 0;
  for await (const item of collect(paths, parts)) {
    if (item.kind !== 'file') continue;
    files += 1;
    bytes += item.size;
  }
  return { files, bytes };
}
