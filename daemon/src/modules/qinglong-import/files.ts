/**
 * The folders of the source's data directory and what happens to each: copied into Baihu's data folder, or adopted
 * where they are when the source is Baihu's own data folder. Counts files and bytes for the dry run. Files Qinglong
 * generates or that hold secrets read elsewhere (auth.json, token.json, crontab.list, grpc/, env.*) are not copied.
 */
import { lstat, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { FileAction } from '../../contract/import.ts';
import type { ImportFolderPlan, ImportNotifyLibrary } from '../../contract/import-schemas.ts';
import type { DataPaths } from '../../config/paths.ts';
import { classifyNotifyLibrary, type NotifyLibraryFile } from '../../notifications/library-state.ts';
import type { StockLibraryHashes } from '../../notifications/stock-libraries.ts';

export const importedFolders = ['config', 'scripts', 'repo', 'raw', 'log', 'deps', 'ssh.d', 'upload'] as const;
export type ImportedFolder = (typeof importedFolders)[number];

/** Top-level entries of a folder that are not copied. */
export const excludedEntries: Partial<Record<ImportedFolder, string[]>> = {
  config: ['auth.json', 'token.json', 'crontab.list', 'grpc', 'env.sh', 'env.js', 'env.py', 'config.sh.sample'],
};

const libraryFiles: NotifyLibraryFile[] = ['sendNotify.js', 'notify.py'];

interface Tally {
  files: number;
  bytes: number;
  /** sendNotify.js / notify.py below the top level (a repository's or a subscription's copy). */
  libraryCopies: number;
}

async function walk(dir: string, exclude: string[], tally: Tally, depth = 0): Promise<void> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (depth === 0 && exclude.includes(entry.name)) continue;
    const full = path.join(dir, entry.name);
    // Symlinks are counted as entries, never followed out of the folder.
    if (entry.isDirectory()) await walk(full, [], tally, depth + 1);
    else {
      tally.files += 1;
      tally.bytes += (await lstat(full).catch(() => ({ size: 0 }))).size;
      if (depth > 0 && (libraryFiles as string[]).includes(entry.name)) tally.libraryCopies += 1;
    }
  }
}

const isDir = (dir: string) =>
  lstat(dir).then(
    (s) => s.isDirectory(),
    () => false,
  );

export interface PlannedFiles {
  folders: ImportFolderPlan[];
  notifyLibraries: ImportNotifyLibrary[];
  /** Copies of the notification libraries inside scripts/ subfolders (kept as they are). */
  libraryCopies: number;
}

export async function planFiles(
  sourceDataDir: string,
  target: DataPaths,
  adoptInPlace: boolean,
  stock: StockLibraryHashes,
): Promise<PlannedFiles> {
  const folders: ImportFolderPlan[] = [];
  let libraryCopies = 0;
  for (const folder of importedFolders) {
    const from = path.join(sourceDataDir, folder);
    if (!(await isDir(from))) continue;
    const exclude = excludedEntries[folder] ?? [];
    const tally: Tally = { files: 0, bytes: 0, libraryCopies: 0 };
    await walk(from, exclude, tally);
    if (folder === 'scripts') libraryCopies = tally.libraryCopies;
    folders.push({
      folder,
      action: adoptInPlace ? FileAction.adopt : FileAction.copy,
      from,
      to: adoptInPlace ? from : target[folder],
      files: tally.files,
      bytes: tally.bytes,
      exclude,
    });
  }
  const notifyLibraries = await Promise.all(
    libraryFiles.map(async (file) =>
      classifyNotifyLibrary(file, await readFile(path.join(sourceDataDir, 'scripts', file)).catch(() => null), stock),
    ),
  );
  return { folders, notifyLibraries, libraryCopies };
}
