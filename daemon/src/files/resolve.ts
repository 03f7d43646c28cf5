/**
 * The one resolver every file endpoint uses (scripts, configs, logs): a name from a request becomes an absolute path
 * inside its root, or a refusal. Peers were broken by endpoints that each checked names their own way (Dagu's `%2F`
 * bypass); here there is one way.
 */
import { realpathSync } from 'node:fs';
import { lstat, realpath } from 'node:fs/promises';
import path from 'node:path';
import { ResponseCode } from '../contract/codes.ts';
import { AppError } from '../errors/app-error.ts';

export interface ResolveOptions {
  /** Refuse (404) when the target does not exist. */
  mustExist?: boolean;
  /** Accept the root itself (an empty path). */
  allowRoot?: boolean;
}

const outsideError = () => new AppError('pathOutside', ResponseCode.badRequest);

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

/** Whether the absolute path `target` lies in `root` (or is `root`, with `allowRoot`), by text alone. */
export function isInside(root: string, target: string, allowRoot = true): boolean {
  if (target === root) return allowRoot;
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
  const place = await realPlace(root, target, segments.length);
  if (place === 'noRoot') throw new AppError('notFound', ResponseCode.notFound);
  if (place === 'outside') throw outsideError();
  if (options.mustExist && place === 'notYet') throw new AppError('notFound', ResponseCode.notFound);
  return target;
}

/** `resolveInside` for a path the daemon stored itself (a run's log): the path, or null where it would lead out. */
export async function storedInside(root: string, relative: string): Promise<string | null> {
  try {
    return await resolveInside(root, relative);
  } catch {
    return null;
  }
}

/**
 * Where `target` (an absolute path below `root`, `depth` segments down) really leads: the real path of its deepest
 * existing part must stay inside the real root; what lies below that part does not exist, so it cannot be a link.
 */
async function realPlace(
  root: string,
  target: string,
  depth: number,
): Promise<'inside' | 'notYet' | 'outside' | 'noRoot'> {
  let realRoot: string;
  try {
    realRoot = await realpath(root);
  } catch {
    return 'noRoot';
  }
  let existing = target;
  let level = depth;
  while (level > 0 && !(await exists(existing))) {
    existing = path.dirname(existing);
    level--;
  }
  let real: string;
  try {
    real = await realpath(existing);
  } catch {
    // A dangling link: it points somewhere that does not exist, possibly outside.
    return 'outside';
  }
  if (!isInside(realRoot, real)) return 'outside';
  return level < depth ? 'notYet' : 'inside';
}

/**
 * Whether the absolute path `target` stays inside `root` in text and in real paths (it need not exist yet): for paths
 * a user configures rather than requests, such as a task's work dir.
 */
export async function leadsInside(root: string, target: string): Promise<boolean> {
  const resolved = path.resolve(target);
  if (!isInside(path.resolve(root), resolved)) return false;
  const depth = path.relative(path.resolve(root), resolved).split(path.sep).filter(Boolean).length;
  const place = await realPlace(root, resolved, depth);
  return place === 'inside' || place === 'notYet';
}

/**
 * Where an existing `target` really is, synchronously (the executor resolves a task's script while it plans the
 * run): 'inside' the real `root`, 'outside' it, or 'missing' when it or the root does not exist.
 */
export function realPlaceSync(root: string, target: string): 'inside' | 'outside' | 'missing' {
  let realRoot: string;
  let real: string;
  try {
    realRoot = realpathSync(root);
    real = realpathSync(target);
  } catch {
    return 'missing';
  }
  return isInside(realRoot, real, false) ? 'inside' : 'outside';
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
