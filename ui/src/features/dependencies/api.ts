/** The dependency API (daemon/src/modules/dependencies/routes.ts), typed with the contract's wire types. */
import type { Dependency, DependencySettings } from '@contract/dependencies.ts';
import { DependencyType, type DependencyTypeName } from '@contract/enums.ts';
import { api } from '../../lib/api.ts';

export type { Dependency, DependencySettings, DependencyTypeName };

export const typeNames = Object.keys(DependencyType) as DependencyTypeName[];
export const isTypeName = (value: string | null): value is DependencyTypeName =>
  value !== null && (typeNames as string[]).includes(value);
export const typeNameOf = (type: number): DependencyTypeName =>
  typeNames.find((name) => DependencyType[name] === type) ?? 'nodejs';

export const listDependencies = (type: DependencyTypeName, searchValue: string) => {
  const query = new URLSearchParams({ type });
  if (searchValue.trim()) query.set('searchValue', searchValue.trim());
  return api.get<Dependency[]>(`dependencies?${query}`);
};
export const getDependency = (id: number) => api.get<Dependency>(`dependencies/${id}`);
export const createDependencies = (
  inputs: { name: string; type: DependencyTypeName; remark?: string | null; autoSplit?: boolean }[],
) => api.post<Dependency[]>('dependencies', inputs);
export const updateDependency = (input: {
  id: number;
  name: string;
  type: DependencyTypeName;
  remark?: string | null;
}) => api.put<Dependency>('dependencies', input);

export type DepBatchAction = 'reinstall' | 'cancel';
export const depBatch = (action: DepBatchAction, ids: number[]) => api.put<null>(`dependencies/${action}`, ids);
export const removeDependencies = (ids: number[], force: boolean) =>
  api.delete<null>(force ? 'dependencies/force' : 'dependencies', ids);

/** The dependency settings, with their `PUT api/system/config/<path>`. */
export const settingPaths: Record<keyof DependencySettings, string> = {
  dependenceProxy: 'dependence-proxy',
  nodeMirror: 'node-mirror',
  pythonMirror: 'python-mirror',
  linuxMirror: 'linux-mirror',
};
export const getDependencySettings = () =>
  api.get<{ info: DependencySettings }>('system/config').then((config) => config.info);
export const saveDependencySetting = (key: keyof DependencySettings, value: string) =>
  api.put<DependencySettings>(`system/config/${settingPaths[key]}`, { [key]: value });

/** The resource the dependencies are (lib/changes.ts): any change the UI makes to them reads them again. */
export const dependenciesResource = 'dependencies';
