import type { AboutInfo, DataSizesReply } from '@contract/about.ts';
import { api, request } from '../../lib/api.ts';

export type { AboutInfo, DataSizesReply };

export const getAbout = () => api.get<AboutInfo>('system/about');
/** `fresh`: the page is being opened, so the folder is measured now (the answer waits a moment for it). */
export const getDataSizes = (fresh = false) =>
  api.get<DataSizesReply>(fresh ? 'system/about/sizes?fresh=true' : 'system/about/sizes');
/** One of the documents shipped with the installation (Markdown text). */
export const getDoc = (name: string) =>
  request<string>('GET', `system/docs/${encodeURIComponent(name)}`, { reply: 'text' });
