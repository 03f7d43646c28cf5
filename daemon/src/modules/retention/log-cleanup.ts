/**
 * Deletes old run logs under data/log, as Qinglong's `ql rmlog N` does: a `*.log` file is old when the date in its
 * name (`YYYY-MM-DD-HH-mm-ss[-SSS]…`, in the panel's zone) — else its mtime — is more than N days back. A log in
 * use is never touched (a run writing it, a run that has not ended, a task's latest log). Folders left empty are
 * removed, the top one excepted. One pass over the tree, deleting as it goes, so a million logs never sit in memory.
 */
import type { Dirent } from 'node:fs';
import { readdirSync, rmdirSync } from 'node:fs';
import { lstat, readdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { instantOf } from '../../time/wall-clock.ts';
import type { RetentionPolicy } from './policy.ts';

const dayMs = 86_400_000;

export interface LogCleanupReport {
  files: number;
  bytes: number;
  folders: number;
  /** Old logs left alone because a run uses them. */
  inUse: number;
  /** Old logs that could not be deleted (with the first few reasons). */
  failed: number;
  errors: string[];
}

export interface LogCleanupOptions {
  logRoot: string;
  policy: RetentionPolicy;
  /** Logs in use, relative to data/log with `/` separators. */
  inUse: ReadonlySet<string>;
  now: number;
  /** The panel's time zone, which log names are stamped in. */
  zone: string;
  /** Each file deleted (the job writes a line per file). */
  onDeleted?: (relative: string, bytes: number) => void;
  signal?: AbortSignal;
}

const stampPattern = /^(\d{4})-(\d{2})-(\d{2})-(\d{2})-(\d{2})-(\d{2})(?:-(\d{3}))?/;

/** The date a log's name carries (in `zone`), or null when it has none or an impossible one. */
export function dateOfLogName(name: string, zone: string): number | null {
  const match = stampPattern.exec(name);
  if (!match) return null;
  const [year, month, day, hour, minute, second, ms] = match.slice(1).map((part) => Number(part ?? 0)) as number[];
  return instantOf(
    { year: year!, month: month!, day: day!, hour: hour!, minute: minute!, second: second!, ms: ms! },
    zone,
  );
}

async function entriesOf(folder: string): Promise<Dirent[]> {
  return readdir(folder, { withFileTypes: true }).catch(() => []);
}

export async function cleanLogs(o: LogCleanupOptions): Promise<LogCleanupReport> {
  const report: LogCleanupReport = { files: 0, bytes: 0, folders: 0, inUse: 0, failed: 0, errors: [] };
  const days = o.policy.logsOlderThanDays;
  if (days === null) return report;
  const cutoff = o.now - days * dayMs;

  const visit = async (relative: string): Promise<void> => {
    const folder = path.join(o.logRoot, relative);
    for (const entry of await entriesOf(folder)) {
      o.signal?.throwIfAborted();
      const rel = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        await visit(rel);
        continue;
      }
      // Links are never followed nor deleted: only files the runs wrote.
      if (!entry.isFile() || !entry.name.endsWith('.log')) continue;
      const file = path.join(o.logRoot, rel);
      const info = await lstat(file).catch(() => null);
      if (!info?.isFile()) continue;
      const date = dateOfLogName(entry.name, o.zone) ?? info.mtimeMs;
      if (date >= cutoff) continue;
      if (o.inUse.has(rel)) {
        report.inUse += 1;
        continue;
      }
      try {
        await unlink(file);
        report.files += 1;
        report.bytes += info.size;
        o.onDeleted?.(rel, info.size);
      } catch (error) {
        report.failed += 1;
        if (report.errors.length < 5) report.errors.push(`${rel}: ${(error as NodeJS.ErrnoException).code ?? error}`);
      }
    }
    if (relative === '') return;
    // Synchronous, so it cannot fall between a run's mkdir and its open of a new log in the same folder.
    try {
      if (readdirSync(folder).length === 0) {
        rmdirSync(folder);
        report.folders += 1;
      }
    } catch {
      // Gone already, or a run just wrote into it: either way it stays as it is.
    }
  };

  await visit('');
  return report;
}
