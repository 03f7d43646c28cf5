import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';

/**
 * "Leaving the editor with unsaved changes asks for confirmation" (spec §2): while `dirty`, a reload or closing the
 * tab gets the browser's prompt, a click on any link of the app (the menu, the header) asks first, and the page asks
 * through `confirmLeave` before it drops the text itself (opening another file).
 */
export function useUnsavedGuard(
  dirty: boolean,
  name: string,
): { confirmLeave: (then: () => void) => void; dialog: ReactNode } {
  const { t } = useLingui();
  const [pending, setPending] = useState<(() => void) | null>(null);
  const bypass = useRef(false);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      if (bypass.current || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.hasAttribute('download')) return;
      if (link.href === location.href) return;
      event.preventDefault();
      event.stopPropagation();
      setPending(() => () => {
        bypass.current = true;
        link.click();
        bypass.current = false;
      });
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty]);

  const confirmLeave = useCallback(
    (then: () => void) => {
      if (dirty) setPending(() => then);
      else then();
    },
    [dirty],
  );

  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      onOpenChange={(open) => !open && setPending(null)}
      title={t`Leave without saving?`}
      description={t`Your changes to ${name} are not saved. Leave and lose them?`}
      confirmLabel={t`Discard changes`}
      onConfirm={() => {
        const go = pending;
        setPending(null);
        go?.();
      }}
    />
  );
  return { confirmLeave, dialog };
}

/** mod+s anywhere on the page (the editor handles it itself when focused). */
export function useSaveShortcut(onSave: () => void): void {
  const handler = useRef(onSave);
  useEffect(() => {
    handler.current = onSave;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault();
        handler.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
