/** The backup, restore, log deletion and run-history calls (daemon: modules/backup, modules/retention; docs/backup.md). */
import type {
  BackupOverview,
  BackupPart,
  BackupSettings,
  BackupStarted,
  RestoreCheck,
  RestoreConfirmed,
} from '@contract/backup.ts';
import type { LogCleanupRun, LogCleanupStatus, RunHistorySettings } from '@contract/retention-schemas.ts';
import { api, request } from '../../lib/api.ts';

export type {
  BackupOverview,
  BackupPart,
  BackupSettings,
  RestoreCheck,
  LogCleanupRun,
  LogCleanupStatus,
  RunHistorySettings,
};

/** The resources the overview shows (lib/changes.ts): backups and the restore's state. */
export const backupResources = ['system/backup', 'system/restore'];
export const backupOverview = () => api.get<BackupOverview>('system/backup');
export const startBackup = (parts: BackupPart[]) => api.post<BackupStarted>('system/backup', { parts });
export const saveBackupSettings = (settings: BackupSettings) =>
  api.put<BackupSettings>('system/config/backup', settings);
export const deleteBackup = (name: string) => api.delete<null>(`system/backup/files/${encodeURIComponent(name)}`);
export const downloadBackup = (name: string, onProgress: (received: number, total: number | null) => void) =>
  request<Blob>('GET', `system/backup/files/${encodeURIComponent(name)}`, { reply: 'blob', onProgress });

/** Uploads a backup; the reply is the check (nothing replaced yet). */
export function uploadRestore(file: File): Promise<RestoreCheck> {
  const form = new FormData();
  form.append('file', file, file.name);
  return request<RestoreCheck>('POST', 'system/restore', { body: form });
}
export const restoreFromBackup = (name: string) => api.post<RestoreCheck>('system/restore/from-backup', { name });
export const confirmRestore = (id: string) => api.put<RestoreConfirmed>('system/restore', { id });
export const cancelRestore = () => api.delete<null>('system/restore');

export const logCleanupStatus = () => api.get<LogCleanupStatus>('system/log-cleanup');
export const saveLogRemoveFrequency = (days: number | null) =>
  api.put<{ logRemoveFrequency: number | null }>('system/config/log-remove-frequency', { logRemoveFrequency: days });
export const runHistorySettings = () => api.get<RunHistorySettings>('system/config/run-history');
/** null: a field left empty (the server says what it needs). */
export const saveRunHistorySettings = (limits: { runHistoryDays: number | null; runHistoryPerTask: number | null }) =>
  api.put<RunHistorySettings>('system/config/run-history', limits);
export const runLogCleanup = () => api.put<LogCleanupRun>('system/log-cleanup/run');

/** Whether the daemon answers (the restart countdown waits for it). */
export const daemonAnswers = () =>
  api.get<{ status: string; uptime: number }>('health').then(
    (health) => health,
    () => null,
  );
