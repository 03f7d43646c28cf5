/** Writes that never leave a half-written file: a temp file beside the target, fsync, rename. */
import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, open, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { DataPaths } from '../config/paths.ts';
import { fileStamp } from '../time/wall-clock.ts';

export interface AtomicWriteOptions {
  /** Mode of a new file; an existing file keeps its own. */
  mode?: number;
  /** The rename step, replaceable by tests to simulate a crash between write and rename. */
  rename?: (from: string, to: string) => Promise<void>;
}

/**
 * Replaces `file` with `content` atomically: readers see the old file or the new one, never a mix, and a crash
 * before the rename leaves the old file as it was. The temp file is removed when anything fails.
 */
export async function writeFileAtomic(
  file: string,
  content: string | Uint8Array,
  options: AtomicWriteOptions = {},
): Promise<void> {
  const dir = path.dirname(file);
  const temp = path.join(dir, `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  const mode = await stat(file).then(
    (info) => info.mode & 0o7777,
    () => options.mode ?? 0o644,
  );
  try {
    const handle = await open(temp, 'wx', mode);
    try {
      await handle.writeFile(content);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await (options.rename ?? rename)(temp, file);
  } catch (error) {
    await unlink(temp).catch(() => {});
    throw error;
  }
}

/**
 * Copies the script at `scriptRel` (relative to data/scripts) to `data/bak/<scriptRel>.<time>` before it is
 * overwritten or removed (the time in the panel's `zone`). Returns the backup's path, or null when there was nothing to
 * keep.
 */
export async function backupBeforeOverwrite(
  paths: Pick<DataPaths, 'scripts' | 'bak'>,
  scriptRel: string,
  now: number,
  zone: string,
): Promise<string | null> {
  const source = path.join(paths.scripts, scriptRel);
  const info = await stat(source).catch(() => null);
  if (!info?.isFile()) return null;
  const target = path.join(paths.bak, `${scriptRel}.${fileStamp(now, zone)}`);
  await mkdir(path.dirname(target), { recursive: true });
  await copyFile(source, target);
  return target;
}
