import type { AboutInfo, DataSizesReply } from '@contract/about.ts';
import { api, request } from '../../lib/api.ts';

export type { AboutInfo, DataSizesReply };

export const getAbout = () => api.get<AboutInfo>('system/about');
export const getDataSizes = () => api.get<DataSizesReply>('system/about/sizes');
/** One of the documents shipped with the installation (Markdown text). */
export const getDoc = (name: string) =>
  request<string>('GET', `system/docs/${encodeURIComponent(name)}`, { reply: 'text' });
