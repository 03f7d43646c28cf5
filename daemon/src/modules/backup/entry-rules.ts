/**
 * The rules every entry of an archive meets before a byte of it is written: its type (regular files and folders
 * only: no link of either kind, no device, no FIFO) and its path (relative, no `..`, inside `data/<known folder>/`,
 * or the manifest). Pure functions, so the rules are tested on their own.
 */
import { archiveDataFolder, manifestName } from '../../contract/backup.ts';
import { ResponseCode } from '../../contract/codes.ts';
import { AppError } from '../../errors/app-error.ts';
import { dataSubdirs } from '../../config/paths.ts';

/** Qinglong folders a Baihu data directory has no use for: unpacked nowhere, named in the check. */
export const ignoredFolders = new Set(['dep_cache']);

export type EntryKind = 'file' | 'dir';

/** The decision on one entry. */
export type EntryPlan =
  | { action: 'manifest' }
  | { action: 'write'; kind: EntryKind; path: string; folder: string }
  | { action: 'ignore'; folder: string }
  | { action: 'skip' };

const refused = (key: ConstructorParameters<typeof AppError>[0], params: Record<string, string | number> = {}) =>
  new AppError(key, ResponseCode.badRequest, params);

/** Shown in messages: never longer than a line, never a control character. */
export function shown(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is being removed
  const clean = text.replace(/[\u0000-\u001f\u007f]/g, '?');
  return clean.length > 200 ? `${clean.slice(0, 200)}…` : clean;
}

/** node-tar's entry types, sorted into what a restore accepts and what it refuses. */
export function kindOf(type: string, path: string): EntryKind {
  switch (type) {
    case 'File':
    case 'OldFile':
    case 'ContiguousFile':
      return 'file';
    case 'Directory':
    case 'GNUDumpDir':
      return 'dir';
    case 'Link':
    case 'SymbolicLink':
      throw refused('restoreLink', { path: shown(path) });
    default:
      // Devices, FIFOs and anything this reader does not know are refused the same way.
      throw refused('restoreSpecialFile', { path: shown(path) });
  }
}

/**
 * The entry's path as segments, or a refusal: absolute paths (`/x`, `C:x`, `\\x`), `..` anywhere, backslashes and
 * NUL are refused outright rather than "cleaned", so an archive that tries is not restored at all.
 */
export function segmentsOf(raw: string): string[] {
  if (raw.includes('\0') || raw.includes('\\') || raw.startsWith('/') || /^[a-zA-Z]:/.test(raw)) {
    throw refused('restorePathOutside', { path: shown(raw) });
  }
  const segments = raw.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.includes('..')) throw refused('restorePathOutside', { path: shown(raw) });
  return segments;
}

const known = new Set<string>(dataSubdirs);

/** Where an entry goes, by its path and kind; throws the refusal when it does not belong in a backup at all. */
export function planEntry(raw: string, kind: EntryKind): EntryPlan {
  const segments = segmentsOf(raw);
  if (segments.length === 0) return { action: 'skip' };
  const path = segments.join('/');
  if (path === manifestName && kind === 'file') return { action: 'manifest' };
  if (segments[0] !== archiveDataFolder) throw refused('restoreForeign', { path: shown(path) });
  if (segments.length === 1) {
    if (kind === 'dir') return { action: 'skip' };
    throw refused('restoreForeign', { path: shown(path) });
  }
  const folder = segments[1]!;
  if (ignoredFolders.has(folder)) return { action: 'ignore', folder };
  if (!known.has(folder) || folder === 'bak') throw refused('restoreForeign', { path: shown(path) });
  if (segments.length === 2 && kind === 'file') throw refused('restoreForeign', { path: shown(path) });
  return { action: 'write', kind, path, folder };
}
