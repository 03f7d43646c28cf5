/** Folder listings for the scripts and logs trees, in Qinglong's node shape. */
import { lstatSync, statSync, type Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { FileNode, LogFile } from '../contract/files.ts';
import { reallyInside, storedInside } from './resolve.ts';
import { newerThenName, newestFirst, type Info, type Ordered, type Placed } from './newest-order.ts';
import { logNameTime } from './stamp.ts';

/**
 * Names left out of the tree (and not entered), and the order: 'name': folders first, then by name. 'newest': newest
 * first — a log named by its start stamp (in `zone`, the panel's) by that stamp, any other entry by its modification
 * time (a whole tree's folder: its newest content's).
 */
export type TreeOptions = { hidden: (name: string) => boolean } & (
  { order: 'name' } | { order: 'newest'; zone: string }
);

/** A slice of a folder's entries in their order: what the UI asks for, so a long folder costs one page. */
export interface ListPage {
  offset: number;
  limit: number;
}

/** One folder's entries (no children): what the UI asks for when it opens a folder of a big tree. */
export async function listLevel(
  root: string,
  dir: string,
  relDir: string,
  options: TreeOptions,
  page?: ListPage,
): Promise<FileNode[]> {
  const dirents = await readFolder(dir);
  if (!dirents) return [];
  const shown = dirents.filter((d) => !options.hidden(d.name));
  // Without a page, or in name order (which needs every entry's type), every entry is stat'ed, as before.
  if (!page || options.order !== 'newest') {
    const nodes = await nodesOf(
      root,
      dir,
      relDir,
      shown,
      await statAll(
        dir,
        shown.map((d) => d.name),
      ),
    );
    const sorted = sortNodes(nodes, options);
    return page ? sorted.slice(page.offset, page.offset + page.limit) : sorted;
  }
  // What was stat'ed to find its place is checked now, so the pages count only what is shown.
  const ordered = await newestFirst(shown, {
    nameOf: (d) => d.name,
    stampable: (d) => d.isFile(),
    zone: options.zone,
    stat: (names) => statAll(dir, names),
    keep: (d, info) => isShown(root, dir, d, info),
  });
  return fillPage(dir, ordered, page, async (slice, stats) => nodesOf(root, dir, relDir, slice, stats));
}

/** The whole tree under `dir`. Folders reached through links are listed without children (no loops). */
export async function listTree(
  root: string,
  dir: string,
  relDir: string,
  options: TreeOptions,
  depth = 0,
): Promise<FileNode[]> {
  const dirents = ((await readFolder(dir)) ?? []).filter((d) => !options.hidden(d.name));
  const nodes = await nodesOf(
    root,
    dir,
    relDir,
    dirents,
    await statAll(
      dir,
      dirents.map((d) => d.name),
    ),
  );
  const links = new Set(dirents.filter((d) => d.isSymbolicLink()).map((d) => d.name));
  await Promise.all(
    nodes.map(async (node) => {
      if (node.type !== 'directory') return;
      const link = links.has(node.title);
      node.children =
        link || depth > 30 ? [] : await listTree(root, path.join(dir, node.title), node.key, options, depth + 1);
      node.size = node.children.reduce((sum, child) => sum + child.size, 0);
      if (options.order === 'newest') {
        // A folder is as new as its newest content (its own time changes on any create or delete).
        if (node.children.length > 0)
          node.mtime = node.children.reduce((latest, child) => Math.max(latest, child.mtime), 0);
        node.createTime = node.mtime;
      }
    }),
  );
  return sortNodes(nodes, options);
}

/** A link's target (the trees show links that stay inside the root) or the link itself (a task's logs: no links). */
const follow = statSync;
const own = lstatSync;

/** A missing entry is null, not an error (one options object for every stat). */
const missingIsNull = { throwIfNoEntry: false } as const;

/** How many entries are stat'ed between two turns of the event loop. */
const statSlice = 250;

/**
 * The stat of each name in `dir` (null when it is gone or unreadable). Synchronous, a slice at a time with a turn of
 * the event loop between slices: one promise on the thread pool a name costs several times the stat itself, and a
 * huge folder still does not hold other requests up for long.
 */
async function statAll(dir: string, names: readonly string[], links = follow): Promise<(Info | null)[]> {
  const stats: (Info | null)[] = [];
  for (let i = 0; i < names.length; i++) {
    if (i > 0 && i % statSlice === 0) await new Promise((resolve) => setImmediate(resolve));
    try {
      const info = links(dir.endsWith('/') ? dir + names[i]! : `${dir}/${names[i]!}`, missingIsNull);
      stats.push(
        info ? { file: info.isFile(), directory: info.isDirectory(), mtimeMs: info.mtimeMs, size: info.size } : null,
      );
    } catch {
      stats.push(null);
    }
  }
  return stats;
}

async function readFolder(dir: string): Promise<Dirent[] | null> {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch {
    return null;
  }
}

/**
 * The page's entries built from their stats; an entry deleted between the listing and its stat is skipped and the
 * next one takes its place, so a page is short only at the end of the folder.
 */
async function fillPage<T, N>(
  dir: string,
  ordered: Ordered<T>,
  page: ListPage,
  build: (slice: T[], stats: (Info | null)[]) => Promise<N[]>,
  links = follow,
): Promise<N[]> {
  const found: N[] = [];
  let next = page.offset;
  while (found.length < page.limit && next < ordered.length) {
    const slice: Placed<T>[] = [];
    const end = Math.min(ordered.length, next + page.limit - found.length);
    while (next < end) slice.push(ordered.at(next++));
    const fresh = await statAll(
      dir,
      slice.filter((p) => !p.info).map((p) => p.name),
      links,
    );
    let f = 0;
    const stats = slice.map((p) => p.info ?? fresh[f++] ?? null);
    found.push(
      ...(await build(
        slice.map((p) => p.entry),
        stats,
      )),
    );
  }
  return found;
}

/** Tree nodes of these entries (left out: gone, neither file nor folder, or a link that leads out of the root). */
async function nodesOf(
  root: string,
  dir: string,
  relDir: string,
  dirents: readonly Dirent[],
  stats: readonly (Info | null)[],
): Promise<FileNode[]> {
  const nodes: FileNode[] = [];
  for (const [i, d] of dirents.entries()) {
    const info = stats[i];
    if (!info || !(await isShown(root, dir, d, info))) continue;
    const directory = info.directory;
    const node: FileNode = {
      title: d.name,
      key: relDir ? `${relDir}/${d.name}` : d.name,
      type: directory ? 'directory' : 'file',
      parent: relDir,
      mtime: Math.round(info.mtimeMs),
      createTime: Math.round(info.mtimeMs),
      size: directory ? 0 : info.size,
    };
    if (!directory) node.isLeaf = true;
    nodes.push(node);
  }
  return nodes;
}

/** A file or a folder; a link only when it leads somewhere inside the root (the resolver refuses the others anyway). */
async function isShown(root: string, dir: string, d: Dirent, info: Info): Promise<boolean> {
  if (!info.file && !info.directory) return false;
  return !d.isSymbolicLink() || reallyInside(root, path.join(dir, d.name));
}

const byName = (a: FileNode, b: FileNode) => (a.title < b.title ? -1 : a.title > b.title ? 1 : 0);

function sortNodes(nodes: FileNode[], options: TreeOptions): FileNode[] {
  if (options.order === 'name')
    return nodes.sort((a, b) => (a.type === b.type ? byName(a, b) : a.type === 'directory' ? -1 : 1));
  const placed = nodes.map((node) => ({
    entry: node,
    name: node.title,
    time: (node.type === 'file' ? logNameTime(node.title, options.zone) : null) ?? node.mtime,
  }));
  return placed.sort(newerThenName).map((p) => p.entry);
}

/**
 * The files of one folder of data/log (a path the daemon stored), newest first (by the name's stamp, else the
 * modification time); one page of them when asked. Empty when the folder is missing.
 */
export async function listLogFiles(
  logRoot: string,
  directory: string,
  zone: string,
  page?: ListPage,
): Promise<LogFile[]> {
  const dir = await storedInside(logRoot, directory);
  const dirents = dir ? await readFolder(dir) : null;
  if (!dir || !dirents) return [];
  // Files only (no links: the resolver would refuse one that leads out); a file stat'ed for its time stays one.
  const ordered = await newestFirst(
    dirents.filter((d) => d.isFile()),
    {
      nameOf: (d) => d.name,
      stampable: () => true,
      zone,
      stat: (names) => statAll(dir, names, own),
      keep: (_d, info) => info.file,
    },
  );
  return fillPage(
    dir,
    ordered,
    page ?? { offset: 0, limit: ordered.length },
    async (slice, stats) =>
      slice.flatMap(({ name }, i) => {
        const info = stats[i];
        return info?.file ? [{ filename: name, directory, time: info.mtimeMs, size: info.size }] : [];
      }),
    own,
  );
}
