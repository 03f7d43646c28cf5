import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { SettingNumber } from '../../components/SettingNumber.tsx';
import { SaveRow } from '../../components/SaveRow.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { useFieldErrors } from '../../lib/useFieldErrors.ts';
import { showAtFields, useSubmit } from '../../lib/useSubmit.ts';
import { saveBackupSettings, type BackupSettings } from './api.ts';
import { PartPicker } from './PartPicker.tsx';
import { TextField } from '../../components/TextField.tsx';

/** Scheduled backups: a cron rule (empty = off), how many data/bak keeps, and which parts. */
export function BackupSchedule({
  initial,
  onSaved,
}: {
  initial: BackupSettings;
  onSaved: (s: BackupSettings) => void;
}) {
  const { t } = useLingui();
  const [schedule, setSchedule] = useState(initial.schedule);
  const [keep, setKeep] = useState(String(initial.keep));
  const [parts, setParts] = useState(initial.parts);
  const { busy, formError, onSubmit } = useSubmit();
  const { errors, fail } = useFieldErrors({ schedule, keep, parts });
  const save = onSubmit({
    send: async () => {
      const saved = await saveBackupSettings({ schedule: schedule.trim(), keep: Number(keep), parts });
      onSaved(saved);
      toast(saved.schedule ? t`Scheduled backups saved` : t`Scheduled backups are off`);
    },
    failed: showAtFields(fail),
  });
  return (
    <form onSubmit={save} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <TextField
          label={t`Schedule`}
          error={errors.schedule}
          hint={t`A cron rule such as 0 3 * * * (every day at 03:00). Empty: no scheduled backups.`}
          value={schedule}
          onChange={setSchedule}
          placeholder="0 3 * * *"
          className="font-mono"
          autoComplete="off"
          spellCheck={false}
        />
        <SettingNumber
          label={t`Keep the last`}
          error={errors.keep}
          hint={t`Older scheduled backups are deleted.`}
          min={1}
          max={100}
          value={keep}
          onChange={setKeep}
        />
      </div>
      <PartPicker legend={t`Parts of scheduled backups`} value={parts} onChange={setParts} />
      {formError && <p className="text-xs text-danger-text">{formError}</p>}
      <SaveRow busy={busy} label={t`Save schedule`} />
    </form>
  );
}
