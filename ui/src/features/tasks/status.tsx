import { CronStatus } from '@contract/enums.ts';
import { useLingui } from '@lingui/react/macro';
import type { LiveUpdates } from '../../components/list/useResourceList.ts';
import { Badge, type Status } from '../../components/ui/Badge.tsx';
import type { Cron } from './api.ts';

/**
 * How a list of tasks follows `cronStatus`: the row's status at once; once a run no longer runs, the list is fetched
 * again (debounced) for what the event does not carry (last-run time, duration, next run).
 */
export const cronStatusUpdates: LiveUpdates<Cron> = {
  event: 'cronStatus',
  apply: (rows, { id, status }) => rows.map((row) => (row.id === id ? { ...row, status } : row)),
  refetch: ({ status }) => status !== CronStatus.running,
};

/** A task's status as shown: running and queued win, then disabled, else idle. */
export function cronState(cron: Pick<Cron, 'status' | 'isDisabled'>): Status {
  if (cron.status === CronStatus.running) return 'running';
  if (cron.status === CronStatus.queued) return 'queued';
  if (cron.isDisabled || cron.status === CronStatus.disabled) return 'disabled';
  return 'idle';
}

export function CronStatusBadge({ cron }: { cron: Pick<Cron, 'status' | 'isDisabled'> }) {
  const { t } = useLingui();
  const state = cronState(cron);
  const label: Record<string, string> = {
    running: t`Running`,
    queued: t`Queued`,
    disabled: t`Disabled`,
    idle: t`Idle`,
  };
  return <Badge status={state}>{label[state]}</Badge>;
}
