import { spawnSync } from 'node:child_process';

/**
 * Drops one file's pages from the kernel's page cache (posix_fadvise DONTNEED, through python3: node has no binding),
 * as after a reboot, without dropping the rest of the machine's cache.
 */
export function evictFromPageCache(file: string): void {
  const script = `import os,sys\nfd=os.open(sys.argv[1],os.O_RDONLY)\nos.fdatasync(fd)\nos.posix_fadvise(fd,0,0,os.POSIX_FADV_DONTNEED)`;
  const done = spawnSync('python3', ['-c', script, file], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (done.status !== 0) throw new Error(`could not drop ${file} from the page cache`);
}
