import { useLingui } from '@lingui/react/macro';
import { SelectionToolbar } from '../../components/SelectionToolbar.tsx';
import { useState } from 'react';
import { LabelsDialog } from '../../components/LabelsDialog.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { addEnvLabels, envsChanged, exportEnvs, removeEnvLabels, type Env } from './api.ts';
import type { EnvAction } from './useEnvActions.tsx';

/** Shown while variables are selected: the batch actions and the count. */
export function BatchBar({
  envs,
  onAction,
  onClear,
}: {
  envs: Env[];
  onAction: (action: EnvAction, envs: Env[]) => void;
  onClear: () => void;
}) {
  const { t } = useLingui();
  const [labelsOpen, setLabelsOpen] = useState(false);
  const n = envs.length;
  const actions: { action: EnvAction; label: string }[] = [
    { action: 'enable', label: t`Enable` },
    { action: 'disable', label: t`Disable` },
    { action: 'pin', label: t`Pin` },
    { action: 'unpin', label: t`Unpin` },
    { action: 'rename', label: t`Rename` },
  ];
  return (
    <SelectionToolbar label={t`Actions for the selected variables`} count={n} onClear={onClear}>
      {actions.map(({ action, label }) => (
        <Button key={action} size="sm" onClick={() => onAction(action, envs)}>
          {label}
        </Button>
      ))}
      <Button size="sm" onClick={() => setLabelsOpen(true)}>
        {t`Labels`}
      </Button>
      <Button size="sm" onClick={() => exportEnvs(envs)}>
        {t`Export`}
      </Button>
      <Button size="sm" variant="danger" onClick={() => onAction('delete', envs)}>
        {t`Delete`}
      </Button>
      {labelsOpen && (
        <LabelsDialog
          title={t`Labels of ${n} variables`}
          existing={[...new Set(envs.flatMap((e) => e.labels))]}
          apply={async (mode, labels) => {
            const ids = envs.map((e) => e.id);
            await (mode === 'add' ? addEnvLabels(ids, labels) : removeEnvLabels(ids, labels));
            envsChanged();
          }}
          onClose={() => setLabelsOpen(false)}
        />
      )}
    </SelectionToolbar>
  );
}
