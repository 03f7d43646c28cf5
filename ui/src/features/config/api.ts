/** The configuration files API (daemon/src/modules/configs/routes.ts). */
import { api } from '../../lib/api.ts';

export interface ConfigOption {
  title: string;
  value: string;
}
export const listConfigFiles = () => api.get<ConfigOption[]>('configs/files');
export const listConfigSamples = () => api.get<ConfigOption[]>('configs/samples');
/** `name` is a config file ('config.sh') or a sample ('sample/config.sample.sh'). */
export const readConfig = (name: string) => api.get<string>(`configs/detail?${new URLSearchParams({ path: name })}`);
export const saveConfig = (name: string, content: string) => api.post<null>('configs/save', { name, content });
