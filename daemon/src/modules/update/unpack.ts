/**
 * Unpacking a downloaded release (its checksum already verified) into data/update/versions/<version>/. The archive is
 * read twice: once to refuse anything but plain files and folders inside the folder (no links, devices, absolute or
 * `..` paths, no more than the size limits), then to extract into a folder of its own that is renamed into place
 * only when everything is there, so a half-unpacked version is never started.
 */
import { readFile, rename, rm } from 'node:fs/promises';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type * as Tar from 'tar';
import type { ReleaseRequirements } from './feed.ts';

/** node-tar is loaded on the first update, not at start-up (the idle daemon never needs it). */
let tarModule: Promise<typeof Tar> | undefined;
const loadTar = (): Promise<typeof Tar> => (tarModule ??= import('tar'));

/** release.json at the top of a release tarball (scripts/build-release.mjs writes it). */
export interface ReleaseManifest {
  name: 'baihu';
  version: string;
  commit: string | null;
  buildDate: string | null;
  requires: ReleaseRequirements;
}

export class UnpackError extends Error {}

const limits = { entries: 100_000, bytes: 1024 * 1024 * 1024 };
const plainTypes = new Set(['File', 'OldFile', 'ContiguousFile', 'Directory']);

/** The entry's path inside the release, or null when it would leave the folder. */
function inside(raw: string): string | null {
  if (raw.includes('\0') || raw.includes('\\')) return null;
  const relative = raw.replace(/^(\.\/)+/, '');
  if (relative === '' || relative === '.') return '.';
  if (path.posix.isAbsolute(relative)) return null;
  if (relative.split('/').some((part) => part === '..')) return null;
  return path.posix.normalize(relative);
}

interface Entry {
  path: string;
  type: string;
  size: number;
}

/** Why the archive is refused, or null when it may be unpacked. */
export async function inspectRelease(file: string): Promise<string | null> {
  let problem: string | null = null;
  let entries = 0;
  let bytes = 0;
  const top = new Set<string>();
  try {
    const tar = await loadTar();
    await tar.t({
      file,
      strict: true,
      onReadEntry: (entry: Entry) => {
        entries += 1;
        bytes += entry.size;
        const where = inside(entry.path);
        if (problem) return;
        if (!plainTypes.has(entry.type)) problem = `${entry.path} is a ${entry.type}, not a plain file or folder`;
        else if (where === null) problem = `${entry.path} would be written outside the version's folder`;
        else if (entries > limits.entries) problem = `more than ${limits.entries} entries`;
        else if (bytes > limits.bytes) problem = `more than ${limits.bytes / 1024 / 1024} MB unpacked`;
        else top.add(where);
      },
    });
  } catch (error) {
    return `it is not a complete tar.gz archive (${(error as Error).message})`;
  }
  if (problem) return problem;
  for (const needed of ['package.json', 'release.json']) {
    if (!top.has(needed)) return `${needed} is missing at the top of the archive`;
  }
  return null;
}

async function readJson(file: string): Promise<Record<string, unknown>> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  } catch {
    throw new UnpackError(`${path.basename(file)} cannot be read`);
  }
}

/**
 * Unpacks `file` as version `version` into `target` (replacing what is there) and returns its manifest. Throws
 * UnpackError (and leaves nothing behind) when the archive is refused or is not that version of Baihu.
 */
export async function unpackRelease(file: string, target: string, version: string): Promise<ReleaseManifest> {
  const problem = await inspectRelease(file);
  if (problem) throw new UnpackError(problem);
  const partial = `${target}.partial-${process.pid}`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true, mode: 0o700 });
  try {
    const tar = await loadTar();
    await tar.x({
      file,
      cwd: partial,
      strict: true,
      preserveOwner: false,
      preservePaths: false,
      filter: (entryPath: string, entry: unknown) =>
        inside(entryPath) !== null && plainTypes.has((entry as Entry).type ?? 'File'),
    });
    const manifest = await readJson(path.join(partial, 'release.json'));
    const pkg = await readJson(path.join(partial, 'package.json'));
    if (pkg.name !== 'baihu' || manifest.name !== 'baihu') throw new UnpackError('it is not a release of Baihu');
    if (pkg.version !== version || manifest.version !== version) {
      throw new UnpackError(`it holds version ${String(pkg.version)}, not ${version}`);
    }
    await rm(target, { recursive: true, force: true });
    await rename(partial, target);
    return {
      name: 'baihu',
      version,
      commit: typeof manifest.commit === 'string' ? manifest.commit : null,
      buildDate: typeof manifest.buildDate === 'string' ? manifest.buildDate : null,
      requires: (manifest.requires ?? {}) as ReleaseRequirements,
    };
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    if (error instanceof UnpackError) throw error;
    throw new UnpackError((error as Error).message);
  }
}
