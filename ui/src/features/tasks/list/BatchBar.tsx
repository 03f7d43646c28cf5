import { plural } from '@lingui/core/macro';
import { CronStatus } from '@contract/enums.ts';
import { useLingui } from '@lingui/react/macro';
import { LabelsButton } from '../../../components/LabelsDialog.tsx';
import { SelectionToolbar } from '../../../components/list/SelectionToolbar.tsx';
import { addLabels, removeLabels, type Cron } from '../api.ts';
import type { RowAction } from './useCronActions.tsx';

/** Shown while tasks are selected: the batch actions and the count. */
export function CronBatchBar({
  crons,
  onAction,
  onClear,
}: {
  crons: Cron[];
  onAction: (action: RowAction, crons: Cron[]) => void;
  onClear: () => void;
}) {
  const { t } = useLingui();
  const n = crons.length;
  const action = (label: string, name: RowAction, danger = false, disabled = false) => ({
    label,
    onClick: () => onAction(name, crons),
    danger,
    disabled,
  });
  const anyBusy = crons.some((c) => c.status === CronStatus.running || c.status === CronStatus.queued);
  return (
    <SelectionToolbar
      label={t`Actions for the selected tasks`}
      count={n}
      onClear={onClear}
      actions={[
        action(t`Run`, 'run'),
        action(t`Stop`, 'stop', false, !anyBusy),
        action(t`Enable`, 'enable'),
        action(t`Disable`, 'disable'),
        action(t`Pin`, 'pin'),
        action(t`Unpin`, 'unpin'),
        action(t`Delete`, 'delete', true),
      ]}
    >
      <LabelsButton
        title={plural(n, { 1: 'Labels of 1 task', other: 'Labels of # tasks' })}
        rows={crons}
        apply={async (mode, labels) => {
          const ids = crons.map((c) => c.id);
          await (mode === 'add' ? addLabels(ids, labels) : removeLabels(ids, labels));
        }}
      />
    </SelectionToolbar>
  );
}
