import { CronStatus } from '@contract/enums.ts';
import { useLingui } from '@lingui/react/macro';
import { Badge, type Status } from '../../components/ui/Badge.tsx';
import type { Cron } from './api.ts';

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
