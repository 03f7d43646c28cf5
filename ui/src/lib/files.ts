/** Shared helpers of the file areas (scripts, logs): tree nodes, paths and downloads. */
import type { LogRun } from '@contract/logs.ts';
import { request } from './api.ts';
import { saveBlob } from './download.ts';

/** A node of `GET api/scripts|logs?path=` (daemon/src/files/tree.ts). */
export interface FileNode {
  title: string;
  /** Path relative to the area's root ('dir/name.js'). */
  key: string;
  type: 'file' | 'directory';
  /** The folder it is in, relative to the root ('' at the top). */
  parent: string;
  mtime: number;
  createTime: number;
  size: number;
  isLeaf?: boolean;
  children?: FileNode[];
  /** Logs tree: the name of the task whose folder this is. */
  label?: string;
  /** Logs tree: how the run that wrote this log ended. */
  run?: LogRun;
}

/** 'dir/sub/name.js' → {path: 'dir/sub', file: 'name.js'}. */
export function splitKey(key: string): { path: string; file: string } {
  const at = key.lastIndexOf('/');
  return at < 0 ? { path: '', file: key } : { path: key.slice(0, at), file: key.slice(at + 1) };
}
export const joinKey = (path: string, file: string) => (path ? `${path}/${file}` : file);

/** 1536 → '1.5 KB'. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

/** POSTs to a download endpoint (`api/scripts/download`, `api/logs/download`) and saves the reply as a file. */
export async function downloadFile(endpoint: string, path: string, filename: string): Promise<void> {
  saveBlob(await request<Blob>('POST', endpoint, { body: { path, filename }, reply: 'blob' }), filename);
}

/** Saves a whole log file, named by its path under data/log ('task_demo/2025-01-01-00-00-00-000.log'). */
export function downloadLogFile(key: string): Promise<void> {
  const { path, file } = splitKey(key);
  return downloadFile('logs/download', path, file);
}
