import { updateProgressEvent, type UpdateJob } from '@contract/update.ts';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { LogPane, type LogState } from '../../components/log/LogPane.tsx';
import { useLiveLog } from '../../components/log/useLiveLog.ts';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/Card.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { PageSpinner } from '../../components/ui/Spinner.tsx';
import { formatSize } from '../../lib/files.ts';
import { onEvent } from '../../lib/live.ts';
import { restartPanel, updateStatus, type UpdateStatus } from './api.ts';
import { RestartCountdown } from './RestartCountdown.tsx';
import { StartupFailure } from './StartupFailure.tsx';

function ProgressBar({ job }: { job: UpdateJob }) {
  const { t } = useLingui();
  const percent = job.total ? Math.min(100, Math.round((job.received / job.total) * 100)) : null;
  return (
    <div className="flex flex-col gap-1.5">
      <div
        role="progressbar"
        aria-label={t`Download`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        className="h-2 overflow-hidden rounded-full bg-hover"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width]"
          style={{ width: `${percent ?? (job.state === 'running' ? 30 : 100)}%` }}
        />
      </div>
      <p className="text-[13px] text-muted tabular-nums">
        {job.total
          ? t`${formatSize(job.received)} of ${formatSize(job.total)} (${percent}%)`
          : t`${formatSize(job.received)} downloaded`}
      </p>
    </div>
  );
}

/** The download's live log (the job's topic) with its state. */
function JobLog({ job }: { job: UpdateJob }) {
  const { t } = useLingui();
  const log = useLiveLog(job.topic);
  const state: LogState = log.end
    ? (log.end.end as LogState)
    : job.state === 'running'
      ? 'running'
      : (job.state as LogState);
  return (
    <LogPane
      label={t`Update log`}
      className="h-72"
      log={log}
      state={state}
      startedAt={job.startedAt}
      durationMs={log.end?.durationMs ?? null}
      exitCode={log.end?.exitCode ?? null}
    />
  );
}

/**
 * /setting/progress: the download's progress and log, then the restart (after a confirmation) with its countdown,
 * and — after the page reloads — how the new version's first start went.
 */
export function UpdateProgress() {
  const { t } = useLingui();
  const [status, setStatus] = useState<UpdateStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [restarting, setRestarting] = useState<{ version: string | null } | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    updateStatus().then(setStatus, (failure: Error) => setError(failure.message));
  }, []);
  useEffect(load, [load]);
  useEffect(
    () =>
      onEvent(
        updateProgressEvent,
        (payload) => {
          const job = payload as UpdateJob;
          setStatus((current) => (current ? { ...current, job } : current));
          if (job.state !== 'running') load();
        },
        load,
      ),
    [load],
  );

  const restart = async () => {
    setBusy(true);
    try {
      await restartPanel(status?.staged !== null);
      setRestarting({ version: status?.staged ?? null });
      setConfirming(false);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

  if (restarting) {
    return (
      <Card className="max-w-3xl">
        <CardHeader title={t`Restarting`} />
        <CardBody>
          <RestartCountdown version={restarting.version} />
        </CardBody>
      </Card>
    );
  }
  if (!status) return error ? <Alert>{error}</Alert> : <PageSpinner />;
  const { job, staged, lastAttempt } = status;
  const running = status.runningJobs;

  return (
    <div className="flex max-w-3xl flex-col gap-4">
      {lastAttempt && lastAttempt.outcome !== 'ok' && (
        <StartupFailure attempt={lastAttempt} onDismissed={() => setStatus({ ...status, lastAttempt: null })} />
      )}
      {lastAttempt?.outcome === 'ok' && lastAttempt.version === status.currentVersion && !job && (
        <Alert tone="success">{t`Updated: version ${status.currentVersion} is running.`}</Alert>
      )}
      <Card>
        <CardHeader
          title={t`Update progress`}
          description={t`Running version ${status.currentVersion}`}
          actions={
            <Link href="/setting/checkUpdate" className="text-[13px] text-primary-text">
              {t`Check for updates`}
            </Link>
          }
        />
        <CardBody className="flex flex-col gap-4">
          {error && <Alert>{error}</Alert>}
          {!job && !staged && <p className="text-[14px] text-muted">{t`No update is under way.`}</p>}
          {job && (
            <>
              <p className="text-[14px] font-medium">{t`Version ${job.version}`}</p>
              <ProgressBar job={job} />
              {job.state === 'failed' && (
                <Alert>{t`Update failed, please check network and logs or try again later`}</Alert>
              )}
              <JobLog job={job} />
            </>
          )}
          {staged && (
            <div className="flex flex-col gap-3">
              <Alert tone="success">
                {t`Version ${staged} is downloaded and checked. Restart the panel to start it.`}
              </Alert>
              {status.supervised ? (
                <div>
                  <Button variant="primary" onClick={() => setConfirming(true)}>
                    {t`Restart now`}
                  </Button>
                </div>
              ) : (
                <Alert tone="warning">
                  <Trans>This panel is not run by the container's entrypoint, so it cannot restart itself.</Trans>
                </Alert>
              )}
            </div>
          )}
        </CardBody>
      </Card>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t`Restart into version ${staged ?? ''}?`}
        description={
          running > 0
            ? plural(running, {
                one: 'One run is going on: it will be stopped (its log ends with the stop). The panel is back in a few seconds.',
                other:
                  '# runs are going on: they will be stopped (their logs end with the stop). The panel is back in a few seconds.',
              })
            : t`No run is going on. The panel is back in a few seconds.`
        }
        confirmLabel={t`Restart now`}
        onConfirm={restart}
        busy={busy}
      />
    </div>
  );
}
