import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import {
  dependenciesChanged,
  depBatch,
  removeDependencies,
  typeNameOf,
  type DepBatchAction,
  type Dependency,
} from './api.ts';

export type DepAction = DepBatchAction | 'log' | 'edit' | 'delete' | 'forceDelete';

/**
 * The dependency actions, for one row or a selection: reinstall and cancel at once; delete (uninstalls, then drops
 * the row) and force delete (drops the row whatever the uninstall says) after a confirmation naming or counting them.
 */
export function useDepActions(after?: () => void) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const [pending, setPending] = useState<{ deps: Dependency[]; force: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  const done: Record<DepBatchAction, (n: number) => string> = {
    reinstall: (n) => (n === 1 ? t`Install queued again` : t`${n} installs queued again`),
    cancel: (n) => (n === 1 ? t`Install cancelled` : t`${n} installs cancelled`),
  };

  const act = async (action: DepAction, deps: Dependency[]) => {
    if (deps.length === 0) return;
    const first = deps[0]!;
    if (action === 'log') return navigate(`/dependence/logModal?id=${first.id}`);
    if (action === 'edit') return navigate(`/dependence/modal?id=${first.id}&type=${typeNameOf(first.type)}`);
    if (action === 'delete' || action === 'forceDelete') return setPending({ deps, force: action === 'forceDelete' });
    try {
      await depBatch(
        action,
        deps.map((d) => d.id),
      );
      toast(done[action](deps.length));
      dependenciesChanged();
      after?.();
    } catch (error) {
      toast((error as Error).message, 'error');
    }
  };

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      await removeDependencies(
        pending.deps.map((d) => d.id),
        pending.force,
      );
      const n = pending.deps.length;
      toast(
        pending.force
          ? n === 1
            ? t`Dependency deleted`
            : t`${n} dependencies deleted`
          : n === 1
            ? t`Removal queued`
            : t`${n} removals queued`,
      );
      setPending(null);
      dependenciesChanged();
      after?.();
    } catch (error) {
      toast((error as Error).message, 'error');
    } finally {
      setBusy(false);
    }
  };

  const count = pending?.deps.length ?? 0;
  const name = pending?.deps[0]?.name ?? '';
  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      onOpenChange={(open) => !open && setPending(null)}
      title={
        pending?.force
          ? count === 1
            ? t`Force delete “${name}”?`
            : t`Force delete ${count} dependencies?`
          : count === 1
            ? t`Delete “${name}”?`
            : t`Delete ${count} dependencies?`
      }
      description={
        pending?.force
          ? t`The row goes even if uninstalling fails or is stuck; files left behind stay on disk.`
          : t`The package is uninstalled first; if that fails the row stays, marked Removal failed.`
      }
      confirmLabel={pending?.force ? t`Force delete` : t`Delete`}
      onConfirm={confirm}
      busy={busy}
    />
  );

  return { act, dialog };
}
