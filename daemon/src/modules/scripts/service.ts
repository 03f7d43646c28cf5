import { lstat, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Clock } from '../../time/clock.ts';
import { ResponseCode } from '../../contract/codes.ts';
import { AppError, fieldError } from '../../errors/app-error.ts';
import { backupBeforeOverwrite, writeFileAtomic } from '../../files/atomic.ts';
import { readText } from '../../files/read.ts';
import { checkFileName, joinRelative, relativeSegments, resolveInside } from '../../files/resolve.ts';
import type { FileNode } from '../../contract/files.ts';
import { listLevel, listTree, type TreeOptions } from '../../files/tree.ts';
import type { DataPaths } from '../../config/paths.ts';

const hiddenNames = new Set(['node_modules', '.git', '__pycache__', 'package-lock.json', 'pnpm-lock.yaml']);
/** Hidden from the tree: dependencies, VCS data, lock files, and the swap files of debug runs (`a.swap.js`). */
const isHiddenScript = (name: string) =>
  hiddenNames.has(name) || name.endsWith('.lock') || /\.swap(\.[^.]*)?$/.test(name);

const treeOptions: TreeOptions = { hidden: isHiddenScript, order: 'name' };

export interface SaveInput {
  filename: string;
  path?: string;
  content?: string;
}

/** data/scripts: the tree, reading, saving (atomic, old content kept in data/bak), folders, renames, downloads. */
export class ScriptService {
  constructor(
    private readonly paths: DataPaths,
    private readonly clock: Clock,
    private readonly timezone: () => string,
  ) {}

  /** The folder of the scripts (data/scripts), which the download serves from. */
  get root(): string {
    return this.paths.scripts;
  }

  /** Keeps the script's content in data/bak before it changes. */
  private keepOld(rel: string): Promise<string | null> {
    return backupBeforeOverwrite(this.paths, rel, this.clock.now(), this.timezone());
  }

  /** Without `dir`, the whole tree; with it ('' for the top), that folder's entries only. */
  async tree(dir: string | undefined): Promise<FileNode[]> {
    if (dir === undefined) return listTree(this.paths.scripts, this.paths.scripts, '', treeOptions);
    const abs = await resolveInside(this.paths.scripts, dir, { allowRoot: true, mustExist: true });
    return listLevel(this.paths.scripts, abs, relativeSegments(dir).join('/'), treeOptions);
  }

  /** A script's text; refused for folders, binary files and files over 5 MB. */
  async read(dir: string | undefined, file: string): Promise<string> {
    return readText(await this.existing(dir, file), file);
  }

  /** POST: a new file (or Qinglong's save-as with `originFilename`); an existing target is refused unless it is one. */
  async create(input: SaveInput & { originFilename?: string }): Promise<void> {
    const rel = joinRelative(input.path, input.filename);
    const abs = await resolveInside(this.paths.scripts, rel);
    const exists = await lstat(abs).then(
      () => true,
      () => false,
    );
    if (!input.originFilename) {
      if (exists) throw new AppError('fileExists', ResponseCode.conflict, { name: input.filename });
      await this.write(rel, abs, input.content ?? '');
      return;
    }
    const originRel = joinRelative(input.path, input.originFilename);
    const originAbs = await resolveInside(this.paths.scripts, originRel);
    if (exists && originRel !== rel) throw new AppError('fileExists', ResponseCode.conflict, { name: input.filename });
    await this.write(rel, abs, input.content ?? '');
    if (originRel !== rel && (await stat(originAbs).catch(() => null))?.isFile()) {
      await this.keepOld(originRel);
      await rm(originAbs, { force: true });
    }
  }

  /** PUT: save, keeping the previous content in data/bak. */
  async save(input: SaveInput): Promise<void> {
    const rel = joinRelative(input.path, input.filename);
    await this.write(rel, await resolveInside(this.paths.scripts, rel), input.content ?? '');
  }

  /** A folder (nested folders allowed: `a/b`). */
  async mkdir(parent: string | undefined, directory: string): Promise<void> {
    const segments = relativeSegments(directory);
    if (segments.length === 0) throw fieldError('directory', 'required');
    const rel = [...relativeSegments(parent), ...segments].join('/');
    const abs = await resolveInside(this.paths.scripts, rel);
    if (await exists(abs)) throw new AppError('fileExists', ResponseCode.conflict, { name: directory });
    await mkdir(abs, { recursive: true });
  }

  /** An uploaded file into a folder; an existing one is overwritten after a backup. */
  async upload(dir: string | undefined, filename: string, bytes: Buffer): Promise<void> {
    const rel = joinRelative(dir, filename);
    await this.write(rel, await resolveInside(this.paths.scripts, rel), bytes);
  }

  /** A file (backed up first) or a folder with everything in it. A link is removed, never what it points to. */
  async remove(dir: string | undefined, filename: string): Promise<void> {
    const rel = joinRelative(dir, filename);
    const abs = await resolveInside(this.paths.scripts, rel, { mustExist: true });
    const info = await lstat(abs);
    if (info.isFile()) await this.keepOld(rel);
    await rm(abs, { recursive: info.isDirectory(), force: true });
  }

  async rename(dir: string | undefined, filename: string, newFilename: string): Promise<void> {
    const from = await resolveInside(this.paths.scripts, joinRelative(dir, filename), { mustExist: true });
    checkFileName(newFilename, 'newFilename');
    const to = await resolveInside(this.paths.scripts, joinRelative(dir, newFilename));
    if (from === to) return;
    if (await exists(to)) throw new AppError('fileExists', ResponseCode.conflict, { name: newFilename });
    await rename(from, to);
  }

  private async existing(dir: string | undefined, file: string): Promise<string> {
    return resolveInside(this.paths.scripts, joinRelative(dir, file), { mustExist: true });
  }

  private async write(rel: string, abs: string, content: string | Buffer): Promise<void> {
    const info = await stat(abs).catch(() => null);
    if (info?.isDirectory()) throw new AppError('fileExists', ResponseCode.conflict, { name: path.basename(rel) });
    if (info) await this.keepOld(rel);
    else await mkdir(path.dirname(abs), { recursive: true });
    await writeFileAtomic(abs, content);
  }
}

async function exists(file: string): Promise<boolean> {
  return lstat(file).then(
    () => true,
    () => false,
  );
}
