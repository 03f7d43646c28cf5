/** Applications of the open API (daemon/src/modules/apps/routes.ts), typed with the contract's wire types. */
import type { App, AppInput, AppWithSecret } from '@contract/apps.ts';
import type { AppScope } from '@contract/access.ts';
import { api } from '../../lib/api.ts';

export type { App, AppInput, AppScope, AppWithSecret };

export const listApps = () => api.get<App[]>('apps');
export const createApp = (input: AppInput) => api.post<AppWithSecret>('apps', input);
export const updateApp = (input: { id: number } & Partial<AppInput>) => api.put<App>('apps', input);
export const removeApps = (ids: number[]) => api.delete<null>('apps', ids);
export const resetAppSecret = (id: number) => api.put<AppWithSecret>(`apps/${id}/reset-secret`);

/** The resource the applications are (lib/changes.ts): any change the UI makes to them reads them again. */
export const appsResource = 'apps';
