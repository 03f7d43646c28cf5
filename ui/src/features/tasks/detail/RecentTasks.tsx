import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'wouter';
import { SearchBox } from '../../../components/list/SearchBox.tsx';
import { TimeCell } from '../../../components/list/cells.tsx';
import { Alert } from '../../../components/ui/Alert.tsx';
import { Card, CardHeader } from '../../../components/ui/Card.tsx';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { formatDuration } from '../../../lib/format.ts';
import { useResourceList } from '../../../components/list/useResourceList.ts';
import { cronsResource, listCrons } from '../api.ts';
import { LastResult } from '../list/cells.tsx';
import { cronStatusUpdates } from '../status.tsx';

/**
 * /crontab/detail without a task: the tasks that ran last, newest first, with how each ended, and a search to find
 * any other. Each opens its detail.
 */
export function RecentTasks() {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  // Kept fresh like the task list: a run starting or ending here moves its task and changes how it ended.
  const { rows, loading, error } = useResourceList({
    query: search,
    fetch: (searchValue: string) =>
      listCrons({
        page: 1,
        size: 20,
        searchValue,
        sorter: { field: 'last_execution_time', type: 'descend' },
        view: null,
        failedOnly: false,
        status: null,
      }),
    resource: cronsResource,
    live: cronStatusUpdates,
  });
  return (
    <div className="flex flex-col gap-3">
      <p className="text-muted">{t`Choose a task to see its runs, its log files and its script.`}</p>
      <SearchBox label={t`Find a task`} placeholder={t`Find a task`} value={search} onSearch={setSearch} />
      <Card>
        <CardHeader title={search ? t`Tasks found` : t`Latest runs`} />
        {error && (
          <div className="p-3">
            <Alert>{error}</Alert>
          </div>
        )}
        {loading && !error && rows.length === 0 && (
          <div className="flex justify-center p-6 text-primary-text">
            <Spinner label={t`Loading`} />
          </div>
        )}
        {!loading && !error && rows.length === 0 && (
          <EmptyState
            title={search ? t`No tasks match` : t`No tasks yet`}
            description={search ? t`Try other words.` : t`Create a task on the Scheduled Tasks page.`}
          />
        )}
        {rows.length > 0 && (
          <ul aria-label={t`Tasks by their last run`} className="divide-y divide-line">
            {rows.map((cron) => (
              <li key={cron.id}>
                <Link
                  href={`/crontab/detail?id=${cron.id}`}
                  className="flex flex-wrap items-center gap-x-4 gap-y-1 px-5 py-2.5 hover:bg-hover"
                >
                  <span className="min-w-0 flex-1 truncate font-medium text-primary-text">{cron.name}</span>
                  <LastResult cron={cron} />
                  <span className="text-[13px] text-muted">
                    <TimeCell ms={cron.last_execution_time ? cron.last_execution_time * 1000 : null} />
                  </span>
                  <span className="w-16 text-right text-[13px] text-muted tabular-nums">
                    {cron.last_running_time !== null ? formatDuration(cron.last_running_time * 1000) : '—'}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
