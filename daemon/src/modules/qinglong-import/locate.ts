/**
 * Finds the Qinglong data directory the user pointed at: the data folder itself (with db/database.sqlite) or
 * Qinglong's root (with data/db/database.sqlite), e.g. `/ql` or `/ql/data` of an old container's volume.
 */
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { ResponseCode } from '../../contract/codes.ts';
import { AppError } from '../../errors/app-error.ts';

export interface SourceFiles {
  dataDir: string;
  database: string;
  keyv: string;
  authJson: string;
}

const isFile = (file: string) =>
  stat(file).then(
    (s) => s.isFile(),
    () => false,
  );

export async function locateSource(dir: string): Promise<SourceFiles> {
  const given = path.resolve(dir);
  for (const candidate of [given, path.join(given, 'data')]) {
    const database = path.join(candidate, 'db', 'database.sqlite');
    if (await isFile(database)) {
      const dataDir = await realpath(candidate);
      return {
        dataDir,
        database: path.join(dataDir, 'db', 'database.sqlite'),
        keyv: path.join(dataDir, 'db', 'keyv.sqlite'),
        authJson: path.join(dataDir, 'config', 'auth.json'),
      };
    }
  }
  throw new AppError('importSourceMissing', ResponseCode.badRequest, { path: given });
}

export { isFile };

/** The source is the very folder Baihu runs on (a Qinglong volume mounted as Baihu's data directory). */
export async function isSameDir(a: string, b: string): Promise<boolean> {
  const real = (p: string) => realpath(p).catch(() => path.resolve(p));
  return (await real(a)) === (await real(b));
}
