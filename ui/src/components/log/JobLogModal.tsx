import { useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { Alert } from '../ui/Alert.tsx';
import { Button } from '../ui/Button.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { PageSpinner } from '../ui/Spinner.tsx';
import { toast } from '../ui/toast-store.ts';

/** The height of the log pane inside the modal (the dialog's, less its title and footer). */
export const modalLogHeight = 'h-[calc(85dvh-150px)]';

/** The footer's one action besides Close (Run now, Reinstall): busy while it runs, a failure is a toast. */
export interface LogModalAction {
  label: string;
  run: () => Promise<unknown>;
}

/**
 * The one log dialog of a job (a task's run, a subscription's pull, a dependency's install), opened as a modal
 * route: the area's log pane inside, the loading spinner or error instead of it, Close and the area's action below.
 */
export function JobLogModal({
  title,
  description,
  loading,
  error,
  action,
  onClose,
  children,
}: {
  title: string;
  description?: ReactNode;
  loading: boolean;
  error: string | null;
  /** null: no action now (the job is running). */
  action: LogModalAction | null;
  onClose: () => void;
  children?: ReactNode;
}) {
  const { t } = useLingui();
  const [acting, setActing] = useState(false);
  const act = async (run: () => Promise<unknown>) => {
    setActing(true);
    try {
      await run();
    } catch (failure) {
      toast((failure as Error).message, 'error');
    } finally {
      setActing(false);
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={description}
      className="h-[85dvh] max-w-4xl!"
      footer={
        <>
          {action && (
            <Button onClick={() => void act(action.run)} loading={acting}>
              {action.label}
            </Button>
          )}
          <Button onClick={onClose}>{t`Close`}</Button>
        </>
      }
    >
      {error !== null ? <Alert>{error}</Alert> : loading ? <PageSpinner /> : children}
    </Dialog>
  );
}
