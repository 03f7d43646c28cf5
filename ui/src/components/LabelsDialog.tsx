import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { LabelInput } from './LabelInput.tsx';
import { Button } from './ui/Button.tsx';
import { Dialog } from './ui/Dialog.tsx';
import { Field } from './ui/Field.tsx';
import { toast } from './ui/toast-store.ts';

/**
 * Adds or removes labels on the selected rows of a list (tasks, variables). The caller says what the rows are
 * called, which labels they already carry, and how to apply a change.
 */
export function LabelsDialog({
  title,
  existing,
  apply,
  onClose,
}: {
  title: string;
  existing: string[];
  apply: (mode: 'add' | 'remove', labels: string[]) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const [labels, setLabels] = useState<string[]>([]);
  const [busy, setBusy] = useState<'add' | 'remove' | null>(null);
  const run = async (mode: 'add' | 'remove') => {
    if (!labels.length) return;
    setBusy(mode);
    try {
      await apply(mode, labels);
      toast(mode === 'add' ? t`Labels added` : t`Labels removed`);
      onClose();
    } catch (error) {
      toast((error as Error).message, 'error');
    } finally {
      setBusy(null);
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      footer={
        <>
          <Button onClick={onClose}>{t`Cancel`}</Button>
          <Button onClick={() => run('remove')} loading={busy === 'remove'} disabled={!labels.length}>
            {t`Remove labels`}
          </Button>
          <Button variant="primary" onClick={() => run('add')} loading={busy === 'add'} disabled={!labels.length}>
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

/** The "Labels" button of a selection toolbar, with its dialog; `rows` are the chosen rows. */
export function LabelsButton({
  title,
  rows,
  apply,
}: {
  title: string;
  rows: { labels: string[] }[];
  apply: (mode: 'add' | 'remove', labels: string[]) => Promise<void>;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)}>
        {t`Labels`}
      </Button>
      {open && (
        <LabelsDialog
          title={title}
          existing={[...new Set(rows.flatMap((row) => row.labels))]}
          apply={apply}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
