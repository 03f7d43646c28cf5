import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState } from 'react';
import { Alert } from '../../components/ui/Alert.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/Card.tsx';
import { PageSpinner } from '../../components/ui/Spinner.tsx';
import { formatSize } from '../../lib/files.ts';
import { onChange } from '../../lib/changes.ts';
import { backupOverview, backupResources, restoreFromBackup, type BackupOverview, type RestoreCheck } from './api.ts';
import { BackupList } from './BackupList.tsx';
import { BackupNow } from './BackupNow.tsx';
import { BackupSchedule } from './BackupSchedule.tsx';
import { RestoreCard } from './RestoreCard.tsx';
import { useBackupDownload } from './useBackupDownload.ts';

/** The backup and restore cards of /setting/other, over one overview of data/bak and the restore's state. */
export function BackupSection() {
  const { t } = useLingui();
  const [overview, setOverview] = useState<BackupOverview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [checkError, setCheckError] = useState<string | null>(null);
  const download = useBackupDownload();

  const refresh = useCallback(() => {
    backupOverview().then(
      (next) => (setOverview(next), setError(null)),
      (failure: Error) => setError(failure.message),
    );
  }, []);
  useEffect(refresh, [refresh]);
  // Whatever changed a backup or the restore (a delete, a start, a discard) reads the overview again.
  useEffect(() => {
    const stops = backupResources.map((resource) => onChange(resource, refresh));
    return () => stops.forEach((stop) => stop());
  }, [refresh]);

  const check = async (run: () => Promise<RestoreCheck>) => {
    setChecking(true);
    setCheckError(null);
    try {
      const staged = await run();
      setOverview((current) => current && { ...current, staged });
    } catch (failure) {
      setCheckError((failure as Error).message);
      refresh();
    } finally {
      setChecking(false);
    }
  };

  if (!overview) {
    return (
      <Card className="max-w-3xl">
        <CardBody>{error ? <Alert>{error}</Alert> : <PageSpinner />}</CardBody>
      </Card>
    );
  }
  return (
    <>
      <Card className="max-w-3xl">
        <CardHeader
          title={t`Backup`}
          description={t`A .tgz of the database (a consistent snapshot) and the chosen folders, with a manifest of checksums. ${formatSize(overview.freeBytes)} free on the data disk.`}
        />
        <CardBody className="flex flex-col gap-6">
          <BackupNow running={overview.running} onFinished={refresh} download={download} />
          <section className="flex flex-col gap-2" aria-label={t`Backups in data/bak`}>
            <h3 className="text-[13px] font-medium">{t`Backups in data/bak`}</h3>
            <BackupList
              files={overview.files}
              onDownload={(name) => void download.download(name)}
              onRestore={(name) => void check(() => restoreFromBackup(name))}
              busy={checking}
            />
          </section>
          <section className="flex flex-col gap-2 border-t border-line pt-5" aria-label={t`Scheduled backups`}>
            <h3 className="text-[13px] font-medium">{t`Scheduled backups`}</h3>
            <BackupSchedule
              initial={overview.settings}
              onSaved={(settings) => setOverview((current) => current && { ...current, settings })}
            />
          </section>
        </CardBody>
      </Card>
      <RestoreCard overview={overview} checking={checking} checkError={checkError} onCheck={check} />
    </>
  );
}
