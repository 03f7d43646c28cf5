import { backupProgressEvent, defaultBackupParts, type BackupProgressEvent } from '@contract/backup-parts.ts';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { onEvent } from '../../lib/live.ts';
import { startBackup, type BackupPart } from './api.ts';
import { JobLog } from './JobLog.tsx';
import { PartPicker } from './PartPicker.tsx';
import { Progress } from './Progress.tsx';
import type { useBackupDownload } from './useBackupDownload.ts';

export interface RunningBackup {
  runId: number;
  topic: string;
  name: string;
}

/**
 * Back up now: the parts, then the job's live log and progress; once the archive is whole in data/bak it is
 * downloaded with its own progress bar (the same file stays in the list below).
 */
export function BackupNow({
  running,
  onFinished,
  download,
}: {
  /** A backup the daemon is running (started here, or by the schedule before the page opened). */
  running: RunningBackup | null;
  onFinished: () => void;
  download: ReturnType<typeof useBackupDownload>;
}) {
  const { t } = useLingui();
  const [parts, setParts] = useState<BackupPart[]>(defaultBackupParts);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<BackupProgressEvent | null>(null);
  const [startedHere, setStartedHere] = useState<number | null>(null);
  // The run shown stays after it ended (its log says how it went) until the next one starts.
  const [current, setCurrent] = useState<RunningBackup | null>(running);
  const [ended, setEnded] = useState<string | null>(null);
  if (running && running.runId !== current?.runId) {
    setCurrent(running);
    setEnded(null);
    setProgress(null);
  }

  useEffect(() => {
    if (!current) return;
    return onEvent(backupProgressEvent, (payload) => {
      const event = payload as BackupProgressEvent;
      if (event.runId === current.runId) setProgress(event);
    });
  }, [current]);

  const start = async () => {
    setBusy(true);
    setError(null);
    setProgress(null);
    try {
      const run = await startBackup(parts);
      setStartedHere(run.runId);
      setCurrent(run);
      setEnded(null);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const finished = (end: string) => {
    if (!current) return;
    setEnded(end);
    onFinished();
    if (end !== 'success') return toast(t`The backup did not finish; its log says why.`, 'error');
    // Only the backup asked for here is downloaded; one started elsewhere (the schedule) just ends.
    if (current.runId === startedHere) void download.download(current.name);
  };

  return (
    <div className="flex flex-col gap-4">
      <PartPicker legend={t`What to back up`} value={parts} onChange={setParts} />
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="primary" onClick={start} loading={busy} disabled={!!current && !ended}>
          {t`Back up now`}
        </Button>
        <span className="text-[13px] text-muted">{t`The archive is kept in data/bak and downloaded when it is complete.`}</span>
      </div>
      {error && <Alert>{error}</Alert>}
      {current && (
        <div className="flex flex-col gap-3" data-testid="backup-run">
          {!ended && (
            <Progress
              label={t`Backing up ${current.name}`}
              done={progress?.bytes ?? 0}
              total={progress?.totalBytes ?? null}
            />
          )}
          <JobLog topic={current.topic} label={t`Backup log`} onEnd={finished} />
        </div>
      )}
      {download.downloading && (
        <Progress
          label={t`Downloading ${download.downloading.name}`}
          done={download.downloading.received}
          total={download.downloading.total}
        />
      )}
    </div>
  );
}
