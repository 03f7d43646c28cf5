import { maxLogRemoveDays } from '@contract/retention.ts';
import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState } from 'react';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/Card.tsx';
import { SaveRow } from '../../components/SaveRow.tsx';
import { SettingNumber } from '../../components/SettingNumber.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { formatSize } from '../../lib/files.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useSubmit } from '../../lib/useSubmit.ts';
import { logCleanupStatus, runLogCleanup, saveLogRemoveFrequency, type LogCleanupStatus } from './api.ts';
import { JobLog } from './JobLog.tsx';

/** Log deletion (spec §9): every x days, run logs older than x days are removed; a log a run is writing never is. */
export function LogCleanupCard() {
  const { t } = useLingui();
  const [status, setStatus] = useState<LogCleanupStatus | null>(null);
  const [days, setDays] = useState('');
  // The one field's message: the server's about it, or any other (the card has no other place for one).
  const { busy, formError: error, setFormError: setError, onSubmit } = useSubmit();
  const [running, setRunning] = useState(false);

  const refresh = useCallback(() => {
    logCleanupStatus().then(
      (next) => {
        setStatus(next);
        setDays((current) => current || String(next.days));
      },
      (failure: Error) => setError(failure.message),
    );
  }, [setError]);
  useEffect(refresh, [refresh]);

  const save = onSubmit({
    send: async () => {
      const text = days.trim();
      const saved = await saveLogRemoveFrequency(text === '' ? null : Number(text));
      setDays(String(saved.logRemoveFrequency ?? 0));
      toast(saved.logRemoveFrequency ? t`Log deletion saved` : t`Log deletion is off`);
      refresh();
    },
    failed: ({ fields, form }) => fields.logRemoveFrequency ?? form,
  });
  const runNow = async () => {
    setRunning(true);
    try {
      const run = await runLogCleanup();
      setStatus((current) => current && { ...current, last: run });
    } catch (failure) {
      toast((failure as Error).message, 'error');
    } finally {
      setRunning(false);
    }
  };

  const last = status?.last ?? null;
  const label = t`Log deletion frequency (days)`;
  return (
    <Card className="max-w-3xl">
      <CardHeader
        title={t`Log deletion`}
        description={t`Every x days, run logs older than x days are removed. A log a run is still writing is never touched.`}
      />
      <CardBody className="flex flex-col gap-4">
        <form onSubmit={save} noValidate className="flex flex-col gap-4">
          <SettingNumber
            label={label}
            error={error ?? undefined}
            hint={t`0 or empty: off. Runs now when saved, then every x days.`}
            min={0}
            max={maxLogRemoveDays}
            value={days}
            onChange={(value) => (setDays(value), setError(null))}
          />
          <SaveRow busy={busy} label={t`Save ${label}`}>
            <Button
              onClick={runNow}
              loading={running}
              disabled={!status?.days || (last !== null && last.finishedAt === null)}
            >
              {t`Run now`}
            </Button>
          </SaveRow>
        </form>
        {/* The retention job also runs for run history; with log deletion off there is no log deletion to await. */}
        {status?.days && status.nextAt ? (
          <p className="text-[13px] text-muted">{t`Next run: ${formatDateTime(status.nextAt)}`}</p>
        ) : null}
        {last && last.finishedAt !== null && last.files !== null && (
          <Alert tone="info">
            {t`Last run ${formatDateTime(last.finishedAt)}: ${last.files} files (${formatSize(last.bytes ?? 0)}) and ${last.folders ?? 0} empty folders removed; ${last.inUse ?? 0} old logs in use kept.`}
          </Alert>
        )}
        {last && <JobLog key={last.runId} topic={last.topic} label={t`Log deletion log`} onEnd={refresh} />}
      </CardBody>
    </Card>
  );
}
