import { systemLogDaysMax, systemLogMaxMbMax } from '@contract/system-log-schemas.ts';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState, type FormEvent } from 'react';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/Card.tsx';
import { SettingNumber } from '../../components/SettingNumber.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { errorsFrom } from '../../lib/formRules.ts';
import { getSystemLogSettings, saveSystemLogSettings } from './api.ts';

/** How many days of system log are kept and how much room they may take. */
export function SystemLogSettingsCard() {
  const { t } = useLingui();
  const [days, setDays] = useState('');
  const [maxMb, setMaxMb] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    getSystemLogSettings().then(
      (s) => {
        setDays(String(s.systemLogDays));
        setMaxMb(String(s.systemLogMaxMb));
      },
      (failure: Error) => setError(failure.message),
    );
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const saved = await saveSystemLogSettings({ systemLogDays: Number(days), systemLogMaxMb: Number(maxMb) });
      setDays(String(saved.systemLogDays));
      setMaxMb(String(saved.systemLogMaxMb));
      toast(t`System log settings saved`);
    } catch (failure) {
      const { fields, form } = errorsFrom(failure);
      setErrors({ ...fields, form });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="max-w-3xl">
      <CardHeader
        title={t`Keeping the system log`}
        description={t`Older days are removed when a day begins; over the size limit the oldest days go first.`}
      />
      <CardBody>
        {error && <Alert>{error}</Alert>}
        <form onSubmit={submit} noValidate className="flex flex-col gap-4 sm:flex-row sm:items-start">
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
        {errors.form && (
          <div className="mt-3">
            <Alert>{errors.form}</Alert>
          </div>
        )}
      </CardBody>
    </Card>
  );
}
