import { CronStatus } from '@contract/enums.ts';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import { PageSpinner } from '../components/ui/Spinner.tsx';
import { Alert } from '../components/ui/Alert.tsx';
import { Button, buttonClasses } from '../components/ui/Button.tsx';
import { Card, CardBody, CardHeader } from '../components/ui/Card.tsx';
import { Dialog } from '../components/ui/Dialog.tsx';
import type { CronRun } from '../features/tasks/api.ts';
import { CronFields, scriptOf } from '../features/tasks/detail/CronFields.tsx';
import { DurationChart } from '../features/tasks/detail/DurationChart.tsx';
import { LogFiles } from '../features/tasks/detail/LogFiles.tsx';
import { RecentTasks } from '../features/tasks/detail/RecentTasks.tsx';
import { RunHistory } from '../features/tasks/detail/RunHistory.tsx';
import { useCronDetail } from '../features/tasks/detail/useCronDetail.ts';
import CronFormModal from '../features/tasks/form/CronFormModal.tsx';
import { useCronActions } from '../features/tasks/list/useCronActions.tsx';
import { RunLog } from '../features/tasks/log/RunLog.tsx';
import { formatDateTime } from '../lib/format.ts';

/**
 * /crontab/detail?id=: the task's fields, its runs with a duration chart, its log files and its script. Without a
 * task (or with one that is gone) it lists the tasks that ran last, to pick from.
 */
export default function CrontabDetailPage() {
  const id = Number(new URLSearchParams(useSearch()).get('id'));
  if (!Number.isInteger(id) || id <= 0) return <RecentTasks />;
  return <TaskDetail id={id} />;
}

function TaskDetail({ id }: { id: number }) {
  const { t } = useLingui();
  const { cron, runs, files, error } = useCronDetail(id);
  const { act, dialog } = useCronActions();
  const [logRun, setLogRun] = useState<CronRun | null>(null);
  const [editing, setEditing] = useState(false);

  if (error)
    return (
      <div className="flex flex-col gap-4">
        <Alert>{error}</Alert>
        <RecentTasks />
      </div>
    );
  if (!cron) return <PageSpinner />;
  const busy = cron.status === CronStatus.running || cron.status === CronStatus.queued;
  const script = scriptOf(cron.command);
  const latest = runs[0];

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <Link href="/crontab" className="text-[13px] text-primary-text hover:underline">
          ← {t`Scheduled tasks`}
        </Link>
        <h2 className="min-w-0 flex-1 truncate text-[16px] font-semibold">{cron.name}</h2>
        <div className="flex flex-wrap gap-2">
          {busy ? (
            <Button variant="danger" onClick={() => act('stop', [cron])}>
              {t`Stop`}
            </Button>
          ) : (
            <Button variant="primary" onClick={() => act('run', [cron])}>
              {t`Run`}
            </Button>
          )}
          <Button onClick={() => latest && setLogRun(latest)} disabled={!latest}>
            {t`Latest log`}
          </Button>
          <Button onClick={() => setEditing(true)}>{t`Edit`}</Button>
          {script && (
            <Link href={`/script?file=${encodeURIComponent(script)}`} className={buttonClasses()}>
              {t`Edit script`}
            </Link>
          )}
        </div>
      </div>
      <div className="grid gap-4 xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] xl:items-start">
        {/* One column (phones, tablets): what happened first, the many fields below it. */}
        <Card className="order-last xl:order-none">
          <CardHeader title={t`Task`} />
          <CardBody>
            <CronFields cron={cron} />
          </CardBody>
        </Card>
        <div className="flex min-w-0 flex-col gap-4">
          <Card>
            <CardHeader title={t`Run history`} />
            {runs.length > 0 && (
              <div className="border-b border-line px-5 py-3">
                <DurationChart runs={runs} />
              </div>
            )}
            <RunHistory runs={runs} onOpenLog={setLogRun} />
          </Card>
          <Card>
            <CardHeader title={t`Log files`} />
            <LogFiles files={files} />
          </Card>
        </div>
      </div>
      {logRun && (
        <Dialog
          open
          onOpenChange={(open) => !open && setLogRun(null)}
          title={t`Log of the run started ${formatDateTime(logRun.started_at ?? logRun.queued_at)}`}
          className="h-[85dvh] max-w-4xl!"
        >
          <RunLog cronId={cron.id} run={logRun} label={t`Run log`} className="h-[calc(85dvh-110px)]" />
        </Dialog>
      )}
      {editing && <CronFormModal onClose={() => setEditing(false)} />}
      {dialog}
    </div>
  );
}
