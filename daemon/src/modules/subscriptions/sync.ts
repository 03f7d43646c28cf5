/**
 * After a pull: the checkout's matching files are mirrored into data/scripts/<alias>/ and the tasks are planned.
 * Only files that changed are written (atomically); files that disappeared are removed, only inside that folder.
 * Nothing here touches the database: the plan says which tasks to add and remove, the service applies it.
 */
import { lstat, mkdir, open, readdir, readFile, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../../files/atomic.ts';
import { headerScanChars, taskHeaderOf } from './headers.ts';

/** A checkout with more files than this is not walked further (a mistake, not a script repository). */
const maxFiles = 100_000;
const parallel = 32;

/** Runs `work` over `items`, `parallel` at a time. */
async function eachLimited<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
}

/** Regular files under `root` as sorted posix relative paths; `.git` and links are skipped. */
export async function listFiles(root: string): Promise<string[]> {
  const files: string[] = [];
  const walk = async (dir: string, prefix: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (files.length >= maxFiles) return;
      const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (entry.name !== '.git') await walk(path.join(dir, entry.name), rel);
      } else if (entry.isFile()) {
        files.push(rel);
      }
    }
  };
  await walk(root, '');
  return files.sort();
}

/** True when `target` holds exactly `content`. */
async function sameContent(target: string, content: Buffer): Promise<boolean> {
  const info = await stat(target).catch(() => null);
  if (!info?.isFile() || info.size !== content.length) return false;
  return (await readFile(target)).equals(content);
}

export interface MirrorResult {
  /** Relative paths written (new or changed). */
  written: string[];
  /** Relative paths removed from the destination. */
  removed: string[];
}

/**
 * Makes `dest` hold `files` of `source` (relative paths), plus `extra` (relative path → absolute source, e.g. the
 * notification libraries) where the checkout has no file of that name. Unchanged files are not touched.
 */
export async function mirrorFiles(
  source: string,
  dest: string,
  files: readonly string[],
  extra: Record<string, string> = {},
): Promise<MirrorResult> {
  const wanted = new Map<string, string>(files.map((f) => [f, path.join(source, f)]));
  for (const [rel, abs] of Object.entries(extra)) if (!wanted.has(rel)) wanted.set(rel, abs);
  const written: string[] = [];
  await eachLimited([...wanted], async ([rel, from]) => {
    const content = await readFile(from).catch(() => null);
    if (!content) return;
    const target = path.join(dest, rel);
    if (await sameContent(target, content)) return;
    // A folder where a file should go (the upstream layout changed) is cleared first.
    const existing = await lstat(target).catch(() => null);
    if (existing && !existing.isFile()) await rm(target, { recursive: true, force: true });
    await mkdirFor(target);
    await writeFileAtomic(target, content);
    written.push(rel);
  });
  const removed: string[] = [];
  for (const rel of await listFiles(dest)) {
    if (wanted.has(rel)) continue;
    await rm(path.join(dest, rel), { force: true });
    removed.push(rel);
  }
  await removeEmptyFolders(dest);
  return { written: written.sort(), removed };
}

async function mkdirFor(file: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
}

/** Removes empty folders below `root` (not `root` itself). Returns whether `dir` ended up empty. */
async function removeEmptyFolders(root: string, dir = root): Promise<boolean> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return false;
  }
  let empty = true;
  for (const entry of entries) {
    if (entry.isDirectory() && (await removeEmptyFolders(root, path.join(dir, entry.name)))) continue;
    empty = false;
  }
  if (empty && dir !== root) {
    await rmdir(dir).catch(() => {});
    return true;
  }
  return false;
}

/** `task <alias>/<path>`: the command of a script's task. */
const taskCommandOf = (alias: string, rel: string) => `task ${alias}/${rel}`;

/** Paths a task command can carry unquoted (the task parser splits on spaces; shell characters are refused). */
const isTaskablePath = (rel: string) => /^[\p{L}\p{N}_.\-/@+=~]+$/u.test(rel);

/** The script a `task …` command runs (relative to data/scripts), or null for any other command. */
function scriptOfCommand(command: string): string | null {
  const match = /^task\s+(?:-[lm]\s+(?:\S+\s+)?)*["']?([^"'\s]+)/.exec(command.trim());
  return match?.[1] ?? null;
}

export interface ExistingTask {
  id: number;
  command: string;
  sub_id: number | null;
}

export interface TaskPlan {
  /** Scripts (relative to the alias folder) that get a new task. */
  add: string[];
  /** Ids of this subscription's tasks whose script is gone. */
  remove: number[];
}

/**
 * Which tasks to add (scripts no task runs yet, whoever made that task) and, with auto delete, which of this
 * subscription's tasks to remove (their script is no longer synced).
 */
export function planTasks(
  alias: string,
  subId: number,
  scripts: readonly string[],
  existing: readonly ExistingTask[],
  options: { autoAdd: boolean; autoDel: boolean },
): TaskPlan {
  const prefix = `${alias}/`;
  const present = new Set(scripts.filter(isTaskablePath));
  const covered = new Set<string>();
  const remove: number[] = [];
  for (const task of existing) {
    const script = scriptOfCommand(task.command);
    if (!script?.startsWith(prefix)) continue;
    const rel = script.slice(prefix.length);
    covered.add(rel);
    if (options.autoDel && task.sub_id === subId && !present.has(rel)) remove.push(task.id);
  }
  const add = options.autoAdd ? [...present].filter((rel) => !covered.has(rel)) : [];
  return { add, remove };
}

export interface NewTask {
  name: string;
  command: string;
  schedule: string;
}

/** The tasks of the scripts to add, from their headers (read from the synced copies, head only). */
export async function newTasksOf(
  alias: string,
  dir: string,
  add: readonly string[],
  defaultRule: string | null,
): Promise<NewTask[]> {
  const tasks: NewTask[] = new Array<NewTask>(add.length);
  await eachLimited(
    add.map((rel, index) => ({ rel, index })),
    async ({ rel, index }) => {
      const text = await readHead(path.join(dir, rel));
      const header = taskHeaderOf(text, rel, defaultRule);
      tasks[index] = { ...header, command: taskCommandOf(alias, rel) };
    },
  );
  return tasks;
}

async function readHead(file: string): Promise<string> {
  const handle = await open(file, 'r').catch(() => null);
  if (!handle) return '';
  try {
    const buffer = Buffer.alloc(headerScanChars);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
}
