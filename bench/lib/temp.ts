import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A bench's temporary folder. Under `npm run bench` (scripts/bench.sh sets BENCH_TEMP_ROOT) the folders are made in
 * that root and left there until the last bench has run, when the script removes the root: a bench that removed its
 * files as it ended would be measured by the next one. On an ext4 without a journal (this VM's disk) the inode
 * allocator passes over inodes freed in the last 60–300 s, and 1,000 runs due at once, which make 2,000 folders and
 * logs, started 3.1 s late instead of 1.75 s right after files.ts had removed its 20,000 files (docs/performance.md,
 * round 11). A bench run on its own removes its folder itself.
 */
export function tempDir(prefix: string): { dir: string; remove: () => void } {
  const root = process.env.BENCH_TEMP_ROOT;
  const dir = mkdtempSync(path.join(root || os.tmpdir(), `baihu-bench-${prefix}-`));
  return { dir, remove: () => (root ? undefined : rmSync(dir, { recursive: true, force: true })) };
}
