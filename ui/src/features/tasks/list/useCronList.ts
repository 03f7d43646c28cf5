import { useCallback, useState } from 'react';
import { pageSizes } from '../../../components/list/Pager.tsx';
import { useResourceList, type ResourceList } from '../../../components/list/useResourceList.ts';
import { cronsResource, listCrons, type Cron, type ListParams } from '../api.ts';
import { cronStatusUpdates } from '../status.tsx';

const sizeKey = 'baihu_crontab_page_size';

function savedSize(): number {
  const size = Number(localStorage.getItem(sizeKey));
  return (pageSizes as readonly number[]).includes(size) ? size : 20;
}

export interface CronListState extends ResourceList<Cron> {
  params: ListParams;
  setParams: (patch: Partial<ListParams>) => void;
}

/**
 * One page of tasks from the server (search, view, column sorter, page and size), kept fresh without polling: a
 * `cronStatus` event updates the row's status at once, and when a run ends the page is fetched again (debounced) for
 * its last-run time, duration and next run.
 */
export function useCronList(): CronListState {
  // The overview links here with `?searchValue=failed:24h`, `?failed=1` or `?status=0`.
  const [params, setParamsState] = useState<ListParams>(() => {
    const url = new URLSearchParams(window.location.search);
    return {
      page: 1,
      size: savedSize(),
      searchValue: url.get('searchValue') ?? '',
      sorter: null,
      view: null,
      failedOnly: url.get('failed') === '1',
      status: /^[0-9]$/.test(url.get('status') ?? '') ? Number(url.get('status')) : null,
    };
  });
  const list = useResourceList({
    query: params,
    fetch: listCrons,
    resource: cronsResource,
    live: cronStatusUpdates,
  });

  const setParams = useCallback((patch: Partial<ListParams>) => {
    if (patch.size) localStorage.setItem(sizeKey, String(patch.size));
    // Anything but the page itself starts again from the first page.
    setParamsState((current) => ({ ...current, ...patch, page: patch.page ?? 1 }));
  }, []);

  return { ...list, params, setParams };
}
