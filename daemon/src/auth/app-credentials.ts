import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { clientIdLength, clientSecretLength } from '../contract/apps.ts';

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Letters and digits from the system's CSPRNG, without modulo bias (randomInt rejects out-of-range draws). */
export function randomAlphanumeric(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/** Qinglong's shapes: a 12-character client id, a 24-character secret (≈143 bits), a UUID token (122 bits). */
export const newClientId = () => randomAlphanumeric(clientIdLength);
export const newClientSecret = () => randomAlphanumeric(clientSecretLength);
export const newAppToken = () => randomUUID();

/**
 * What is stored of a secret or a token: its SHA-256. They are long random strings, not passwords, so a slow hash
 * buys nothing; a fast one lets a token be looked up by its hash on every request.
 */
export const hashCredential = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

/** Whether `value` hashes to `storedHash`, in time that does not depend on where they differ. */
export function matchesHash(value: string, storedHash: string): boolean {
  const given = Buffer.from(hashCredential(value), 'hex');
  const expected = Buffer.from(storedHash, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
