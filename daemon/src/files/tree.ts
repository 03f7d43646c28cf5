/** Folder listings for the scripts and logs trees, in Qinglong's node shape. */
import { statSync, type Dirent, type Stats } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { FileNode, LogFile } from '../contract/files.ts';
import { reallyInside, storedInside } from './resolve.ts';

export interface TreeOptions {
  /** Names left out of the tree (and not entered). */
  hidden: (name: string) => boolean;
  /** 'name': folders first, then by name. 'newest': newest first (a folder's time is its newest content's). */
  order: 'name' | 'newest';
}

/** One folder's entries (no children): what the UI asks for when it opens a folder of a big tree. */
export async function listLevel(root: string, dir: string, relDir: string, options: TreeOptions): Promise<FileNode[]> {
  const nodes = await entries(root, dir, relDir, options);
  return sortNodes(
    nodes.map((n) => n.node),
    options.order,
  );
}

/** The whole tree under `dir`. Folders reached through links are listed without children (no loops). */
export async function listTree(
  root: string,
  dir: string,
  relDir: string,
  options: TreeOptions,
  depth = 0,
): Promise<FileNode[]> {
  const nodes = await entries(root, dir, relDir, options);
  await Promise.all(
    nodes.map(async ({ node, link }) => {
      if (node.type !== 'directory') return;
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
  return sortNodes(
    nodes.map((n) => n.node),
    options.order,
  );
}

/** How many entries are stat'ed between two turns of the event loop. */
const statSlice = 250;

/**
 * The stat of each name in `dir` (null when it is gone or unreadable). Synchronous, a slice at a time with a turn of
 * the event loop between slices: a folder of 1,000 logs took 11 ms through 1,000 promises on the thread pool and
 * 3 ms this way, and a huge folder still does not hold other requests up for long.
 */
async function statAll(dir: string, names: readonly string[]): Promise<(Stats | null)[]> {
  const stats: (Stats | null)[] = [];
  for (let i = 0; i < names.length; i++) {
    if (i > 0 && i % statSlice === 0) await new Promise((resolve) => setImmediate(resolve));
    try {
      stats.push(statSync(path.join(dir, names[i]!), { throwIfNoEntry: false }) ?? null);
    } catch {
      stats.push(null);
    }
  }
  return stats;
}

async function entries(root: string, dir: string, relDir: string, options: TreeOptions) {
  let dirents: Dirent[];
  try {
    dirents = await readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const shown = dirents.filter((d) => !options.hidden(d.name));
  const stats = await statAll(
    dir,
    shown.map((d) => d.name),
  );
  const found: { node: FileNode; link: boolean }[] = [];
  for (const [i, d] of shown.entries()) {
    const link = d.isSymbolicLink();
    // A link is shown only when it leads somewhere inside the root; the resolver refuses the others anyway.
    if (link && !(await reallyInside(root, path.join(dir, d.name)))) continue;
    const info = stats[i];
    if (!info || !(info.isFile() || info.isDirectory())) continue;
    const directory = info.isDirectory();
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
    found.push({ node, link });
  }
  return found;
}

const byName = (a: FileNode, b: FileNode) => (a.title < b.title ? -1 : a.title > b.title ? 1 : 0);

function sortNodes(nodes: FileNode[], order: TreeOptions['order']): FileNode[] {
  if (order === 'newest') return nodes.sort((a, b) => b.mtime - a.mtime || byName(b, a));
  return nodes.sort((a, b) => (a.type === b.type ? byName(a, b) : a.type === 'directory' ? -1 : 1));
}

/**
 * localeCompare's order (the default locale) with the collator made once: localeCompare builds one per call, which cost
 * ≈8 ms for a folder of 1,000 logs written in the same millisecond. Made on the first listing, not at start-up: ICU's
 * collation data it touches is 1.9 MB of resident memory (docs/performance.md).
 */
let collator: Intl.Collator | undefined;
const logCollator = () => (collator ??= new Intl.Collator());

/** The files of one folder of data/log (a path the daemon stored), newest first. Empty when the folder is missing. */
export async function listLogFiles(logRoot: string, directory: string): Promise<LogFile[]> {
  const dir = await storedInside(logRoot, directory);
  if (!dir) return [];
  let names: string[];
  try {
    names = (await readdir(dir, { withFileTypes: true })).filter((d) => d.isFile()).map((d) => d.name);
  } catch {
    return [];
  }
  const stats = await statAll(dir, names);
  const entries = names.map((filename, i) => {
    const info = stats[i];
    return info ? { filename, directory, time: info.mtimeMs, size: info.size } : null;
  });
  const collation = logCollator();
  return entries
    .filter((e): e is LogFile => e !== null)
    .sort((a, b) => b.time - a.time || collation.compare(b.filename, a.filename));
}
