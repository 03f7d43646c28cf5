import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const avatarMaxBytes = 2 * 1024 * 1024;
const avatarFilePattern = /^avatar-[0-9a-f]{16}\.(png|jpg|gif|webp)$/;
export const avatarContentTypes: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** The image type from its first bytes; the uploaded name and declared type are not trusted. */
export function imageExtension(bytes: Buffer): string | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.subarray(0, 4).toString('latin1') === 'GIF8') return 'gif';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') {
    return 'webp';
  }
  return null;
}

/** Writes the image under a random name (temp file + rename, so a crash never leaves half an image). */
export async function storeAvatar(uploadDir: string, bytes: Buffer, extension: string): Promise<string> {
  const name = `avatar-${randomBytes(8).toString('hex')}.${extension}`;
  const temp = path.join(uploadDir, `.${name}.tmp`);
  await writeFile(temp, bytes, { mode: 0o644 });
  await rename(temp, path.join(uploadDir, name));
  return name;
}

export async function removeAvatar(uploadDir: string, name: string | null): Promise<void> {
  if (name && avatarFilePattern.test(name)) await rm(path.join(uploadDir, name), { force: true });
}

export async function readAvatar(uploadDir: string, name: string): Promise<Buffer | null> {
  if (!avatarFilePattern.test(name)) return null;
  return readFile(path.join(uploadDir, name)).catch(() => null);
}
