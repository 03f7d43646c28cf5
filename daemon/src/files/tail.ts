/** The end of a file without reading the rest of it: logs may be gigabytes. */
import { open } from 'node:fs/promises';

/** How much of a log a detail view answers with: the end, where the news is. */
export const logTailBytes = 2 * 1024 * 1024;

export interface FileRange {
  text: string;
  /** Byte offset of the first byte of `text` (after aligning to a line); page backwards with `end = start`. */
  start: number;
  /** Byte offset just past the last byte of `text`. */
  end: number;
  /** The whole file's size. */
  size: number;
}

/**
 * Up to `maxBytes` ending at `end` (default: the end of the file). When it does not start at the file's beginning it
 * starts at a whole line when one begins close enough, and never inside a UTF-8 sequence. Null when the file cannot
 * be opened.
 */
export async function readRange(file: string, maxBytes: number, end?: number): Promise<FileRange | null> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch {
    return null;
  }
  try {
    const { size } = await handle.stat();
    const stop = Math.min(size, Math.max(0, end ?? size));
    const start = Math.max(0, stop - maxBytes);
    const buffer = Buffer.alloc(stop - start);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, start);
    let from = 0;
    if (start > 0) {
      const newline = buffer.indexOf(0x0a);
      if (newline >= 0 && newline < 4096) from = newline + 1;
      while (from < bytesRead && (buffer[from]! & 0xc0) === 0x80) from++;
    }
    return {
      text: buffer.subarray(from, bytesRead).toString('utf8'),
      start: start + from,
      end: start + bytesRead,
      size,
    };
  } finally {
    await handle.close();
  }
}

/** The last `maxBytes` of a file and how many bytes were left out before them. Null when the file does not exist. */
export async function readTail(
  file: string,
  maxBytes = logTailBytes,
): Promise<{ text: string; skipped: number; size: number } | null> {
  const range = await readRange(file, maxBytes);
  return range && { text: range.text, skipped: range.start, size: range.size };
}
