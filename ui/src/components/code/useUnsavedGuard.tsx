import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';

/**
 * "Leaving the editor with unsaved changes asks for confirmation" (spec §2): while `dirty`, a reload or closing the
 * tab gets the browser's prompt, a click on any link of the app (the menu, the header) asks first, the browser's
 * back and forward buttons ask first, and the page asks through `confirmLeave` before it drops the text itself
 * (opening another file).
 *
 * Back/forward cannot be cancelled once the browser has moved, so while there are changes a second history entry
 * with the same address sits on top: "back" only pops that entry (the router sees no change of address), the
 * question is asked, and leaving then steps back once more; staying puts the entry back.
 */
/** The guard entry is marked in its history state, so saving and editing again does not stack more of them. */
function pushGuard(): void {
  const state = history.state as Record<string, unknown> | null;
  if (state?.baihuGuard === true) return;
  history.pushState({ ...state, baihuGuard: true }, '', location.href);
}

export function useUnsavedGuard(
  dirty: boolean,
  name: string,
): { confirmLeave: (then: () => void) => void; dialog: ReactNode } {
  const { t } = useLingui();
  const [pending, setPending] = useState<(() => void) | null>(null);
  const bypass = useRef(false);
  const fromHistory = useRef(false);

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
    const onPopState = () => {
      if (bypass.current) {
        bypass.current = false;
        return;
      }
      fromHistory.current = true;
      setPending(() => () => {
        bypass.current = true;
        history.back();
      });
    };
    pushGuard();
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('popstate', onPopState);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('popstate', onPopState);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty]);

  const stay = () => {
    // The back button used up the guard entry; put it back so the next press asks again.
    if (fromHistory.current) pushGuard();
    fromHistory.current = false;
    setPending(null);
  };

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
      onOpenChange={(open) => !open && stay()}
      title={t`Leave without saving?`}
      description={t`Your changes to ${name} are not saved. Leave and lose them?`}
      confirmLabel={t`Discard changes`}
      onConfirm={() => {
        const go = pending;
        fromHistory.current = false;
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
