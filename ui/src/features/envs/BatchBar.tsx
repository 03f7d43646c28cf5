import { useLingui } from '@lingui/react/macro';
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
    <div
      role="toolbar"
      aria-label={t`Actions for the selected variables`}
      className="flex flex-wrap items-center gap-1.5 border-b border-line bg-primary-soft/60 px-3 py-2"
    >
      <span className="mr-1 text-[13px] font-medium" aria-live="polite">
        {t`${n} selected`}
      </span>
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
      <Button size="sm" variant="link" onClick={onClear}>
        {t`Clear selection`}
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
    </div>
  );
}
