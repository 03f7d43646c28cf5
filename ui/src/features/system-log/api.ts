import type { SystemLogEntries, SystemLogQuery, SystemLogSettings } from '@contract/system-log-schemas.ts';
import { api, request } from '../../lib/api.ts';

export type { SystemLogEntries, SystemLogQuery, SystemLogSettings };

export function readSystemLog(query: SystemLogQuery): Promise<SystemLogEntries> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return api.get<SystemLogEntries>(`system/log/entries?${params}`);
}

/** Qinglong's `DELETE /api/system/log`: every day's file. */
export const deleteSystemLog = () => api.delete<null>('system/log');

/** The raw lines of the days chosen (Qinglong's `GET /api/system/log`), for a download. */
export const systemLogText = (from: string, to: string) =>
  request<Blob>('GET', `system/log?startTime=${from}&endTime=${to}`, { reply: 'blob' });

export const getSystemLogSettings = () => api.get<SystemLogSettings>('system/config/system-log');
export const saveSystemLogSettings = (settings: SystemLogSettings) =>
  api.put<SystemLogSettings>('system/config/system-log', settings);
