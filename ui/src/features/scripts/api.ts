/** The scripts API (daemon/src/modules/scripts/routes.ts): data/scripts one level at a time, files, debug runs. */
import { api, request } from '../../lib/api.ts';
import { changeSignal } from '../../lib/changes.ts';
import { downloadFile, type FileNode } from '../../lib/files.ts';

export const listScripts = (path: string) => api.get<FileNode[]>(`scripts?${new URLSearchParams({ path })}`);
export const readScript = (path: string, file: string) =>
  api.get<string>(`scripts/detail?${new URLSearchParams({ path, file })}`);
/** Creates a file (never overwrites). */
export const createScript = (path: string, filename: string, content = '') =>
  api.post<null>('scripts', { path, filename, content });
export const createFolder = (path: string, directory: string) => api.post<null>('scripts', { path, directory });
/** Saves an existing file (the old content is backed up by the daemon). */
export const saveScript = (path: string, filename: string, content: string) =>
  api.put<null>('scripts', { path, filename, content });
export const removeScript = (path: string, filename: string, type: 'file' | 'directory') =>
  api.delete<null>('scripts', { path, filename, type });
export const renameScript = (path: string, filename: string, newFilename: string) =>
  api.put<null>('scripts/rename', { path, filename, newFilename });
export const downloadScript = (path: string, filename: string) => downloadFile('scripts/download', path, filename);
export function uploadScript(path: string, file: File): Promise<null> {
  const form = new FormData();
  form.append('path', path);
  form.append('file', file, file.name);
  return api.post<null>('scripts', form);
}

export interface DebugRun {
  runId: string;
  topic: string;
  /** Its log file, relative to data/log. */
  log?: string;
}
/** `data` is the pid (Qinglong's answer); the run's id, topic and log come beside it in the envelope. */
export const runScript = (path: string, filename: string, content: string) =>
  request<DebugRun>('PUT', 'scripts/run', { body: { path, filename, content }, reply: 'envelope' });
export const stopScript = (runId: string) => api.put<number>('scripts/stop', { runId });

/** The resource the scripts are (lib/changes.ts): any change the UI makes to them reads the tree again. */
export const scriptsResource = 'scripts';

/** A modal renamed a file or folder, so the page follows the open file to its new name (the tree reloads anyway). */
const renames = changeSignal<{ from: string; to: string }>();
export const onScriptRenamed = renames.subscribe;
export const scriptRenamed = renames.notify;

/** The open editor's text, for the save-as modal (set by the page, read by the modal). */
export const openBuffer: { key: string | null; content: string } = { key: null, content: '' };
