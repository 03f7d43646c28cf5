/**
 * Unpacks an uploaded archive into a fresh staging folder, checking every entry before a byte of it is written
 * (entry-rules.ts) and every limit as it goes: the size of one file, the total against the free disk space, the
 * number of entries. Only regular files and folders are ever created, each file opened with O_EXCL in a folder this
 * code made, so nothing in the archive can point a write elsewhere. Each file's sha256 is computed on the way. Any
 * refusal stops the read at once; the caller removes the staging folder, and the data directory was never touched.
 */
import { createHash } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { mkdir, utimes } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { ReadEntry } from 'tar';
import { ResponseCode } from '../../contract/codes.ts';
import type { MessageKey } from '../../contract/messages.ts';
import { AppError } from '../../errors/app-error.ts';
import { kindOf, planEntry, shown } from './entry-rules.ts';
import { loadTar } from './write.ts';

export interface UnpackLimits {
  maxFileBytes: number;
  maxTotalBytes: number;
  /** What bounds the total: the free disk space, or the fixed ceiling. */
  totalLimit: 'disk' | 'total';
  maxEntries: number;
  maxManifestBytes: number;
}

export interface UnpackedFile {
  size: number;
  sha256: string;
}

export interface UnpackedArchive {
  manifestText: string | null;
  /** Archive path → what was written. */
  files: Map<string, UnpackedFile>;
  bytes: number;
  /** Folders of the archive left out (Qinglong's dep_cache). */
  ignored: string[];
  /** Whether the tar's end-of-archive marker was read (our own archives always have it). */
  sawEnd: boolean;
}

const refusal = (key: MessageKey, params: Record<string, string | number> = {}) =>
  new AppError(key, ResponseCode.badRequest, params);
const mb = (bytes: number) => Math.floor(bytes / 1024 / 1024);

/** Refuses anything that does not start like gzip, before the tar reader guesses at it. */
function gzipOnly(): Transform {
  let head = Buffer.alloc(0);
  let checked = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (checked) return done(null, chunk);
      head = Buffer.concat([head, chunk]);
      if (head.length < 2) return done();
      checked = true;
      if (head[0] !== 0x1f || head[1] !== 0x8b) return done(refusal('restoreNotGzip'));
      done(null, head);
    },
    flush(done) {
      done(checked ? null : refusal('restoreNotGzip'));
    },
  });
}

/** The reader's and zlib's errors, in words a user can act on. */
export function translateReadError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const e = error as { code?: string; tarCode?: string; message?: string };
  const message = e.message ?? String(error);
  if (e.code === 'Z_BUF_ERROR' || /unexpected end of file|Truncated input/i.test(message)) {
    return refusal('restoreTruncated');
  }
  if (/Unrecognized archive format/.test(message)) return refusal('restoreCorrupt', { detail: 'not a tar archive' });
  if (e.code === 'ENOSPC') return refusal('restoreNoSpace', { max: 0 });
  if (typeof e.code === 'string' && e.code.startsWith('E')) return refusal('restoreWriteFailed', { detail: e.code });
  return refusal('restoreCorrupt', { detail: shown(message.replace(/^TAR_\w+: /, '')) });
}

export async function unpackArchive(
  source: Readable,
  stagingDir: string,
  limits: UnpackLimits,
  onProgress?: (done: { files: number; bytes: number }) => void,
): Promise<UnpackedArchive> {
  const { Parser } = await loadTar();
  await mkdir(stagingDir, { mode: 0o700 });
  // Sizes are bounded by the limits below, not by a compression ratio: a log of one repeated line is legitimate.
  const parser = new Parser({ strict: true, maxDecompressionRatio: Number.POSITIVE_INFINITY });
  const result: UnpackedArchive = { manifestText: null, files: new Map(), bytes: 0, ignored: [], sawEnd: false };
  const dirs = new Set<string>();
  const writes: Promise<void>[] = [];
  /** Files whose writing has started (they are in `files` once written). */
  const pending = new Set<string>();
  let entries = 0;
  let declared = 0;
  let failure: AppError | null = null;

  /** Files being written: a failure ends them, or their entry (cut off by the failure) would keep them open. */
  const open = new Set<Writable>();
  const fail = (error: unknown) => {
    if (failure) return;
    failure = translateReadError(error);
    source.unpipe();
    source.destroy();
    for (const out of open) out.destroy();
    parser.abort(failure);
  };

  const writeFile = async (entry: ReadEntry, archivePath: string) => {
    const target = path.join(stagingDir, archivePath);
    const hash = createHash('sha256');
    let size = 0;
    const hasher = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        size += chunk.length;
        result.bytes += chunk.length;
        done(null, chunk);
      },
    });
    // Owner bits of the archive kept (a script may be executable); never readable by others (data-modes.ts).
    const out = createWriteStream(target, { flags: 'wx', mode: ((entry.mode ?? 0o600) & 0o700) | 0o600 });
    open.add(out);
    entry.pipe(hasher).pipe(out);
    try {
      await finished(out);
    } finally {
      open.delete(out);
    }
    result.files.set(archivePath, { size, sha256: hash.digest('hex') });
    onProgress?.({ files: result.files.size, bytes: result.bytes });
    if (entry.mtime) await utimes(target, entry.mtime, entry.mtime).catch(() => {});
  };

  const handle = (entry: ReadEntry) => {
    entries += 1;
    if (entries > limits.maxEntries) throw refusal('restoreTooManyEntries', { max: limits.maxEntries });
    const kind = kindOf(entry.type, entry.path);
    const plan = planEntry(entry.path, kind);
    if (plan.action === 'skip' || plan.action === 'ignore') {
      if (plan.action === 'ignore' && !result.ignored.includes(plan.folder)) result.ignored.push(plan.folder);
      entry.resume();
      return;
    }
    if (plan.action === 'manifest') {
      if (result.manifestText !== null) throw refusal('restoreDuplicate', { path: shown(entry.path) });
      if (entry.size > limits.maxManifestBytes) throw refusal('restoreManifestInvalid', { detail: 'too large' });
      const chunks: Buffer[] = [];
      entry.on('data', (chunk: Buffer) => chunks.push(chunk));
      entry.on('end', () => (result.manifestText = Buffer.concat(chunks).toString('utf8')));
      return;
    }
    const { path: archivePath } = plan;
    if (result.files.has(archivePath) || (plan.kind === 'file' && dirs.has(archivePath))) {
      throw refusal('restoreDuplicate', { path: shown(archivePath) });
    }
    // A folder whose name an earlier file took (or the reverse) is the same trick as a duplicate.
    const segments = archivePath.split('/');
    for (let i = 1; i < segments.length; i++) {
      const ancestor = segments.slice(0, i).join('/');
      if (result.files.has(ancestor) || pending.has(ancestor))
        throw refusal('restoreDuplicate', { path: shown(ancestor) });
    }
    if (plan.kind === 'dir') {
      if (pending.has(archivePath)) throw refusal('restoreDuplicate', { path: shown(archivePath) });
      dirs.add(archivePath);
      mkdirSync(path.join(stagingDir, archivePath), { recursive: true, mode: 0o700 });
      entry.resume();
      return;
    }
    if (pending.has(archivePath)) throw refusal('restoreDuplicate', { path: shown(archivePath) });
    if (entry.size > limits.maxFileBytes) {
      throw refusal('restoreFileTooLarge', { path: shown(archivePath), max: mb(limits.maxFileBytes) });
    }
    declared += entry.size;
    if (declared > limits.maxTotalBytes) {
      const key = limits.totalLimit === 'disk' ? 'restoreNoSpace' : 'restoreTooLarge';
      throw refusal(key, { max: mb(limits.maxTotalBytes) });
    }
    pending.add(archivePath);
    mkdirSync(path.dirname(path.join(stagingDir, archivePath)), { recursive: true, mode: 0o700 });
    writes.push(writeFile(entry, archivePath).catch((error: unknown) => fail(error)));
  };
  parser.on('entry', (entry: ReadEntry) => {
    if (failure) return entry.resume();
    try {
      handle(entry);
    } catch (error) {
      entry.resume();
      fail(error);
    }
  });
  // Entries the reader skips on its own (unknown types, oversized metadata) are refused, not silently dropped.
  parser.on('ignoredEntry', (entry: ReadEntry) => fail(refusal('restoreSpecialFile', { path: shown(entry.path) })));
  parser.on('eof', () => (result.sawEnd = true));

  await new Promise<void>((resolve) => {
    parser.on('error', (error: unknown) => {
      fail(error);
      resolve();
    });
    parser.on('end', () => resolve());
    const sniff = gzipOnly();
    sniff.on('error', (error) => {
      fail(error);
      resolve();
    });
    // The upload broke off (the client went away): what arrived is an incomplete archive.
    source.on('error', () => {
      fail(refusal('restoreTruncated'));
      resolve();
    });
    source.pipe(sniff).pipe(parser as unknown as NodeJS.WritableStream);
  });
  await Promise.allSettled(writes);
  if (failure) throw failure;
  return result;
}
