import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const secretFileName = 'jwt-secret';

/**
 * The per-install signing key, made on first start and kept beside the database (outside every folder the file
 * API can reach). There is no default key: a token from one install is worthless on another.
 */
export async function loadOrCreateSecret(dbDir: string): Promise<string> {
  const file = path.join(dbDir, secretFileName);
  try {
    await writeFile(file, randomBytes(48).toString('base64'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = (await readFile(file, 'utf8')).trim();
  if (secret.length < 32) throw new Error(`${file} holds a key that is too short; delete it to make a new one`);
  return secret;
}
