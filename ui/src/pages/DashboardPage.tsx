import { CronStatus } from '@contract/enums.ts';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { TimeCell } from '../components/list/cells.tsx';
import { Alert } from '../components/ui/Alert.tsx';
import { SegmentedControl } from '../components/ui/SegmentedControl.tsx';
import { PageSpinner } from '../components/ui/Spinner.tsx';
import { ListCard, TaskRow, Tile, TileLink } from '../features/dashboard/Tiles.tsx';
import { RunChart } from '../features/dashboard/RunChart.tsx';
import { useOverview } from '../features/dashboard/useOverview.ts';
import { formatSize } from '../lib/files.ts';
import { formatDay, formatDuration, formatHour } from '../lib/format.ts';

/**
 * /dashboard, the first page after sign-in: what ran and failed (24 hours, 30 days), what runs now and next, the
 * slowest and most-failing tasks, and the room logs and data take. Every number opens the list it counts.
 */
export default function DashboardPage() {
  const { t } = useLingui();
  const { overview: o, error } = useOverview();
  const [range, setRange] = useState<'day' | 'month'>('day');
  if (error && !o) return <Alert>{error}</Alert>;
  if (!o) return <PageSpinner />;

  const kindName: Record<string, string> = {
    task: t`Task`,
    debug: t`Debug run`,
    install: t`Dependency install`,
    pull: t`Subscription pull`,
  };
  const active = [...o.running, ...o.queued];
  const dayRuns = o.day.runs;
  const dayFailed = o.day.failed;
  const monthRuns = o.month.runs;
  const monthFailed = o.month.failed;
  const queued = o.queuedCount;
  const total = o.tasks.total;

  return (
    <div className="flex flex-col gap-3">
      {error && <Alert>{error}</Alert>}
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Tile title={t`Runs, last 24 hours`} value={dayRuns} href="/crontab/detail">
          <TileLink href="/crontab?searchValue=failed%3A24h" danger={dayFailed > 0}>
            {t`${dayFailed} failed`}
          </TileLink>
        </Tile>
        <Tile title={t`Runs, last 30 days`} value={monthRuns} href="/crontab/detail">
          <TileLink href="/crontab?searchValue=failed%3A30d" danger={monthFailed > 0}>
            {t`${monthFailed} failed`}
          </TileLink>
        </Tile>
        <Tile title={t`Running now`} value={o.runningCount} href={`/crontab?status=${CronStatus.running}`}>
          <TileLink href={`/crontab?status=${CronStatus.queued}`}>{t`${queued} queued`}</TileLink>
        </Tile>
        <Tile
          title={t`Last run failed`}
          value={o.tasks.lastFailed}
          href="/crontab?failed=1"
          danger={o.tasks.lastFailed > 0}
        >
          <TileLink href="/crontab">{plural(total, { one: 'of # task', other: 'of # tasks' })}</TileLink>
        </Tile>
      </div>

      <section className="flex flex-col gap-2 rounded-lg border border-line bg-surface px-4 py-3 shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-[14px] font-semibold">{t`Runs and failures`}</h2>
          <SegmentedControl
            label={t`Period`}
            value={range}
            onChange={setRange}
            options={[
              { value: 'day', label: t`24 hours` },
              { value: 'month', label: t`30 days` },
            ]}
          />
        </div>
        {range === 'day' ? (
          <RunChart
            buckets={o.hourly}
            tick={formatHour}
            label={plural(dayRuns, {
              one: `Runs per hour over the last 24 hours: # run, ${dayFailed} failed`,
              other: `Runs per hour over the last 24 hours: # runs, ${dayFailed} failed`,
            })}
          />
        ) : (
          <RunChart
            buckets={o.daily}
            tick={formatDay}
            label={plural(monthRuns, {
              one: `Runs per day over the last 30 days: # run, ${monthFailed} failed`,
              other: `Runs per day over the last 30 days: # runs, ${monthFailed} failed`,
            })}
          />
        )}
        <p className="flex gap-4 text-xs text-muted">
          <span className="inline-flex items-center gap-1.5">
            <span className="size-2 rounded-sm bg-status-success" aria-hidden="true" />
            {t`Succeeded`}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <span className="size-2 rounded-sm bg-status-failed" aria-hidden="true" />
            {t`Failed or timed out`}
          </span>
        </p>
      </section>

      <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
        <ListCard title={t`Running and queued`} empty={t`Nothing runs right now.`} count={active.length}>
          {active.map((r) => (
            <TaskRow key={r.runId} id={r.kind === 'task' ? r.refId : null} name={r.name ?? kindName[r.kind] ?? r.kind}>
              {r.startedAt !== null ? (
                <span className="text-status-running">{t`running`}</span>
              ) : (
                <span className="text-status-queued">{t`queued`}</span>
              )}
            </TaskRow>
          ))}
        </ListCard>
        <ListCard title={t`Runs next`} empty={t`No task is scheduled.`} count={o.next.length}>
          {o.next.map((n) => (
            <TaskRow key={n.id} id={n.id} name={n.name}>
              <TimeCell ms={n.at} />
            </TaskRow>
          ))}
        </ListCard>
        <ListCard title={t`Most failures, 7 days`} empty={t`No task failed in 7 days.`} count={o.failing.length}>
          {o.failing.map((f) => {
            const failed = f.failed;
            const runs = f.runs;
            return (
              <TaskRow key={f.id} id={f.id} name={f.name}>
                <span className="text-danger-text">{t`${failed} of ${runs} failed`}</span>
              </TaskRow>
            );
          })}
        </ListCard>
        <ListCard title={t`Slowest, 7 days`} empty={t`No runs in 7 days.`} count={o.slowest.length}>
          {o.slowest.map((s) => {
            const avg = formatDuration(s.avgMs);
            const longest = formatDuration(s.maxMs);
            return (
              <TaskRow key={s.id} id={s.id} name={s.name}>
                {t`avg ${avg}, longest ${longest}`}
              </TaskRow>
            );
          })}
        </ListCard>
        <ListCard title={t`Storage`} empty="" count={3}>
          <TaskRow id={null} name={t`Logs`}>
            {o.sizes.log === null ? t`measuring…` : formatSize(o.sizes.log)}
          </TaskRow>
          <TaskRow id={null} name={t`Data folder`}>
            {o.sizes.data === null ? t`measuring…` : formatSize(o.sizes.data)}
          </TaskRow>
          {o.sizes.measuredAt !== null && (
            <li className="px-4 py-2 text-xs text-muted">
              {t`Measured`} <TimeCell ms={o.sizes.measuredAt} />
            </li>
          )}
        </ListCard>
      </div>
    </div>
  );
}
