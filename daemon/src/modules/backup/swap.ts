/**
 * The swap of a confirmed restore, run at start-up before the database is opened (app.ts, `ql restore` with the data
 * directory's lock held), so nothing has the old files open. Per data folder a part owns, in two journaled steps:
 * the current entries go to `bak/before-restore-<stamp>/<folder>/`, then the restored ones move in from staging.
 * All moves are renames inside the data directory. Package folders a backup leaves out (node_modules) are carried over
 * from the replaced tree. A crash in between resumes from the journal at the next start; a
 * step that fails puts back what was moved, so the daemon starts on its old data and says why.
 */
import { cp, lstat, mkdir, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { archiveDataFolder, type BackupPart, type RestoreOutcome } from '../../contract/backup.ts';
import type { DataPaths } from '../../config/paths.ts';
import { partSlots, skippedFolderNames, slotOwns, type PartSlot } from './parts.ts';
import {
  finishPending,
  readPending,
  removeStaleStaging,
  stagingDirOf,
  writeLastOutcome,
  writePending,
  type PendingRestore,
} from './restore-state.ts';
import { rowsBackward, rowsForward, type RestoredRows } from './swap-rows.ts';

interface Logger {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const slotKey = (part: BackupPart, slot: PartSlot) => `${part}:${slot.folder}`;
export const slotKeysOf = (parts: readonly BackupPart[]) =>
  parts.flatMap((part) => partSlots[part].map((slot) => slotKey(part, slot)));

/** A rename, or a copy and delete when the folder is a mount of another file system. */
async function move(from: string, to: string): Promise<void> {
  await mkdir(path.dirname(to), { recursive: true, mode: 0o700 });
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await cp(from, to, { recursive: true, preserveTimestamps: true, verbatimSymlinks: true, errorOnExist: true });
    await rm(from, { recursive: true, force: true });
  }
}

/** Moves the entries of `from` the slot owns into `to` (entries already moved are simply not there any more). */
async function moveOwned(slot: PartSlot, from: string, to: string): Promise<void> {
  const entries = await readdir(from).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  for (const name of entries) {
    if (slotOwns(slot, name)) await move(path.join(from, name), path.join(to, name));
  }
}

/** Parts whose folders may hold package folders a backup leaves out (parts.ts: node_modules, __pycache__). */
const packageParts = new Set<BackupPart>(['scripts', 'repo', 'raw', 'deps']);

/**
 * Package folders a backup left out are carried over from the replaced tree into the restored one where their parent
 * folder still exists, so scripts keep the modules installed beside them.
 */
async function carryOverPackages(previous: string, live: string, relative = ''): Promise<void> {
  const entries = await readdir(path.join(previous, relative), { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isDirectory()) continue;
    const rel = path.join(relative, entry.name);
    if (!skippedFolderNames.has(entry.name)) {
      await carryOverPackages(previous, live, rel);
      continue;
    }
    const parent = await stat(path.join(live, relative)).catch(() => null);
    const taken = await lstat(path.join(live, rel)).catch(() => null);
    if (parent?.isDirectory() && !taken) await move(path.join(previous, rel), path.join(live, rel));
  }
}

interface Places {
  live: string;
  previous: string;
  staged: string;
}

function placesOf(paths: DataPaths, pending: PendingRestore, slot: PartSlot): Places {
  return {
    live: paths[slot.folder],
    previous: path.join(paths.root, pending.previous, slot.folder),
    staged: path.join(stagingDirOf(paths, pending.id), archiveDataFolder, slot.folder),
  };
}

async function forward(paths: DataPaths, pending: PendingRestore, rows: RestoredRows | null): Promise<void> {
  // First: a database that refuses the rows fails the restore before a file has moved.
  if (rows) await rowsForward(paths, pending, rows);
  for (const part of pending.parts) {
    for (const slot of partSlots[part]) {
      const key = slotKey(part, slot);
      const places = placesOf(paths, pending, slot);
      if (pending.phases[key] === 'staged') {
        await moveOwned(slot, places.live, places.previous);
        pending.phases[key] = 'saved';
        await writePending(paths, pending);
      }
      if (pending.phases[key] === 'saved') {
        await mkdir(places.live, { recursive: true, mode: 0o700 });
        await moveOwned(slot, places.staged, places.live);
        if (packageParts.has(part)) await carryOverPackages(places.previous, places.live);
        pending.phases[key] = 'placed';
        await writePending(paths, pending);
      }
    }
  }
}

/** Undoes what `forward` did, newest first: the restored entries back to staging, the previous ones back in place. */
async function backward(paths: DataPaths, pending: PendingRestore, rows: RestoredRows | null): Promise<void> {
  for (const part of [...pending.parts].reverse()) {
    for (const slot of [...partSlots[part]].reverse()) {
      const key = slotKey(part, slot);
      if (pending.phases[key] === 'staged') continue;
      const places = placesOf(paths, pending, slot);
      if (packageParts.has(part)) await carryOverPackages(places.live, places.previous);
      await moveOwned(slot, places.live, places.staged);
      await moveOwned(slot, places.previous, places.live);
      pending.phases[key] = 'staged';
      await writePending(paths, pending);
    }
  }
  if (rows) await rowsBackward(paths, pending, rows);
  await rm(path.join(paths.root, pending.previous), { recursive: true, force: true });
}

/**
 * Applies the confirmed restore, if there is one; returns how it went (also kept in last.json for the settings page),
 * or null when nothing was waiting. Never throws for a failed swap: the old data is put back and the outcome says why.
 * `rows` is the database when it is not SQLite's file in data/db (swap-rows.ts): its rows are replaced instead.
 */
export async function applyPendingRestore(
  paths: DataPaths,
  log: Logger,
  now = Date.now(),
  rows: RestoredRows | null = null,
): Promise<RestoreOutcome | null> {
  const pending = await readPending(paths);
  if (!pending) {
    await removeStaleStaging(paths, now);
    return null;
  }
  let outcome: RestoreOutcome;
  try {
    await forward(paths, pending, rows);
    outcome = { at: now, ok: true, parts: pending.parts, previous: pending.previous, message: null };
    log.info({ parts: pending.parts, previous: pending.previous }, 'restore applied');
  } catch (error) {
    const message = (error as Error).message;
    log.error({ reason: message }, 'restore failed; putting the previous data back');
    try {
      await backward(paths, pending, rows);
      outcome = { at: now, ok: false, parts: pending.parts, previous: null, message };
    } catch (undo) {
      // Both directions failed (a disk that refuses renames): keep the journal, so the next start tries again, and
      // stop here rather than start on a mixture of old and new data.
      log.error({ reason: (undo as Error).message, journal: pending }, 'restore could not be undone');
      throw new Error(
        `A restore could not be applied (${message}) nor undone (${(undo as Error).message}). The journal is ` +
          `${path.join(paths.root, '.restore', 'pending.json')}; the previous data is in ${pending.previous}.`,
        { cause: undo },
      );
    }
  }
  await writeLastOutcome(paths, outcome);
  await finishPending(paths, pending);
  // The `before-restore` folder stays until the user deletes it; an empty one (nothing was there) does not.
  await rmdir(path.join(paths.root, pending.previous)).catch(() => {});
  return outcome;
}
