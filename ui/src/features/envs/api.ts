/** The environment-variable API (daemon/src/modules/envs/routes.ts), typed with the contract's wire types. */
import type { Env, EnvInput } from '@contract/envs.ts';
import { envNamePattern } from '@contract/enums.ts';
import { api } from '../../lib/api.ts';
import { saveBlob } from '../../lib/download.ts';

export type { Env, EnvInput };

/** The server's name rule, checked in the browser first. */
export const envNameRule = new RegExp(envNamePattern);

export const listEnvs = (searchValue: string) => {
  const query = searchValue.trim() ? `?${new URLSearchParams({ searchValue: searchValue.trim() })}` : '';
  return api.get<Env[]>(`envs${query}`);
};
export const getEnv = (id: number) => api.get<Env>(`envs/${id}`);
export const createEnvs = (inputs: EnvInput[]) => api.post<Env[]>('envs', inputs);
export const updateEnv = (input: { id: number } & Partial<EnvInput>) => api.put<Env>('envs', input);
export const removeEnvs = (ids: number[]) => api.delete<null>('envs', ids);
export const moveEnv = (id: number, fromIndex: number, toIndex: number) =>
  api.put<Env>(`envs/${id}/move`, { fromIndex, toIndex });

export type EnvBatchAction = 'enable' | 'disable' | 'pin' | 'unpin';
export const envBatch = (action: EnvBatchAction, ids: number[]) => api.put<null>(`envs/${action}`, ids);
export const renameEnvs = (ids: number[], name: string) => api.put<null>('envs/name', { ids, name });
export const addEnvLabels = (ids: number[], labels: string[]) => api.post<null>('envs/labels', { ids, labels });
export const removeEnvLabels = (ids: number[], labels: string[]) => api.delete<null>('envs/labels', { ids, labels });

/** Imports a JSON file (`[{name, value, remarks, labels}]`): all of it or nothing. */
export function uploadEnvs(file: File): Promise<Env[]> {
  const form = new FormData();
  form.append('env', file, file.name);
  return api.post<Env[]>('envs/upload', form);
}

/** Downloads variables as Qinglong's export file: a JSON list of `{name, value, remarks, labels}`. */
export function exportEnvs(rows: Env[]): void {
  const data = rows.map(({ name, value, remarks, labels }) => ({ name, value, remarks, labels }));
  saveBlob(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), 'env.json');
}

/** The resource the variables are (lib/changes.ts): any change the UI makes to them reads them again. */
export const envsResource = 'envs';
