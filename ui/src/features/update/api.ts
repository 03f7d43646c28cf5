import type { UpdateCheck, UpdateJob, UpdateSettings, UpdateStatus } from '@contract/update.ts';
import { api } from '../../lib/api.ts';
import { underBase } from '../../lib/base.ts';

export type { UpdateCheck, UpdateJob, UpdateSettings, UpdateStatus };

/** Reads the release feed: Qinglong's `{hasNewVersion, lastVersion, lastLog, lastLogLink}` and Baihu's fields. */
export const checkForUpdate = () => api.put<UpdateCheck>('system/update-check');
/** Starts the download of the newest release (a job: its log is the live topic `update:<runId>`). */
export const startDownload = () => api.put<UpdateJob>('system/update');
export const updateStatus = () => api.get<UpdateStatus>('system/update/status');
/** Restarts the daemon; `apply` starts the downloaded version. */
export const restartPanel = (apply: boolean) => api.put<null>('system/reload', { type: apply ? 'system' : '' });
export const dismissAttempt = () => api.delete<null>('system/update/attempt');
export const getUpdateSettings = () => api.get<UpdateSettings>('system/config/update');
export const saveUpdateSettings = (settings: UpdateSettings) =>
  api.put<UpdateSettings>('system/config/update', settings);

/** What the panel's health check answers now (its version, seconds up), or null while it does not answer. */
export async function healthNow(): Promise<{ version: string; uptime: number } | null> {
  try {
    const response = await fetch(underBase('api/health'), { cache: 'no-store', signal: AbortSignal.timeout(3000) });
    const body = (await response.json()) as {
      data?: { status?: string; version?: string; uptime?: number; ready?: boolean };
    };
    // Up but still loading (ready: false) is not yet the panel; an older version has no `ready`.
    return body.data?.status === 'ok' && body.data.ready !== false
      ? { version: body.data.version ?? '', uptime: body.data.uptime ?? 0 }
      : null;
  } catch {
    return null;
  }
}
