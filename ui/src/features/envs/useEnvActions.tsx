import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { envBatch, envsChanged, removeEnvs, type Env, type EnvBatchAction } from './api.ts';

export type EnvAction = EnvBatchAction | 'edit' | 'rename' | 'delete';

/**
 * The variable actions, for one row or a selection: enable, disable, pin, unpin straight away; edit and rename open
 * their modal routes; delete asks first, naming the variable or counting them.
 */
export function useEnvActions(after?: () => void) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const [pendingDelete, setPendingDelete] = useState<Env[] | null>(null);
  const [busy, setBusy] = useState(false);

  const done: Record<EnvBatchAction, (n: number) => string> = {
    enable: (n) => (n === 1 ? t`Variable enabled` : t`${n} variables enabled`),
    disable: (n) => (n === 1 ? t`Variable disabled` : t`${n} variables disabled`),
    pin: (n) => (n === 1 ? t`Variable pinned` : t`${n} variables pinned`),
    unpin: (n) => (n === 1 ? t`Variable unpinned` : t`${n} variables unpinned`),
  };

  const act = async (action: EnvAction, envs: Env[]) => {
    if (envs.length === 0) return;
    if (action === 'edit') return navigate(`/env/modal?id=${envs[0]!.id}`);
    if (action === 'rename') return navigate(`/env/editNameModal?ids=${envs.map((e) => e.id).join(',')}`);
    if (action === 'delete') return setPendingDelete(envs);
    try {
      await envBatch(
        action,
        envs.map((e) => e.id),
      );
      toast(done[action](envs.length));
      envsChanged();
      after?.();
    } catch (error) {
      toast((error as Error).message, 'error');
    }
  };

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    setBusy(true);
    try {
      await removeEnvs(pendingDelete.map((e) => e.id));
      toast(pendingDelete.length === 1 ? t`Variable deleted` : t`${pendingDelete.length} variables deleted`);
      setPendingDelete(null);
      envsChanged();
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
      title={count === 1 ? t`Delete variable “${name}”?` : t`Delete ${count} variables?`}
      description={t`Scripts will no longer see them from their next run. This cannot be undone.`}
      confirmLabel={t`Delete`}
      onConfirm={confirmDelete}
      busy={busy}
    />
  );

  return { act, dialog };
}
