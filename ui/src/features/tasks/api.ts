/** The task API (daemon/src/modules/tasks/routes.ts), typed with the contract's wire types. */
import type { Cron, CronRun, CronView } from '@contract/tasks.ts';
import { api } from '../../lib/api.ts';

export type { Cron, CronRun, CronView };

export interface CronList {
  data: Cron[];
  total: number;
}

export interface ListParams {
  page: number;
  size: number;
  searchValue: string;
  sorter: { field: string; type: 'ascend' | 'descend' } | null;
  view: Pick<CronView, 'filters' | 'sorts' | 'filterRelation'> | null;
  /** Only tasks whose last run failed or timed out. */
  failedOnly: boolean;
  /** Only tasks in this status (CronStatus), from the overview's links. */
  status: number | null;
}

export function listCrons(p: ListParams): Promise<CronList> {
  const query = new URLSearchParams({ page: String(p.page), size: String(p.size) });
  if (p.searchValue.trim()) query.set('searchValue', p.searchValue.trim());
  if (p.sorter) query.set('sorter', JSON.stringify(p.sorter));
  const filters = {
    ...(p.failedOnly ? { last_end: ['failed', 'timeout'] } : {}),
    ...(p.status !== null ? { status: [p.status] } : {}),
  };
  if (Object.keys(filters).length) query.set('filters', JSON.stringify(filters));
  if (p.view && (p.view.filters.length || p.view.sorts.length)) {
    query.set(
      'queryString',
      JSON.stringify({ filters: p.view.filters, sorts: p.view.sorts, filterRelation: p.view.filterRelation }),
    );
  }
  return api.get<CronList>(`crons?${query}`);
}

export type BatchAction = 'run' | 'stop' | 'enable' | 'disable' | 'pin' | 'unpin';

export const batch = (action: BatchAction, ids: number[]) => api.put<null>(`crons/${action}`, ids);
export const removeCrons = (ids: number[]) => api.delete<null>('crons', ids);
export const addLabels = (ids: number[], labels: string[]) => api.post<null>('crons/labels', { ids, labels });
export const removeLabels = (ids: number[], labels: string[]) => api.delete<null>('crons/labels', { ids, labels });

export const getCron = (id: number) => api.get<Cron>(`crons/${id}`);
export const cronRuns = (id: number, limit: number) => api.get<CronRun[]>(`crons/${id}/instances?limit=${limit}`);
export const stopRun = (id: number, runId: number) => api.post<null>(`crons/${id}/instances/${runId}/stop`);

export interface LogFile {
  filename: string;
  directory: string;
  time: number;
  size: number;
}
/** The newest `limit` files of the task's log folder (the rest are on the logs page). */
export const cronLogFiles = (id: number, limit: number) => api.get<LogFile[]>(`crons/${id}/logs?limit=${limit}`);

export const listViews = () => api.get<CronView[]>('crons/views');

/** The resource tasks and their views are (lib/changes.ts): any change the UI makes to them reads them again. */
export const cronsResource = 'crons';
