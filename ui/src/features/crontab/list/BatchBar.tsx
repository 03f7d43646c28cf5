import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { Field } from '../../../components/ui/Field.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { addLabels, cronsChanged, removeLabels, type Cron } from '../api.ts';
import { LabelInput } from '../form/LabelInput.tsx';
import type { RowAction } from './useCronActions.tsx';

function LabelsDialog({ crons, onClose }: { crons: Cron[]; onClose: () => void }) {
  const { t } = useLingui();
  const [labels, setLabels] = useState<string[]>([]);
  const [busy, setBusy] = useState<'add' | 'remove' | null>(null);
  const apply = async (mode: 'add' | 'remove') => {
    if (!labels.length) return;
    setBusy(mode);
    try {
      const ids = crons.map((c) => c.id);
      await (mode === 'add' ? addLabels(ids, labels) : removeLabels(ids, labels));
      toast(mode === 'add' ? t`Labels added` : t`Labels removed`);
      cronsChanged();
      onClose();
    } catch (error) {
      toast((error as Error).message, 'error');
    } finally {
      setBusy(null);
    }
  };
  const existing = [...new Set(crons.flatMap((c) => c.labels))];
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t`Labels of ${crons.length} tasks`}
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
    <div
      role="toolbar"
      aria-label={t`Actions for the selected tasks`}
      className="flex flex-wrap items-center gap-1.5 border-b border-line bg-primary-soft/60 px-3 py-2"
    >
      <span className="mr-1 text-[13px] font-medium" aria-live="polite">
        {t`${n} selected`}
      </span>
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
      <Button size="sm" variant="link" onClick={onClear}>
        {t`Clear selection`}
      </Button>
      {labelsOpen && <LabelsDialog crons={crons} onClose={() => setLabelsOpen(false)} />}
    </div>
  );
}
