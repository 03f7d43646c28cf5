/** Applications of the open API (daemon/src/modules/apps/routes.ts), typed with the contract's wire types. */
import type { App, AppInput, AppWithSecret } from '@contract/apps.ts';
import type { AppScope } from '@contract/access.ts';
import { api } from '../../lib/api.ts';
import { changeSignal } from '../../lib/changes.ts';

export type { App, AppInput, AppScope, AppWithSecret };

export const listApps = () => api.get<App[]>('apps');
export const createApp = (input: AppInput) => api.post<AppWithSecret>('apps', input);
export const updateApp = (input: { id: number } & Partial<AppInput>) => api.put<App>('apps', input);
export const removeApps = (ids: number[]) => api.delete<null>('apps', ids);
export const resetAppSecret = (id: number) => api.put<AppWithSecret>(`apps/${id}/reset-secret`);

/** A modal saved an application: the list behind it reloads. */
export const appsChanged = changeSignal();
