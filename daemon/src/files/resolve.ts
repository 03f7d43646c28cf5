/**
 * The one resolver every file endpoint uses (scripts, configs, logs): a name from a request becomes an absolute path
 * inside its root, or a refusal. Peers were broken by endpoints that each checked names their own way (Dagu's `%2F`
 * bypass); here there is one way.
 */
import { lstat, realpath } from 'node:fs/promises';
import path from 'node:path';
import { ResponseCode } from '../contract/codes.ts';
import { AppError } from '../errors.ts';

export interface ResolveOptions {
  /** Refuse (404) when the target does not exist. */
  mustExist?: boolean;
  /** Accept the root itself (an empty path). */
  allowRoot?: boolean;
}

export const outsideError = () => new AppError('pathOutside', ResponseCode.badRequest);

/** Percent-encodings of `.`, `/`, `\` and NUL: still present after one decoding, they mean a double encoding. */
const encodedDanger = /%(2e|2f|5c|00)/i;

/**
 * A request's relative path, decoded once and checked, as clean segments (empty for the root). Refused: NUL,
 * backslashes, absolute paths, `..` segments, and encodings that survive one decoding.
 */
export function relativeSegments(input: string | undefined | null): string[] {
  let text = input ?? '';
  if (text.includes('%')) {
    try {
      text = decodeURIComponent(text);
    } catch {
      // Not an encoding (a literal `%` in a name): checked as it is.
    }
  }
  if (text.includes('\0') || text.includes('\\') || encodedDanger.test(text)) throw outsideError();
  if (path.posix.isAbsolute(text) || /^[a-z]:/i.test(text)) throw outsideError();
  const segments = text.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.some((s) => s === '..')) throw outsideError();
  return segments;
}

/** `relative` cleaned, as a posix path relative to its root ('' for the root). */
export const cleanRelative = (relative: string | undefined | null) => relativeSegments(relative).join('/');

function isInside(root: string, target: string): boolean {
  if (target === root) return true;
  const relative = path.relative(root, target);
  return relative !== '' && relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}

async function exists(file: string): Promise<boolean> {
  try {
    await lstat(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * `relative` (from a request) as an absolute path inside `root`. Besides the checks of `relativeSegments`, the real
 * path of the deepest part that exists must stay inside the real root, so symbolic links that lead out are refused,
 * also for files that do not exist yet. Throws AppError: 'pathOutside' (400), 'notFound' (404) with mustExist.
 */
export async function resolveInside(
  root: string,
  relative: string | undefined | null,
  options: ResolveOptions = {},
): Promise<string> {
  const segments = relativeSegments(relative);
  if (segments.length === 0 && !options.allowRoot) throw outsideError();
  const target = path.join(root, ...segments);
  let realRoot: string;
  try {
    realRoot = await realpath(root);
  } catch {
    throw new AppError('notFound', ResponseCode.notFound);
  }
  // The deepest existing part of the path; what lies below it does not exist, so it cannot be a link.
  let existing = target;
  let depth = segments.length;
  while (depth > 0 && !(await exists(existing))) {
    existing = path.dirname(existing);
    depth--;
  }
  let real: string;
  try {
    real = await realpath(existing);
  } catch {
    // A dangling link: it points somewhere that does not exist, possibly outside.
    throw outsideError();
  }
  if (!isInside(realRoot, real)) throw outsideError();
  if (options.mustExist && depth < segments.length) throw new AppError('notFound', ResponseCode.notFound);
  return target;
}

/** A file name asked for on its own: no slashes (the spec's message), nothing a path check would refuse. */
export function checkFileName(name: string, field = 'filename'): string {
  if (name.includes('/') || name.includes('\\')) {
    throw new AppError('fileNameSlashes', ResponseCode.badRequest, {}, undefined, [{ field, key: 'fileNameSlashes' }]);
  }
  const segments = relativeSegments(name);
  if (segments.length !== 1) throw outsideError();
  return segments[0]!;
}

/** `dir/name` for a checked folder and file name ('' folder = the root). */
export function joinRelative(dir: string | undefined | null, name: string): string {
  return [...relativeSegments(dir), checkFileName(name)].join('/');
}

/** Whether a path found on disk (e.g. a link met while listing) really lies inside `root`. */
export async function reallyInside(root: string, file: string): Promise<boolean> {
  try {
    return isInside(await realpath(root), await realpath(file));
  } catch {
    return false;
  }
}
