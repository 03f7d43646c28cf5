import { useLingui } from '@lingui/react/macro';
import { SelectionToolbar } from '../../../components/SelectionToolbar.tsx';
import { useState } from 'react';
import { LabelsDialog } from '../../../components/LabelsDialog.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { addLabels, cronsChanged, removeLabels, type Cron } from '../api.ts';
import type { RowAction } from './useCronActions.tsx';

/** Shown while tasks are selected: the batch actions and the count. */
export function BatchBar({
  crons,
  onAction,
  onClear,
}: {
  crons: Cron[];
  onAction: (action: RowAction, crons: Cron[]) => void;
  onClear: () => void;
}) {
  const { t } = useLingui();
  const [labelsOpen, setLabelsOpen] = useState(false);
  const n = crons.length;
  const actions: { action: RowAction; label: string }[] = [
    { action: 'run', label: t`Run` },
    { action: 'stop', label: t`Stop` },
    { action: 'enable', label: t`Enable` },
    { action: 'disable', label: t`Disable` },
    { action: 'pin', label: t`Pin` },
    { action: 'unpin', label: t`Unpin` },
  ];
  return (
    <SelectionToolbar label={t`Actions for the selected tasks`} count={n} onClear={onClear}>
      {actions.map(({ action, label }) => (
        <Button key={action} size="sm" onClick={() => onAction(action, crons)}>
          {label}
        </Button>
      ))}
      <Button size="sm" onClick={() => setLabelsOpen(true)}>
        {t`Labels`}
      </Button>
      <Button size="sm" variant="danger" onClick={() => onAction('delete', crons)}>
        {t`Delete`}
      </Button>
      {labelsOpen && (
        <LabelsDialog
          title={t`Labels of ${n} tasks`}
          existing={[...new Set(crons.flatMap((c) => c.labels))]}
          apply={async (mode, labels) => {
            const ids = crons.map((c) => c.id);
            await (mode === 'add' ? addLabels(ids, labels) : removeLabels(ids, labels));
            cronsChanged();
          }}
          onClose={() => setLabelsOpen(false)}
        />
      )}
    </SelectionToolbar>
  );
}
