import { ViewType } from '@contract/enums.ts';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { Alert } from '../../../components/ui/Alert.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { api } from '../../../lib/api.ts';
import type { ModalProps } from '../../../lib/routing.ts';
import type { CronView } from '../api.ts';
import { useViews, viewName } from './useViews.ts';

/** crontab/viewManageModal: reorder, hide or show, edit and delete the views. */
export default function ViewManageModal({ onClose }: ModalProps) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const { views, error } = useViews();
  const [deleting, setDeleting] = useState<CronView | null>(null);
  const personal = views.filter((v) => v.type !== ViewType.system);

  const run = async (work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (failure) {
      toast((failure as Error).message, 'error');
    }
  };
  // Positions count among all views, the built-in one included (it sits first).
  const move = (view: CronView, by: number) =>
    run(() => api.put('crons/views/move', { id: view.id, toIndex: views.indexOf(view) + by }));
  const toggle = (view: CronView) =>
    run(() => api.put(view.isDisabled ? 'crons/views/enable' : 'crons/views/disable', [view.id]));
  const remove = async () => {
    if (!deleting) return;
    await run(() => api.delete('crons/views', [deleting.id]));
    setDeleting(null);
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t`Manage views`}
      className="max-w-xl!"
      footer={
        <>
          <Button onClick={() => navigate('/crontab/viewCreateModal')}>{t`New view`}</Button>
          <Button variant="primary" onClick={onClose}>
            {t`Done`}
          </Button>
        </>
      }
    >
      {error && <Alert>{error}</Alert>}
      <ul aria-label={t`Views`} className="flex flex-col divide-y divide-line rounded-md border border-line">
        {views.map((view) => {
          const name = viewName(view);
          const system = view.type === ViewType.system;
          const index = personal.indexOf(view);
          return (
            <li key={view.id} className="flex flex-wrap items-center gap-2 px-3 py-2">
              <span className={'min-w-0 flex-1 truncate ' + (view.isDisabled ? 'text-muted line-through' : '')}>
                {name}
                {view.isDisabled ? <span className="sr-only"> ({t`hidden`})</span> : null}
              </span>
              {!system && (
                <>
                  <Button
                    size="sm"
                    aria-label={t`Move ${name} up`}
                    disabled={index <= 0}
                    onClick={() => move(view, -1)}
                  >
                    ↑
                  </Button>
                  <Button
                    size="sm"
                    aria-label={t`Move ${name} down`}
                    disabled={index === personal.length - 1}
                    onClick={() => move(view, 1)}
                  >
                    ↓
                  </Button>
                </>
              )}
              <Button
                size="sm"
                onClick={() => toggle(view)}
                aria-label={view.isDisabled ? t`Show ${name}` : t`Hide ${name}`}
              >
                {view.isDisabled ? t`Show` : t`Hide`}
              </Button>
              {!system && (
                <>
                  <Button
                    size="sm"
                    aria-label={t`Edit ${name}`}
                    onClick={() => navigate(`/crontab/viewCreateModal?id=${view.id}`)}
                  >
                    {t`Edit`}
                  </Button>
                  <Button size="sm" variant="danger" aria-label={t`Delete ${name}`} onClick={() => setDeleting(view)}>
                    {t`Delete`}
                  </Button>
                </>
              )}
            </li>
          );
        })}
      </ul>
      {personal.length === 0 && (
        <p className="mt-3 text-[13px] text-muted">{t`No views of your own yet. A view saves filters and a sort order as a tab.`}</p>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t`Delete view “${deleting ? viewName(deleting) : ''}”?`}
        description={t`The tasks it shows are not touched.`}
        confirmLabel={t`Delete`}
        onConfirm={remove}
      />
    </Dialog>
  );
}
