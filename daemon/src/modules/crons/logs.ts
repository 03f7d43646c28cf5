import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

export { logTailBytes, readTail } from '../../files/tail.ts';

/** `relative` resolved under `root`, or null when it would leave it. */
export function insideRoot(root: string, relative: string): string | null {
  if (relative.includes('\0')) return null;
  const resolved = path.resolve(root, relative);
  return resolved.startsWith(root + path.sep) ? resolved : null;
}

export interface LogFileEntry {
  filename: string;
  /** Relative to data/log. */
  directory: string;
  /** Modification time, ms. */
  time: number;
  size: number;
}

/** The files of one log folder (relative to data/log), newest first. Empty when the folder is missing. */
export async function listLogFiles(logRoot: string, directory: string): Promise<LogFileEntry[]> {
  const dir = insideRoot(logRoot, directory);
  if (!dir) return [];
  let names: string[];
  try {
    names = (await readdir(dir, { withFileTypes: true })).filter((d) => d.isFile()).map((d) => d.name);
  } catch {
    return [];
  }
  const entries = await Promise.all(
    names.map(async (filename) => {
      const info = await stat(path.join(dir, filename)).catch(() => null);
      return info ? { filename, directory, time: info.mtimeMs, size: info.size } : null;
    }),
  );
  return entries
    .filter((e): e is LogFileEntry => e !== null)
    .sort((a, b) => b.time - a.time || b.filename.localeCompare(a.filename));
}
