/**
 * The restore's files, all in `data/.restore/` (inside the data directory, so every move into place is a rename on
 * one file system; a backup never includes it):
 *
 *   <id>/          an archive unpacked and checked, waiting (nothing of the data directory replaced yet)
 *   staged.json    which <id> is the checked one, and what the check found
 *   pending.json   the user confirmed: the swap happens at the next start, before the database opens (swap.ts)
 *   last.json      how the last swap went (shown once on the settings page)
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BackupPart, RestoreCheck, RestoreOutcome } from '../../contract/backup.ts';
import { ResponseCode } from '../../contract/codes.ts';
import { AppError } from '../../errors/app-error.ts';
import type { DataPaths } from '../../config/paths.ts';
import { fileStampOf } from './names.ts';

export const restoreFolderName = '.restore';
export const restoreRoot = (paths: DataPaths) => path.join(paths.root, restoreFolderName);
export const stagingDirOf = (paths: DataPaths, id: string) => path.join(restoreRoot(paths), id);
const stagedFile = (paths: DataPaths) => path.join(restoreRoot(paths), 'staged.json');
const pendingFile = (paths: DataPaths) => path.join(restoreRoot(paths), 'pending.json');
const lastFile = (paths: DataPaths) => path.join(restoreRoot(paths), 'last.json');

/** One step of the swap, per data folder, written down before the next begins (so a crash resumes it). */
export type SlotPhase = 'staged' | 'saved' | 'placed';

export interface PendingRestore {
  id: string;
  parts: BackupPart[];
  /** Where the data that is replaced goes, relative to the data directory. */
  previous: string;
  confirmedAt: number;
  /** `<part>:<folder>` → how far it got. */
  phases: Record<string, SlotPhase>;
}

export const isStagingId = (id: string) => /^\d{8}-\d{6}-[0-9a-f]{8}$/.test(id);
export const newStagingId = (now: number, zone: string) =>
  `${fileStampOf(now, zone)}-${randomBytes(4).toString('hex')}`;

async function readJson<T>(file: string): Promise<T | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

async function writeJson(file: string, value: unknown, exclusive = false): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  if (exclusive) {
    await writeFile(file, JSON.stringify(value), { flag: 'wx', mode: 0o600 });
    return;
  }
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, JSON.stringify(value), { mode: 0o600 });
  await rename(temp, file);
}

export const readStaged = (paths: DataPaths) => readJson<RestoreCheck>(stagedFile(paths));
export const readPending = (paths: DataPaths) => readJson<PendingRestore>(pendingFile(paths));
export const readLastOutcome = (paths: DataPaths) => readJson<RestoreOutcome>(lastFile(paths));
export const writePending = (paths: DataPaths, pending: PendingRestore) => writeJson(pendingFile(paths), pending);
export const writeLastOutcome = (paths: DataPaths, outcome: RestoreOutcome) => writeJson(lastFile(paths), outcome);

/** Records a checked archive as the one waiting for confirmation; an earlier one that was not confirmed goes. */
export async function setStaged(paths: DataPaths, check: RestoreCheck): Promise<void> {
  if (await readPending(paths)) throw new AppError('restoreBusy', ResponseCode.conflict);
  const previous = await readStaged(paths);
  await writeJson(stagedFile(paths), check);
  if (previous && previous.id !== check.id)
    await rm(stagingDirOf(paths, previous.id), { recursive: true, force: true });
}

/** Drops the checked archive that was not confirmed (the pending one stays: it is the start-up's now). */
export async function discardStaged(paths: DataPaths): Promise<boolean> {
  if (await readPending(paths)) throw new AppError('restoreBusy', ResponseCode.conflict);
  const staged = await readStaged(paths);
  await rm(stagedFile(paths), { force: true });
  if (staged) await rm(stagingDirOf(paths, staged.id), { recursive: true, force: true });
  return staged !== null;
}

/** The user confirmed: the checked archive becomes the one the next start swaps in. Only one at a time. */
export async function confirmStaged(paths: DataPaths, id: string, slots: string[], at: { now: number; zone: string }) {
  const { now } = at;
  const staged = await readStaged(paths);
  if (!staged || staged.id !== id || staged.kind !== 'baihu') throw new AppError('restoreNotStaged');
  const pending: PendingRestore = {
    id,
    parts: staged.parts as BackupPart[],
    previous: path.posix.join('bak', `before-restore-${fileStampOf(now, at.zone)}`),
    confirmedAt: now,
    phases: Object.fromEntries(slots.map((slot) => [slot, 'staged' as const])),
  };
  try {
    await writeJson(pendingFile(paths), pending, true);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new AppError('restoreBusy', ResponseCode.conflict);
    throw error;
  }
  await rm(stagedFile(paths), { force: true });
  return pending;
}

/** After the swap (or its rollback): the journal and the staging folder go. */
export async function finishPending(paths: DataPaths, pending: PendingRestore): Promise<void> {
  await rm(pendingFile(paths), { force: true });
  await rm(stagingDirOf(paths, pending.id), { recursive: true, force: true });
}

/**
 * At start-up: staging folders of checks that were interrupted (no staged.json or pending.json names them). One
 * touched in the last hour is left alone: `ql restore` may be unpacking into it right now.
 */
export async function removeStaleStaging(paths: DataPaths, now: number): Promise<void> {
  const keep = new Set([(await readStaged(paths))?.id, (await readPending(paths))?.id]);
  const entries = await readdir(restoreRoot(paths), { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isDirectory() || keep.has(entry.name)) continue;
    const folder = path.join(restoreRoot(paths), entry.name);
    const info = await stat(folder).catch(() => null);
    if (info && now - info.mtimeMs > 3_600_000) await rm(folder, { recursive: true, force: true });
  }
}
