import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const localKeyFileName = 'local.key';

/**
 * The key `task` and `ql` on this machine show the daemon's local routes (run a task in the panel's history, pull a
 * subscription). A new one is written at every start, beside the database (private to the daemon's user, outside
 * every folder the file API reaches), so only a process that can read the data dir holds it; the routes also
 * insist on a loopback peer. It grants only those few routes, never a session.
 */
export class LocalKey {
  private constructor(private readonly key: Buffer) {}

  static async create(dbDir: string): Promise<LocalKey> {
    const key = randomBytes(32).toString('base64url');
    const file = path.join(dbDir, localKeyFileName);
    const fresh = `${file}.${process.pid}.tmp`;
    await writeFile(fresh, key, { mode: 0o600 });
    await rename(fresh, file);
    return new LocalKey(Buffer.from(key));
  }

  matches(token: string | undefined): boolean {
    if (token === undefined) return false;
    const given = Buffer.from(token);
    return given.length === this.key.length && timingSafeEqual(given, this.key);
  }
}

/** The key the running daemon wrote (for `task` and `ql`); null when there is none or it cannot be read. */
export function readLocalKey(dbDir: string): string | null {
  try {
    return readFileSync(path.join(dbDir, localKeyFileName), 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/** Whether a socket's peer address is this machine (127.0.0.0/8, ::1, or IPv4-mapped loopback). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}
