import { maxRunHistoryLimit } from '@contract/retention.ts';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/Card.tsx';
import { SettingNumber } from '../../components/SettingNumber.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { useFieldErrors } from '../../lib/useFieldErrors.ts';
import { showAtFields, useSubmit } from '../../lib/useSubmit.ts';
import { runHistorySettings, saveRunHistorySettings } from './api.ts';

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

/**
 * How much run history is kept: runs older than x days, and beyond the newest n of each task, go with their logs
 * in the retention job's passes (the same job as log deletion; its "Run now" and log are on LogCleanupCard).
 */
export function RunHistoryCard() {
  const { t } = useLingui();
  const [days, setDays] = useState('');
  const [perTask, setPerTask] = useState('');
  const { busy, formError, setFormError, onSubmit } = useSubmit();
  const { errors, fail } = useFieldErrors({ runHistoryDays: days, runHistoryPerTask: perTask });
  useEffect(() => {
    runHistorySettings().then(
      (s) => {
        setDays(String(s.runHistoryDays));
        setPerTask(String(s.runHistoryPerTask));
      },
      (failure: Error) => setFormError(failure.message),
    );
  }, [setFormError]);

  const save = onSubmit({
    send: async () => {
      const saved = await saveRunHistorySettings({
        runHistoryDays: numberOrNull(days),
        runHistoryPerTask: numberOrNull(perTask),
      });
      setDays(String(saved.runHistoryDays));
      setPerTask(String(saved.runHistoryPerTask));
      toast(t`Run history settings saved`);
    },
    failed: showAtFields(fail),
  });

  return (
    <Card className="max-w-3xl">
      <CardHeader
        title={t`Run history`}
        description={t`Every few hours, runs older than the days kept and beyond the newest runs of each task are removed with their logs. A run that has not ended is never touched.`}
      />
      <CardBody>
        <form onSubmit={save} noValidate className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <div className="flex-1">
            <SettingNumber
              label={t`Days kept`}
              error={errors.runHistoryDays}
              hint={t`0: kept however old`}
              min={0}
              max={maxRunHistoryLimit}
              value={days}
              onChange={setDays}
            />
          </div>
          <div className="flex-1">
            <SettingNumber
              label={t`Runs kept per task`}
              error={errors.runHistoryPerTask}
              hint={t`The newest; 0: no limit`}
              min={0}
              max={maxRunHistoryLimit}
              value={perTask}
              onChange={setPerTask}
            />
          </div>
          <Button
            type="submit"
            variant="primary"
            loading={busy}
            className="self-start sm:mt-[26px]"
            aria-label={t`Save run history settings`}
          >
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
