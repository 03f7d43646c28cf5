/**
 * Writes a backup: a gzip-compressed tar of the chosen parts under `data/…`, the database as a consistent SQLite
 * snapshot on either engine (DatabaseHandle.snapshotTo; never a copy of the live file and its WAL), and the manifest as the last entry. Each file's
 * sha256 is computed from the very bytes that go into the archive, while they go, so a log that grows meanwhile is
 * still described truly; that is why the manifest comes last.
 *
 * The tar library is loaded on first use: a daemon that never backs up does not carry it.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type * as Tar from 'tar';
import type { ReadEntry } from 'tar';
import {
  backupFormat,
  backupFormatVersion,
  manifestName,
  type BackupPart,
  type Manifest,
  type ManifestFile,
} from '../../contract/backup.ts';
import { settleSnapshot, type SnapshotEditor } from '../../db/copies.ts';
import { databaseFileName } from '../../db/open.ts';
import type { DataPaths } from '../../config/paths.ts';
import { collect, measure } from './collect.ts';
import { archivePathOf } from './parts.ts';

export interface BackupProgress {
  files: number;
  bytes: number;
  totalFiles: number;
  totalBytes: number;
  /** Compressed bytes written so far. */
  archiveBytes: number;
}

export interface WriteBackupOptions {
  paths: DataPaths;
  parts: readonly BackupPart[];
  version: string;
  /** Writes a consistent SQLite copy of the live database to `file` (DatabaseHandle.snapshotTo). */
  snapshotDatabase: (file: string) => Promise<void>;
  /**
   * Changes the snapshot before it is archived: the backup's own run, still running when the snapshot is taken,
   * is recorded as the success it is by the time anyone restores the archive.
   */
  adjustSnapshot?: (snapshot: SnapshotEditor) => void;
  /** A private folder for the snapshot while it is written (removed after). */
  workDir: string;
  output: Writable;
  signal?: AbortSignal;
  onProgress?: (progress: BackupProgress) => void;
  /** How often onProgress is called at most (ms). */
  progressEveryMs?: number;
  now?: () => number;
}

export interface WrittenBackup {
  manifest: Manifest;
  archiveBytes: number;
}

type TarModule = typeof Tar;
let tarModule: Promise<TarModule> | null = null;
/** node-tar, loaded once on first use. */
export const loadTar = (): Promise<TarModule> => (tarModule ??= import('tar'));

export async function writeBackup(o: WriteBackupOptions): Promise<WrittenBackup> {
  const { Pack, Header, ReadEntry } = await loadTar();
  const now = o.now ?? Date.now;
  const parts = [...new Set<BackupPart>(['db', ...o.parts])];
  const files: ManifestFile[] = [];
  const skipped: Manifest['skipped'] = [];
  const snapshot = path.join(o.workDir, `snapshot-${process.pid}-${now()}.sqlite`);
  await mkdir(o.workDir, { recursive: true, mode: 0o700 });

  const pack = new Pack({ gzip: { level: 6 }, portable: true });
  let archiveBytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      archiveBytes += chunk.length;
      done(null, chunk);
    },
  });
  const written = pipeline(pack, counter, o.output, o.signal ? { signal: o.signal } : {});
  // An early failure of the output must not leave the writer waiting for a drain that never comes.
  let outputError: unknown = null;
  written.catch((error: unknown) => {
    outputError = error;
  });

  const progress: BackupProgress = { files: 0, bytes: 0, totalFiles: 0, totalBytes: 0, archiveBytes: 0 };
  let lastReport = 0;
  const report = (force = false) => {
    const at = now();
    if (!force && at - lastReport < (o.progressEveryMs ?? 500)) return;
    lastReport = at;
    o.onProgress?.({ ...progress, archiveBytes });
  };
  const check = () => {
    if (outputError) throw outputError;
    o.signal?.throwIfAborted();
  };

  const addEntry = (header: ConstructorParameters<typeof Header>[0]): ReadEntry => {
    const entry = new ReadEntry(new Header(header));
    pack.add(entry);
    return entry;
  };

  /** Streams exactly `size` bytes of the file (zeros if it shrank meanwhile) into the archive, hashing them. */
  const addFile = async (archivePath: string, abs: string): Promise<void> => {
    const handle = await open(abs, 'r').catch(() => null);
    if (!handle) {
      skipped.push({ path: archivePath, reason: 'unreadable' });
      return;
    }
    try {
      const info = await handle.stat();
      const size = info.size;
      const entry = addEntry({ path: archivePath, type: 'File', size, mode: info.mode & 0o700, mtime: info.mtime });
      const hash = createHash('sha256');
      let remaining = size;
      const send = async (chunk: Buffer) => {
        hash.update(chunk);
        remaining -= chunk.length;
        progress.bytes += chunk.length;
        if (!entry.write(chunk)) await new Promise((resolve) => entry.once('drain', resolve));
        check();
        report();
      };
      if (size > 0) {
        for await (const chunk of createReadStream('', { fd: handle, start: 0, end: size - 1, autoClose: false })) {
          await send(chunk as Buffer);
        }
      }
      if (remaining > 0) {
        skipped.push({ path: archivePath, reason: 'shrank while it was read; the missing end is zeros' });
        while (remaining > 0) await send(Buffer.alloc(Math.min(remaining, 64 * 1024)));
      }
      entry.end();
      files.push({ path: archivePath, size, sha256: hash.digest('hex') });
      progress.files += 1;
    } finally {
      await handle.close();
    }
  };

  try {
    await o.snapshotDatabase(snapshot);
    const migrations = settleSnapshot(snapshot, o.adjustSnapshot);
    const totals = await measure(o.paths, parts, (await stat(snapshot)).size);
    progress.totalFiles = totals.files;
    progress.totalBytes = totals.bytes;
    report(true);

    let snapshotAdded = false;
    for await (const item of collect(o.paths, parts)) {
      check();
      if (item.kind === 'skipped') skipped.push({ path: item.archivePath, reason: item.reason });
      else if (item.kind === 'dir') {
        addEntry({
          path: `${item.archivePath}/`,
          type: 'Directory',
          size: 0,
          mode: 0o700,
          mtime: new Date(now()),
        }).end();
        // The database goes right after its folder: the first thing a reader meets is what matters most.
        if (!snapshotAdded && item.archivePath === archivePathOf('db', '')) {
          await addFile(archivePathOf('db', databaseFileName), snapshot);
          snapshotAdded = true;
        }
      } else await addFile(item.archivePath, item.abs);
    }

    const manifest: Manifest = {
      format: backupFormat,
      formatVersion: backupFormatVersion,
      baihuVersion: o.version,
      createdAt: new Date(now()).toISOString(),
      parts,
      migrations,
      files,
      skipped,
    };
    const body = Buffer.from(`${JSON.stringify(manifest, null, 1)}\n`);
    addEntry({ path: manifestName, type: 'File', size: body.length, mode: 0o600, mtime: new Date(now()) }).end(body);
    pack.end();
    await written;
    report(true);
    return { manifest, archiveBytes };
  } catch (error) {
    pack.destroy();
    await written.catch(() => {});
    throw error;
  } finally {
    await Promise.all(['', '-wal', '-shm', '-journal'].map((end) => rm(`${snapshot}${end}`, { force: true })));
  }
}
