import { mkdir } from 'node:fs/promises';
import path from 'node:path';

/** The data directory keeps Qinglong's layout, so an existing Qinglong volume can be brought over. */
export const dataSubdirs = [
  'config',
  'scripts',
  'repo',
  'raw',
  'log',
  'db',
  'deps',
  'ssh.d',
  'syslog',
  'bak',
  'upload',
] as const;
export type DataSubdir = (typeof dataSubdirs)[number];

export type DataPaths = { root: string } & Record<DataSubdir, string>;

export function dataPaths(dataDir: string): DataPaths {
  const root = path.resolve(dataDir);
  const entries = dataSubdirs.map((name) => [name, path.join(root, name)] as const);
  return { root, ...Object.fromEntries(entries) } as DataPaths;
}

/** Creates the data directory and its folders, private to the daemon's user (data-modes.ts). */
export async function ensureDataDirs(paths: DataPaths): Promise<void> {
  await mkdir(paths.root, { recursive: true, mode: 0o700 });
  await Promise.all(dataSubdirs.map((name) => mkdir(paths[name], { recursive: true, mode: 0o700 })));
}
