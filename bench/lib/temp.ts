import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A bench's temporary folder. Under `npm run bench` (scripts/bench.sh sets BENCH_TEMP_ROOT) the folders are made in
 * that root and left there until the last bench has run, when the script removes the root: a bench that removed its
 * files as it ended would be measured by the next one: on an ext4 without a journal the inode allocator passes over
 * inodes freed in the last minutes, so a burst of runs that makes thousands of folders and logs right after files.ts
 * removed its 20,000 files starts late. A bench run on its own removes its folder itself.
 */
export function tempDir(prefix: string): { dir: string; remove: () => void } {
  const root = process.env.BENCH_TEMP_ROOT;
  const dir = mkdtempSync(path.join(root || os.tmpdir(), `baihu-bench-${prefix}-`));
  return { dir, remove: () => (root ? undefined : rmSync(dir, { recursive: true, force: true })) };
}
