import type { ImportNotifyLibrary, ImportPreview, ImportRun, ImportStarted } from '@contract/import-schemas.ts';
import { api } from '../../lib/api.ts';

/** The Qinglong import's requests (session routes of the daemon's qinglong-import area). */
export const importApi = {
  preview: (dir: string) => api.post<ImportPreview>('system/import-qinglong/preview', { dir }),
  start: (dir: string, replaceAccount: boolean) =>
    api.post<ImportStarted>('system/import-qinglong', { dir, replaceAccount }),
  run: (runId: number) => api.get<ImportRun>(`system/import-qinglong/${runId}`),
  keptLibraries: () => api.get<ImportNotifyLibrary[]>('system/notify-libraries'),
};
