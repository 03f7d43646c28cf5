import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { removeSubscriptions, subBatch, subscriptionsChanged, type SubBatchAction, type Subscription } from './api.ts';

export type SubAction = SubBatchAction | 'log' | 'edit' | 'delete';

/**
 * The subscription actions, for one row or a selection: run, stop, enable and disable at once; delete after a
 * confirmation naming or counting them, which asks whether their tasks and files go too (force).
 */
export function useSubActions(after?: () => void) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const [pending, setPending] = useState<Subscription[] | null>(null);
  const [force, setForce] = useState(false);
  const [busy, setBusy] = useState(false);

  const done: Record<SubBatchAction, (n: number) => string> = {
    run: (n) => (n === 1 ? t`Pull started` : t`${n} pulls started`),
    stop: (n) => (n === 1 ? t`Pull stopped` : t`${n} pulls stopped`),
    enable: (n) => (n === 1 ? t`Subscription enabled` : t`${n} subscriptions enabled`),
    disable: (n) => (n === 1 ? t`Subscription disabled` : t`${n} subscriptions disabled`),
  };

  const act = async (action: SubAction, subs: Subscription[]) => {
    if (subs.length === 0) return;
    const first = subs[0]!;
    if (action === 'log') return navigate(`/subscription/logModal?id=${first.id}`);
    if (action === 'edit') return navigate(`/subscription/modal?id=${first.id}`);
    if (action === 'delete') {
      setForce(false);
      return setPending(subs);
    }
    try {
      await subBatch(
        action,
        subs.map((s) => s.id),
      );
      toast(done[action](subs.length));
      subscriptionsChanged();
      after?.();
    } catch (error) {
      toast((error as Error).message, 'error');
    }
  };

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      await removeSubscriptions(
        pending.map((s) => s.id),
        force,
      );
      const n = pending.length;
      toast(n === 1 ? t`Subscription deleted` : t`${n} subscriptions deleted`);
      setPending(null);
      subscriptionsChanged();
      after?.();
    } catch (error) {
      toast((error as Error).message, 'error');
    } finally {
      setBusy(false);
    }
  };

  const count = pending?.length ?? 0;
  const name = pending?.[0]?.name ?? '';
  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      onOpenChange={(open) => !open && setPending(null)}
      title={count === 1 ? t`Delete “${name}”?` : t`Delete ${count} subscriptions?`}
      description={
        <span className="flex flex-col gap-3">
          <span>
            {force
              ? t`Its tasks and the scripts it pulled are deleted too.`
              : t`Its tasks and scripts stay; they are no longer updated by a pull.`}
          </span>
          <label className="inline-flex items-center gap-2 text-fg">
            <input
              type="checkbox"
              checked={force}
              onChange={(e) => setForce(e.target.checked)}
              className="size-4 accent-primary"
            />
            {t`Also delete its tasks and files`}
          </label>
        </span>
      }
      confirmLabel={t`Delete`}
      onConfirm={confirm}
      busy={busy}
    />
  );

  return { act, dialog };
}
