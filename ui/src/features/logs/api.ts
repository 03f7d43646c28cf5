/** The logs API (daemon/src/modules/logs/routes.ts): data/log one level at a time, pages of a log from its end. */
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
}

export const listLogs = (path: string) => api.get<FileNode[]>(`logs?${new URLSearchParams({ path })}`);
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
  return { logStatus: reply.logStatus, size: reply.size, topic: reply.topic };
}
export const removeLog = (path: string, filename: string, type: 'file' | 'directory') =>
  api.delete<null>('logs', { path, filename, type });
export const downloadLog = (path: string, filename: string) => downloadFile('logs/download', path, filename);
