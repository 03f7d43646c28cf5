import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Badge } from '../../components/ui/Badge.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { Table, TBody, Td, Th, THead, Tr } from '../../components/ui/Table.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { formatSize } from '../../lib/files.ts';
import { formatDateTime } from '../../lib/format.ts';
import { deleteBackup, type BackupOverview } from './api.ts';

/** The backups kept in data/bak: download, restore from one, delete. */
export function BackupList({
  files,
  onDownload,
  onRestore,
  busy,
}: {
  files: BackupOverview['files'];
  onDownload: (name: string) => void;
  onRestore: (name: string) => void;
  busy: boolean;
}) {
  const { t } = useLingui();
  const [deleting, setDeleting] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  if (files.length === 0) return <p className="text-[13px] text-muted">{t`No backups in data/bak yet.`}</p>;
  const remove = async () => {
    if (!deleting) return;
    setWorking(true);
    try {
      await deleteBackup(deleting);
      toast(t`Deleted ${deleting}`);
    } catch (error) {
      toast((error as Error).message, 'error');
    } finally {
      setWorking(false);
      setDeleting(null);
    }
  };
  return (
    <>
      <Table label={t`Backups`} containerClassName="max-h-80 rounded-md border border-line">
        <THead>
          <Tr>
            <Th>{t`File`}</Th>
            <Th>{t`Made`}</Th>
            <Th className="text-right">{t`Size`}</Th>
            <Th className="text-right">{t`Actions`}</Th>
          </Tr>
        </THead>
        <TBody>
          {files.map((file) => (
            <Tr key={file.name}>
              <Td>
                {/* The kind under the name, so the actions fit beside it at desktop width. */}
                <div className="flex flex-col items-start gap-1">
                  <span className="font-mono">{file.name}</span>
                  <Badge status={file.scheduled ? 'queued' : 'idle'}>
                    {file.scheduled ? t`Scheduled` : t`On demand`}
                  </Badge>
                </div>
              </Td>
              <Td>{formatDateTime(file.createdAt)}</Td>
              <Td className="text-right tabular-nums">{formatSize(file.size)}</Td>
              <Td className="text-right">
                <div className="inline-flex gap-1">
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => onDownload(file.name)}
                    aria-label={t`Download ${file.name}`}
                  >
                    {t`Download`}
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={busy}
                    onClick={() => onRestore(file.name)}
                    aria-label={t`Restore ${file.name}`}
                  >
                    {t`Restore`}
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setDeleting(file.name)}
                    aria-label={t`Delete ${file.name}`}
                  >
                    {t`Delete`}
                  </Button>
                </div>
              </Td>
            </Tr>
          ))}
        </TBody>
      </Table>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t`Delete this backup?`}
        description={t`${deleting ?? ''} is deleted from data/bak. This cannot be undone.`}
        confirmLabel={t`Delete`}
        onConfirm={remove}
        busy={working}
      />
    </>
  );
}
