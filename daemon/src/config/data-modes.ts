/**
 * The data directory holds secrets (the database with its WAL/SHM, jwt-secret, config.sh with tokens, SSH keys, logs
 * that print cookies), so nothing in it is for other users of the machine: new files are 0600 and folders 0700 (the
 * umask), and what an older version or a hand-made volume left group/world-readable is tightened at start-up.
 *
 * Cheap on purpose: the folders are closed (0700 on a folder is enough to keep other users out of everything below
 * it), and only the few files directly in db/, config/ and ssh.d/ are changed one by one; log/ and scripts/, which
 * may hold a million files, are never walked. Scripts run as the daemon's user, so they keep full access.
 */
import { chmod, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { dataSubdirs, type DataPaths } from './paths.ts';

/** New files 0600, new folders 0700, for the daemon and every process it starts. */
export const privateUmask = 0o077;

/** Folders whose files are tightened one by one (all small). */
const fileFolders = ['db', 'config', 'ssh.d'] as const;

/** A path that could not be made private, and why (an errno code). */
export interface Unrestricted {
  path: string;
  code: string | undefined;
}

async function tighten(target: string, mode: number, problems: Unrestricted[]): Promise<void> {
  try {
    const info = await stat(target);
    if ((info.mode & 0o077) === 0) return;
    await chmod(target, mode);
  } catch (error) {
    // Not ours (e.g. a root-owned volume mount point) or gone meanwhile: the rest is still worth doing.
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT') problems.push({ path: target, code });
  }
}

/** Makes the data directory private to the daemon's user (see above). Never throws; returns what it could not do. */
export async function restrictDataDir(paths: DataPaths): Promise<Unrestricted[]> {
  const problems: Unrestricted[] = [];
  await tighten(paths.root, 0o700, problems);
  await Promise.all(dataSubdirs.map((name) => tighten(paths[name], 0o700, problems)));
  for (const folder of fileFolders) {
    const entries = await readdir(paths[folder], { withFileTypes: true }).catch(() => []);
    await Promise.all(
      entries.filter((e) => e.isFile()).map((e) => tighten(path.join(paths[folder], e.name), 0o600, problems)),
    );
  }
  return problems;
}

/** Says what restrictDataDir could not do, once a logger exists. */
export function logUnrestricted(
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void },
  paths: DataPaths,
  unrestricted: Unrestricted[],
): void {
  for (const { path, code } of unrestricted) {
    // The top folder is often a mount point owned by someone else (the image's world-writable /baihu/data): the
    // folders below it, which are ours, still keep other users out.
    const level = path === paths.root ? 'info' : 'warn';
    log[level]({ path, code }, 'could not make private to this user');
  }
}
