import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { batch, cronsChanged, removeCrons, type BatchAction, type Cron } from '../api.ts';

export type RowAction = BatchAction | 'log' | 'edit' | 'delete';

/**
 * The task actions, for one row or a selection: run, stop, enable, disable, pin, unpin straight away; delete after a
 * confirmation that names the task or counts the tasks. The server's refusal ('Task not running') becomes a toast.
 */
export function useCronActions(after?: () => void) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const [pendingDelete, setPendingDelete] = useState<Cron[] | null>(null);
  const [busy, setBusy] = useState(false);

  const done: Record<BatchAction, (n: number) => string> = {
    run: (n) => (n === 1 ? t`Task started` : t`${n} tasks started`),
    stop: (n) => (n === 1 ? t`Task stopped` : t`${n} tasks stopped`),
    enable: (n) => (n === 1 ? t`Task enabled` : t`${n} tasks enabled`),
    disable: (n) => (n === 1 ? t`Task disabled` : t`${n} tasks disabled`),
    pin: (n) => (n === 1 ? t`Task pinned` : t`${n} tasks pinned`),
    unpin: (n) => (n === 1 ? t`Task unpinned` : t`${n} tasks unpinned`),
  };

  const act = async (action: RowAction, crons: Cron[]) => {
    if (crons.length === 0) return;
    if (action === 'log') return navigate(`/crontab/logModal?id=${crons[0]!.id}`);
    if (action === 'edit') return navigate(`/crontab/modal?id=${crons[0]!.id}`);
    if (action === 'delete') return setPendingDelete(crons);
    try {
      await batch(
        action,
        crons.map((c) => c.id),
      );
      toast(done[action](crons.length));
      cronsChanged();
      after?.();
    } catch (error) {
      toast((error as Error).message, 'error');
    }
  };

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    setBusy(true);
    try {
      await removeCrons(pendingDelete.map((c) => c.id));
      toast(pendingDelete.length === 1 ? t`Task deleted` : t`${pendingDelete.length} tasks deleted`);
      setPendingDelete(null);
      cronsChanged();
      after?.();
    } catch (error) {
      toast((error as Error).message, 'error');
    } finally {
      setBusy(false);
    }
  };

  const count = pendingDelete?.length ?? 0;
  const name = pendingDelete?.[0]?.name ?? '';
  const dialog = (
    <ConfirmDialog
      open={pendingDelete !== null}
      onOpenChange={(open) => !open && setPendingDelete(null)}
      title={count === 1 ? t`Delete task “${name}”?` : t`Delete ${count} tasks?`}
      description={t`Their run history goes with them; log files stay on disk. This cannot be undone.`}
      confirmLabel={t`Delete`}
      onConfirm={confirmDelete}
      busy={busy}
    />
  );

  return { act, dialog };
}
