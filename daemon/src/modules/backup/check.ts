/**
 * A restore's first half, shared by the panel, Qinglong's import route and `ql restore`: unpack the archive into a
 * new staging folder under every limit, decide what it is, and record it as the checked restore. Nothing of the data
 * directory is replaced here; a refusal removes the staging folder and says why.
 */
import { mkdir, rm, statfs } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { RestoreCheck } from '../../contract/backup.ts';
import type { ImportPreview } from '../../contract/import-schemas.ts';
import type { DataPaths } from '../../config/paths.ts';
import { newStagingId, restoreRoot, setStaged, stagingDirOf } from './restore-state.ts';
import { unpackArchive, type UnpackLimits } from './unpack.ts';
import { verifyArchive } from './verify.ts';

/** The fixed ceilings; the total is further bounded by the free disk space. */
export const restoreCeilings = {
  maxFileBytes: 8 * 1024 ** 3,
  maxTotalBytes: 64 * 1024 ** 3,
  maxEntries: 1_000_000,
  maxManifestBytes: 256 * 1024 ** 2,
  /** Left free on the disk after unpacking, so the daemon can still write its database and logs. */
  reserveBytes: 256 * 1024 ** 2,
};

/** The limits a restore unpacks under now: the ceilings, and what the data directory's disk has free. */
export async function restoreLimits(paths: DataPaths, ceilings = restoreCeilings): Promise<UnpackLimits> {
  const disk = await statfs(paths.root);
  const free = Math.max(0, disk.bavail * disk.bsize - ceilings.reserveBytes);
  const byDisk = free < ceilings.maxTotalBytes;
  return {
    maxFileBytes: ceilings.maxFileBytes,
    maxTotalBytes: byDisk ? free : ceilings.maxTotalBytes,
    totalLimit: byDisk ? 'disk' : 'total',
    maxEntries: ceilings.maxEntries,
    maxManifestBytes: ceilings.maxManifestBytes,
  };
}

export interface CheckOptions {
  paths: DataPaths;
  source: Readable;
  /** The migrations this version knows (a backup from a newer Baihu is refused). */
  knownMigrations: readonly string[];
  limits?: UnpackLimits;
  /** Reads a Qinglong data folder into the import's dry run (the Qinglong import's reader). */
  previewQinglong: (dataDir: string) => Promise<ImportPreview>;
  /** Whether a Qinglong backup can be handed to the Qinglong import's writer here. */
  qinglongImportAvailable?: boolean;
  onProgress?: (done: { files: number; bytes: number }) => void;
  now?: number;
  /** The panel's time zone (the staging folder is named by the time in it). */
  zone: string;
}

export async function checkArchive(o: CheckOptions): Promise<RestoreCheck> {
  const now = o.now ?? Date.now();
  const id = newStagingId(now, o.zone);
  const staging = stagingDirOf(o.paths, id);
  await mkdir(restoreRoot(o.paths), { recursive: true, mode: 0o700 });
  try {
    const limits = o.limits ?? (await restoreLimits(o.paths));
    const archive = await unpackArchive(o.source, staging, limits, o.onProgress);
    const verified = await verifyArchive(archive, staging, o.knownMigrations);
    const base = { id, files: archive.files.size, bytes: archive.bytes, ignored: archive.ignored };
    const check: RestoreCheck =
      verified.kind === 'baihu'
        ? {
            ...base,
            kind: 'baihu',
            parts: verified.parts,
            baihuVersion: verified.manifest.baihuVersion,
            createdAt: verified.manifest.createdAt,
            qinglong: null,
            canApply: true,
          }
        : {
            ...base,
            kind: 'qinglong',
            parts: verified.parts,
            baihuVersion: null,
            createdAt: null,
            qinglong: await o.previewQinglong(path.join(staging, 'data')),
            canApply: o.qinglongImportAvailable ?? false,
          };
    await setStaged(o.paths, check);
    return check;
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}
