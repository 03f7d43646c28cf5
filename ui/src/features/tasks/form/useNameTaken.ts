import { ViewFilterOperation } from '@contract/enums.ts';
import { useEffect, useState } from 'react';
import { listCrons } from '../api.ts';

/**
 * Whether another task already has this exact name (asked a moment after the typing stops). Qinglong allows two
 * tasks of one name, and so does Baihu: the form only points it out, since the two are easily confused in lists,
 * notifications and logs.
 */
export function useNameTaken(name: string, ownId: number | null): boolean {
  const [taken, setTaken] = useState(false);
  const wanted = name.trim();
  useEffect(() => {
    if (!wanted) {
      setTaken(false);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      listCrons({
        page: 1,
        size: 2,
        searchValue: '',
        sorter: null,
        view: {
          filters: [{ property: 'name', operation: ViewFilterOperation.In, value: [wanted] }],
          sorts: [],
          filterRelation: 'and',
        },
        failedOnly: false,
        status: null,
      }).then(
        (list) => current && setTaken(list.data.some((cron) => cron.id !== ownId && cron.name === wanted)),
        () => current && setTaken(false),
      );
    }, 300);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [wanted, ownId]);
  return taken;
}
