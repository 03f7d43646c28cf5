/**
 * Hand-made tar archives for the restore tests: every header is written as given (a `../` path, an absolute path, a
 * link, a device), which a tar writer would clean up or refuse. Headers are encoded by node-tar's Header, so they are
 * valid tar; only their content is hostile.
 */
import { gzipSync } from 'node:zlib';
import { Header } from 'tar';

export interface RawEntry {
  path: string;
  type?: 'File' | 'Directory' | 'SymbolicLink' | 'Link' | 'CharacterDevice' | 'BlockDevice' | 'FIFO';
  body?: Buffer | string;
  /** The size the header declares (default: the body's). */
  size?: number;
  linkpath?: string;
  mode?: number;
}

const block = 512;

export function rawTar(entries: RawEntry[], { end = true } = {}): Buffer {
  const chunks: Buffer[] = [];
  for (const entry of entries) {
    const body = typeof entry.body === 'string' ? Buffer.from(entry.body) : (entry.body ?? Buffer.alloc(0));
    const type = entry.type ?? 'File';
    const header = new Header({
      path: entry.path,
      type,
      size: entry.size ?? (type === 'File' ? body.length : 0),
      mode: entry.mode ?? (type === 'Directory' ? 0o755 : 0o644),
      mtime: new Date(Date.UTC(2026, 0, 2)),
      linkpath: entry.linkpath ?? '',
      uid: 0,
      gid: 0,
    });
    const buffer = Buffer.alloc(block);
    header.encode(buffer);
    chunks.push(buffer);
    if (body.length > 0) {
      chunks.push(body, Buffer.alloc((block - (body.length % block)) % block));
    }
  }
  if (end) chunks.push(Buffer.alloc(block * 2));
  return Buffer.concat(chunks);
}

export const rawTgz = (entries: RawEntry[], options?: { end?: boolean }) => gzipSync(rawTar(entries, options));
