import { useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/Card.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { Field } from '../../components/ui/Field.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { formatDateTime } from '../../lib/format.ts';
import { cancelRestore, confirmRestore, uploadRestore, type BackupOverview, type RestoreCheck } from './api.ts';
import { RestartCountdown } from './RestartCountdown.tsx';
import { RestoreCheckView } from './RestoreCheckView.tsx';

/**
 * Restore: upload a backup (or pick one in the list above), see what the check found, confirm, and watch the restart.
 * Nothing is replaced before the confirmation; a refused archive says why.
 */
export function RestoreCard({
  overview,
  checking,
  checkError,
  onCheck,
}: {
  overview: BackupOverview;
  /** A check running (an upload, or a kept backup being checked). */
  checking: boolean;
  checkError: string | null;
  onCheck: (run: () => Promise<RestoreCheck>) => void;
}) {
  const { t } = useLingui();
  const [file, setFile] = useState<File | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [confirmedAt, setConfirmedAt] = useState<number | null>(overview.pending ? Date.now() : null);
  const staged = overview.staged;
  const last = overview.last;

  const upload = (event: FormEvent) => {
    event.preventDefault();
    if (file) onCheck(() => uploadRestore(file));
  };
  const confirm = async () => {
    if (!staged) return;
    setBusy(true);
    try {
      await confirmRestore(staged.id);
      setConfirming(false);
      setConfirmedAt(Date.now());
    } catch (error) {
      toast((error as Error).message, 'error');
    } finally {
      setBusy(false);
    }
  };
  const discard = async () => {
    try {
      await cancelRestore();
    } catch (error) {
      toast((error as Error).message, 'error');
    }
  };

  return (
    <Card className="max-w-3xl">
      <CardHeader
        title={t`Restore`}
        description={t`A Baihu backup, or a Qinglong data.tgz. The archive is checked before anything is replaced; the data it replaces is kept in data/bak.`}
      />
      <CardBody className="flex flex-col gap-4">
        {last && (
          <Alert tone={last.ok ? 'success' : 'error'}>
            {last.ok
              ? t`Restored on ${formatDateTime(last.at)} (${last.parts.join(', ')}). The data it replaced is in ${last.previous ?? ''}.`
              : t`The restore of ${formatDateTime(last.at)} failed and nothing was changed: ${last.message ?? ''}`}
          </Alert>
        )}
        {confirmedAt !== null ? (
          <RestartCountdown confirmedAt={confirmedAt} />
        ) : (
          <>
            <form onSubmit={upload} className="flex flex-col gap-3 sm:flex-row sm:items-end">
              <div className="min-w-0 flex-1">
                <Field label={t`Backup file (.tgz)`}>
                  {(control) => (
                    <input
                      {...control}
                      type="file"
                      accept=".tgz,.tar.gz,application/gzip"
                      onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                      className="block w-full text-[13px] file:mr-3 file:rounded-md file:border file:border-line-strong file:bg-surface file:px-3 file:py-1 file:text-fg"
                    />
                  )}
                </Field>
              </div>
              <Button type="submit" disabled={!file || checking}>
                {t`Upload and check`}
              </Button>
            </form>
            {checking && (
              <p className="inline-flex items-center gap-2 text-[13px] text-muted" role="status">
                <Spinner /> {t`Checking the archive… nothing is replaced yet.`}
              </p>
            )}
            {checkError && <Alert>{checkError}</Alert>}
            {staged && !checking && (
              <>
                <RestoreCheckView check={staged} />
                <div className="flex flex-wrap gap-2">
                  <Button variant="danger" disabled={!staged.canApply} onClick={() => setConfirming(true)}>
                    {t`Restore and restart`}
                  </Button>
                  <Button onClick={discard}>{t`Discard`}</Button>
                </div>
              </>
            )}
          </>
        )}
      </CardBody>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t`Restore this backup?`}
        description={t`Baihu restarts and replaces ${staged?.parts.join(', ') ?? ''} with the backup's. Running tasks are stopped. The current data is moved to data/bak/before-restore-…; you may have to sign in again with the backup's account.`}
        confirmLabel={t`Restore and restart`}
        onConfirm={confirm}
        busy={busy}
      />
    </Card>
  );
}
