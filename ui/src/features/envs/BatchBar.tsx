import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { Field } from '../../components/ui/Field.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { LabelInput } from '../crontab/form/LabelInput.tsx';
import { addEnvLabels, envsChanged, exportEnvs, removeEnvLabels, type Env } from './api.ts';
import type { EnvAction } from './useEnvActions.tsx';

function LabelsDialog({ envs, onClose }: { envs: Env[]; onClose: () => void }) {
  const { t } = useLingui();
  const [labels, setLabels] = useState<string[]>([]);
  const [busy, setBusy] = useState<'add' | 'remove' | null>(null);
  const apply = async (mode: 'add' | 'remove') => {
    if (!labels.length) return;
    setBusy(mode);
    try {
      const ids = envs.map((e) => e.id);
      await (mode === 'add' ? addEnvLabels(ids, labels) : removeEnvLabels(ids, labels));
      toast(mode === 'add' ? t`Labels added` : t`Labels removed`);
      envsChanged();
      onClose();
    } catch (error) {
      toast((error as Error).message, 'error');
    } finally {
      setBusy(null);
    }
  };
  const existing = [...new Set(envs.flatMap((e) => e.labels))];
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t`Labels of ${envs.length} variables`}
      footer={
        <>
          <Button onClick={onClose}>{t`Cancel`}</Button>
          <Button onClick={() => apply('remove')} loading={busy === 'remove'} disabled={!labels.length}>
            {t`Remove labels`}
          </Button>
          <Button variant="primary" onClick={() => apply('add')} loading={busy === 'add'} disabled={!labels.length}>
            {t`Add labels`}
          </Button>
        </>
      }
    >
      <Field label={t`Labels`} hint={existing.length ? t`In use: ${existing.join(', ')}` : undefined}>
        {(control) => <LabelInput control={control} value={labels} onChange={setLabels} suggestions={existing} />}
      </Field>
    </Dialog>
  );
}

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
      {labelsOpen && <LabelsDialog envs={envs} onClose={() => setLabelsOpen(false)} />}
    </div>
  );
}
