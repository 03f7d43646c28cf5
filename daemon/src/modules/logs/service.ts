import { lstat, rm } from 'node:fs/promises';
import { ResponseCode } from '../../contract/codes.ts';
import { LogStatus } from '../../contract/enums.ts';
import type { Language } from '../../contract/i18n.ts';
import { formatMessage } from '../../contract/messages.ts';
import { AppError } from '../../errors.ts';
import { downloadOf, type DownloadFile } from '../../files/read.ts';
import { joinRelative, relativeSegments, resolveInside } from '../../files/resolve.ts';
import { logTailBytes, readRange, type FileRange } from '../../files/tail.ts';
import type { FileNode } from '../../contract/files.ts';
import { listLevel, listTree, type TreeOptions } from '../../files/tree.ts';
import type { DataPaths } from '../../paths.ts';

/** The most GET /api/logs/tail answers at once; page backwards with `end` for more. */
const tailMaxBytes = 4 * 1024 * 1024;
/** What GET /api/logs/tail answers without `bytes`. */
export const tailDefaultBytes = 256 * 1024;

const treeOptions: TreeOptions = { hidden: (name) => name.startsWith('.'), order: 'newest' };
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** Logs being written now, relative to data/log, with the live topic that streams each. */
export type ActiveLogs = () => Promise<Map<string, string>>;

export interface LogDetail {
  data: string;
  logStatus: LogStatus;
  /** The live topic while the log is being written (subscribe from `size` to follow it). */
  topic?: string;
  size: number;
}

/** data/log: the tree, the end of a log (without loading it whole), downloads and deletes. */
export class LogService {
  constructor(
    private readonly paths: DataPaths,
    private readonly activeLogs: ActiveLogs,
  ) {}

  async tree(dir: string | undefined): Promise<FileNode[]> {
    if (dir === undefined) return listTree(this.paths.log, this.paths.log, '', treeOptions);
    const abs = await resolveInside(this.paths.log, dir, { allowRoot: true, mustExist: true });
    return listLevel(this.paths.log, abs, relativeSegments(dir).join('/'), treeOptions);
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
    const topic = (await this.activeLogs()).get(rel);
    return {
      data: note + range.text,
      logStatus: topic ? LogStatus.running : LogStatus.completed,
      size: range.size,
      ...(topic ? { topic } : {}),
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

  async download(dir: string | undefined, filename: string): Promise<DownloadFile> {
    const abs = await resolveInside(this.paths.log, joinRelative(dir, filename), { mustExist: true });
    return downloadOf(abs, filename);
  }

  private async requireFile(abs: string, name: string): Promise<void> {
    const info = await lstat(abs);
    if (info.isDirectory()) throw new AppError('notAFile', ResponseCode.badRequest, { name });
  }
}
