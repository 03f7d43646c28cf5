/** The logs API (daemon/src/modules/logs/routes.ts): data/log one level at a time, pages of a log from its end. */
import type { LogRun, LogSearchEnd, LogSearchMatch } from '@contract/logs.ts';
import { api, request } from '../../lib/api.ts';
import { downloadFile, type FileNode } from '../../lib/files.ts';

/** How much of a log one page shows (and one "Load earlier" adds). */
export const pageBytes = 256 * 1024;

export interface LogRange {
  text: string;
  start: number;
  end: number;
  size: number;
}
export interface LogInfo {
  logStatus: string;
  size: number;
  topic?: string;
  /** How the run that wrote it ended (left out by older daemons and for logs no recorded run wrote). */
  run?: LogRun;
  /** The name of the task whose folder the log is in. */
  label?: string;
}

/** How many entries of a folder the logs page and a task's log list ask for at a time. */
export const logPageSize = 100;
/** A page of one folder of data/log, newest first (`logPageSize` at most: a full page means there may be more). */
export const listLogs = (path: string, offset = 0) =>
  api.get<FileNode[]>(`logs?${new URLSearchParams({ path, offset: String(offset), limit: String(logPageSize) })}`);
/** A page of a log ending at `end` (the end of the file when left out), aligned to whole lines. */
export function tailLog(path: string, file: string, end?: number): Promise<LogRange> {
  const query = new URLSearchParams({ path, file, bytes: String(pageBytes) });
  if (end !== undefined) query.set('end', String(end));
  return api.get<LogRange>(`logs/tail?${query}`);
}
/**
 * Whether a log is being written and its live topic. (The reply carries `logStatus`, `size` and
 * `topic` beside `data`, so this asks for the whole envelope.)
 */
export async function logInfo(path: string, file: string): Promise<LogInfo> {
  const reply = await request<LogInfo>('GET', `logs/detail?${new URLSearchParams({ path, file })}`, {
    reply: 'envelope',
  });
  return { logStatus: reply.logStatus, size: reply.size, topic: reply.topic, run: reply.run, label: reply.label };
}
/** The resource the logs are (lib/changes.ts): a delete reads the tree again. */
export const logsResource = 'logs';
export const removeLog = (path: string, filename: string, type: 'file' | 'directory') =>
  api.delete<null>('logs', { path, filename, type });
export const downloadLog = (path: string, filename: string) => downloadFile('logs/download', path, filename);

/**
 * Searches every log (or one folder) on the server; each record is handed over as it arrives: matches, then one end
 * record. `signal` cancels the search (the server stops reading files when the caller goes away).
 */
export async function searchLogs(
  query: string,
  path: string,
  onRecord: (record: LogSearchMatch | LogSearchEnd) => void,
  signal: AbortSignal,
): Promise<void> {
  const params = new URLSearchParams({ q: query });
  if (path) params.set('path', path);
  const response = await request<Response>('GET', `logs/search?${params}`, { reply: 'stream', signal });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let pending = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    pending += value;
    const lines = pending.split('\n');
    pending = lines.pop()!;
    for (const line of lines) if (line) onRecord(JSON.parse(line) as LogSearchMatch | LogSearchEnd);
  }
}
