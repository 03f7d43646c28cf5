import { systemLogDaysMax, systemLogMaxMbMax } from '@contract/system-log-schemas.ts';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/Card.tsx';
import { SettingNumber } from '../../components/SettingNumber.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { useFieldErrors } from '../../lib/useFieldErrors.ts';
import { showAtFields, useSubmit } from '../../lib/useSubmit.ts';
import { getSystemLogSettings, saveSystemLogSettings } from './api.ts';

/** How many days of system log are kept and how much room they may take. */
export function SystemLogSettingsCard() {
  const { t } = useLingui();
  const [days, setDays] = useState('');
  const [maxMb, setMaxMb] = useState('');
  const { busy, formError, setFormError, onSubmit } = useSubmit();
  const { errors, fail } = useFieldErrors({ systemLogDays: days, systemLogMaxMb: maxMb });
  useEffect(() => {
    getSystemLogSettings().then(
      (s) => {
        setDays(String(s.systemLogDays));
        setMaxMb(String(s.systemLogMaxMb));
      },
      (failure: Error) => setFormError(failure.message),
    );
  }, [setFormError]);

  const save = onSubmit({
    send: async () => {
      const saved = await saveSystemLogSettings({ systemLogDays: Number(days), systemLogMaxMb: Number(maxMb) });
      setDays(String(saved.systemLogDays));
      setMaxMb(String(saved.systemLogMaxMb));
      toast(t`System log settings saved`);
    },
    failed: showAtFields(fail),
  });

  return (
    <Card className="max-w-3xl">
      <CardHeader
        title={t`Keeping the system log`}
        description={t`Older days are removed when a day begins; over the size limit the oldest days go first.`}
      />
      <CardBody>
        <form onSubmit={save} noValidate className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <div className="flex-1">
            <SettingNumber
              label={t`Days kept`}
              error={errors.systemLogDays}
              hint={t`1 to ${systemLogDaysMax}, today included`}
              min={1}
              max={systemLogDaysMax}
              value={days}
              onChange={setDays}
            />
          </div>
          <div className="flex-1">
            <SettingNumber
              label={t`Size limit (MB)`}
              error={errors.systemLogMaxMb}
              hint={t`All days together, 1 to ${systemLogMaxMbMax}`}
              min={1}
              max={systemLogMaxMbMax}
              value={maxMb}
              onChange={setMaxMb}
            />
          </div>
          <Button type="submit" variant="primary" loading={busy} className="self-start sm:mt-[26px]">
            {t`Save`}
          </Button>
        </form>
        {formError && (
          <div className="mt-3">
            <Alert>{formError}</Alert>
          </div>
        )}
      </CardBody>
    </Card>
  );
}
