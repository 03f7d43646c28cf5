import { toLanguage } from '@contract/i18n.ts';
import { taskNotifyPolicyLabels, type TaskNotifyPolicy } from '@contract/notifications.ts';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../../lib/format.ts';
import type { Cron } from '../api.ts';
import { describeSchedule } from '../describe.ts';
import { Labels } from '../../../components/list/cells.tsx';
import { LastResult, lastDuration, lastRun, nextRun } from '../list/cells.tsx';
import { subscriptionLabel, useSubscriptionNames } from '../list/useSubscriptionNames.ts';
import { CronStatusBadge } from '../status.tsx';

/** The script a command runs (`task dir/x.js …` → dir/x.js), for the "edit its script" link; null when there is none. */
export function scriptOf(command: string): string | null {
  const words = command.trim().split(/\s+/);
  const first = words[0] === 'task' || words[0] === 'ql' ? words[1] : words[0];
  return first && /\.(js|mjs|cjs|ts|py|sh)$/.test(first) ? first : null;
}

/** Every field of a task as a description list. */
export function CronFields({ cron }: { cron: Cron }) {
  const { t, i18n } = useLingui();
  const language = toLanguage(i18n.locale);
  const overlap: Record<string, string> = {
    replace: t`Replace`,
    parallel: t`Parallel`,
    skip: t`Skip`,
    queue: t`Queue`,
  };
  const policy = cron.notify_policy as TaskNotifyPolicy | null;
  const subscriptions = useSubscriptionNames([cron]);
  const rows: [string, ReactNode][] = [
    [t`Status`, <CronStatusBadge cron={cron} />],
    [t`Command`, <code className="break-all">{cron.command}</code>],
    [
      t`Schedule`,
      <span>
        <code>{cron.schedule}</code>
        {describeSchedule(cron.schedule) && <span className="ml-2 text-muted">{describeSchedule(cron.schedule)}</span>}
      </span>,
    ],
    [
      t`Extra schedules`,
      cron.extra_schedules.length ? <code>{cron.extra_schedules.map((s) => s.schedule).join(' · ')}</code> : '—',
    ],
    [t`Labels`, <Labels labels={cron.labels} />],
    [t`Next run`, nextRun(cron)],
    [t`Last run`, lastRun(cron)],
    [t`Last duration`, lastDuration(cron)],
    [t`Last result`, <LastResult cron={cron} />],
    ...(cron.sub_id !== null
      ? [[t`Subscription`, subscriptionLabel(subscriptions, cron.sub_id)] as [string, ReactNode]]
      : []),
    [t`When a run is due while the task still runs`, overlap[cron.overlap_policy] ?? cron.overlap_policy],
    [t`Catch-up window (minutes)`, cron.catch_up_minutes ? String(cron.catch_up_minutes) : t`Off`],
    [
      t`Notifications`,
      policy && taskNotifyPolicyLabels[policy] ? taskNotifyPolicyLabels[policy][language] : t`Default`,
    ],
    [t`Log name`, cron.log_name || '—'],
    [t`Working directory`, cron.work_dir || '—'],
    [t`Before the task`, cron.task_before ? <code className="whitespace-pre-wrap">{cron.task_before}</code> : '—'],
    [t`After the task`, cron.task_after ? <code className="whitespace-pre-wrap">{cron.task_after}</code> : '—'],
    [t`Created`, formatDateTime(Date.parse(cron.createdAt))],
  ];
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-[13px] sm:grid-cols-[minmax(0,9rem)_minmax(0,1fr)]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted">{label}</dt>
          <dd className="mb-1 min-w-0 sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
