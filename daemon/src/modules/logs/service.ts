import { lstat, rm } from 'node:fs/promises';
import path from 'node:path';
import { ResponseCode } from '../../contract/codes.ts';
import { LogStatus, type RunEnd } from '../../contract/enums.ts';
import type { LogRun } from '../../contract/logs.ts';
import type { Language } from '../../contract/i18n.ts';
import { formatMessage } from '../../contract/messages.ts';
import { AppError } from '../../errors/app-error.ts';
import { joinRelative, relativeSegments, resolveInside } from '../../files/resolve.ts';
import { logTailBytes, readRange, type FileRange } from '../../files/tail.ts';
import type { FileNode } from '../../contract/files.ts';
import { listLevel, listTree, type ListPage, type TreeOptions } from '../../files/tree.ts';
import type { DataPaths } from '../../config/paths.ts';
import { searchLogs } from './search.ts';

/** The most GET /api/logs/tail answers at once; page backwards with `end` for more. */
const tailMaxBytes = 4 * 1024 * 1024;
/** What GET /api/logs/tail answers without `bytes`. */
export const tailDefaultBytes = 256 * 1024;

const hidden = (name: string) => name.startsWith('.');
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** Logs being written now, relative to data/log, with the live topic that streams each. */
export type ActiveLogs = () => Promise<Map<string, string>>;

/** What the logs page adds to the files: whose folder it is, how each log's run ended. */
export interface LogOwners {
  /** Log folder (relative to data/log) → the name of the task that writes into it. */
  folderNames(): Promise<ReadonlyMap<string, string>>;
  /** Log path → the newest run that wrote it. */
  runsOfLogs(paths: string[]): Promise<Map<string, { end: RunEnd | null; exit_code: number | null }>>;
}

export interface LogDetail {
  data: string;
  logStatus: LogStatus;
  /** The live topic while the log is being written (subscribe from `size` to follow it). */
  topic?: string;
  size: number;
  /** How the run that wrote it ended, when a recorded run did. */
  run?: LogRun;
  /** The name of the task whose folder it is in. */
  label?: string;
}

/** data/log: the tree, the end of a log (without loading it whole), downloads and deletes. */
export class LogService {
  constructor(
    private readonly paths: DataPaths,
    private readonly activeLogs: ActiveLogs,
    private readonly owners: LogOwners,
    private readonly timezone: () => string,
  ) {}

  /** The folder of the logs (data/log), which the download serves from. */
  get root(): string {
    return this.paths.log;
  }

  private treeOptions(): TreeOptions {
    return { hidden, order: 'newest', zone: this.timezone() };
  }

  /**
   * The whole tree (no `dir`, Qinglong's call) or one folder; a page of the folder when asked (the UI's call: only
   * the page's files are read, see files/tree.ts).
   */
  async tree(dir: string | undefined, page?: ListPage): Promise<FileNode[]> {
    const options = this.treeOptions();
    if (dir === undefined) return this.described(await listTree(this.paths.log, this.paths.log, '', options));
    const abs = await resolveInside(this.paths.log, dir, { allowRoot: true, mustExist: true });
    return this.described(await listLevel(this.paths.log, abs, relativeSegments(dir).join('/'), options, page));
  }

  /** Folders get their task's name, logs how their run ended (a whole tree: every level). */
  private async described(nodes: FileNode[]): Promise<FileNode[]> {
    const all: FileNode[] = [];
    const walk = (level: FileNode[]) => level.forEach((n) => (all.push(n), n.children && walk(n.children)));
    walk(nodes);
    const files = all.filter((n) => n.type === 'file').map((n) => n.key);
    // A folder of logs has no folders to name (reading every task's folder is ≈1 ms at 1,000 tasks).
    const folders = all.some((n) => n.type === 'directory');
    const [names, runs, active] = await Promise.all([
      folders ? this.owners.folderNames() : new Map<string, string>(),
      this.owners.runsOfLogs(files),
      this.activeLogs(),
    ]);
    for (const node of all) {
      const name = node.type === 'directory' ? names.get(node.key) : undefined;
      if (name) node.label = name;
      const run = this.runOf(node.key, runs, active);
      if (node.type === 'file' && run) node.run = run;
    }
    return nodes;
  }

  private runOf(key: string, runs: Awaited<ReturnType<LogOwners['runsOfLogs']>>, active: Map<string, string>) {
    if (active.has(key)) return { end: 'running' as const, exitCode: null };
    const run = runs.get(key);
    return run?.end ? { end: run.end, exitCode: run.exit_code } : undefined;
  }

  /** Matching lines across data/log (or one folder of it), newest logs first; see search.ts for the bounds. */
  async *search(query: string, dir: string | undefined, signal: AbortSignal) {
    const found = searchLogs(this.paths.log, query, dir, signal);
    // The first step checks the folder, before anything is read or asked.
    const first = await found.next();
    const names = await this.owners.folderNames();
    const named = <T extends { type: string; key?: string }>(record: T) => {
      const label = record.key ? names.get(path.posix.dirname(record.key)) : undefined;
      return label ? { ...record, label } : record;
    };
    if (!first.done) yield named(first.value);
    for await (const record of found) yield named(record);
  }

  /** The last 2 MB, ANSI colours kept, with a first line saying how much was left out. */
  async detail(dir: string | undefined, file: string, lang: Language): Promise<LogDetail> {
    const rel = joinRelative(dir, file);
    const abs = await resolveInside(this.paths.log, rel, { mustExist: true });
    await this.requireFile(abs, file);
    const range = await readRange(abs, logTailBytes);
    if (!range) throw new AppError('notFound', ResponseCode.notFound);
    const note = range.start
      ? `${formatMessage('logTruncated', lang, { size: mb(range.size), skipped: mb(range.start) })}\n`
      : '';
    const active = await this.activeLogs();
    const topic = active.get(rel);
    const run = this.runOf(rel, await this.owners.runsOfLogs([rel]), active);
    const label = (await this.owners.folderNames()).get(path.posix.dirname(rel));
    return {
      data: note + range.text,
      logStatus: topic ? LogStatus.running : LogStatus.completed,
      size: range.size,
      ...(topic ? { topic } : {}),
      ...(run ? { run } : {}),
      ...(label ? { label } : {}),
    };
  }

  /** Raw bytes ending at `end` (default: the end), at most 4 MB: the way to page through a huge log. */
  async tail(dir: string | undefined, file: string, bytes: number, end?: number): Promise<FileRange> {
    const abs = await resolveInside(this.paths.log, joinRelative(dir, file), { mustExist: true });
    await this.requireFile(abs, file);
    const range = await readRange(abs, Math.min(Math.max(1, bytes), tailMaxBytes), end);
    if (!range) throw new AppError('notFound', ResponseCode.notFound);
    return range;
  }

  /** A log file or a folder of logs; refused while a run writes into it. */
  async remove(dir: string | undefined, filename: string): Promise<void> {
    const rel = joinRelative(dir, filename);
    const abs = await resolveInside(this.paths.log, rel, { mustExist: true });
    for (const active of (await this.activeLogs()).keys()) {
      if (active === rel || active.startsWith(`${rel}/`)) throw new AppError('logBusy', ResponseCode.conflict);
    }
    const info = await lstat(abs);
    await rm(abs, { recursive: info.isDirectory(), force: true });
  }

  private async requireFile(abs: string, name: string): Promise<void> {
    const info = await lstat(abs);
    if (info.isDirectory()) throw new AppError('notAFile', ResponseCode.badRequest, { name });
  }
}
