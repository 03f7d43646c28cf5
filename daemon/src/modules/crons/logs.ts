import { open, readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** How much of a log GET /api/crons/:id/log answers with: the end, where the news is. */
export const logTailBytes = 2 * 1024 * 1024;

/** `relative` resolved under `root`, or null when it would leave it. */
export function insideRoot(root: string, relative: string): string | null {
  if (relative.includes('\0')) return null;
  const resolved = path.resolve(root, relative);
  return resolved.startsWith(root + path.sep) ? resolved : null;
}

/**
 * The last `maxBytes` of a file, starting at a whole line when one begins close enough, and how many bytes were left
 * out. Null when the file does not exist.
 */
export async function readTail(
  file: string,
  maxBytes = logTailBytes,
): Promise<{ text: string; skipped: number; size: number } | null> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch {
    return null;
  }
  try {
    const { size } = await handle.stat();
    const start = Math.max(0, size - maxBytes);
    const buffer = Buffer.alloc(size - start);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, start);
    let from = 0;
    if (start > 0) {
      const newline = buffer.indexOf(0x0a);
      if (newline >= 0 && newline < 4096) from = newline + 1;
      // Never start inside a UTF-8 sequence.
      while (from < bytesRead && (buffer[from]! & 0xc0) === 0x80) from++;
    }
    return { text: buffer.subarray(from, bytesRead).toString('utf8'), skipped: start + from, size };
  } finally {
    await handle.close();
  }
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
