import { lstat, opendir } from 'node:fs/promises';
import path from 'node:path';

/**
 * The bytes a folder takes: every file below it, links not followed (a link into another disk must not count that
 * disk), entries that vanish or cannot be read while it walks skipped. It walks one folder at a time and awaits each
 * entry, so a folder of a million logs slows nothing else down; callers run it in the background and keep the answer.
 */
export async function folderSize(root: string): Promise<number> {
  let total = 0;
  const pending = [root];
  while (pending.length > 0) {
    const dir = pending.pop()!;
    let handle;
    try {
      handle = await opendir(dir);
    } catch {
      continue;
    }
    try {
      for await (const entry of handle) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          pending.push(full);
        } else if (!entry.isSymbolicLink()) {
          total += await lstat(full).then(
            (s) => s.size,
            () => 0,
          );
        }
      }
    } catch {
      // The folder went away mid-walk: what was counted stays.
    }
  }
  return total;
}
