import { useEffect } from 'react';

/** Where typing a "/" is text, not a shortcut. */
const typingTarget = 'input, textarea, select, [contenteditable]:not([contenteditable="false"]), .cm-editor';

/**
 * `/` focuses the page's search field: the one that announces the shortcut (`aria-keyshortcuts="/"`, as `SearchBox`
 * does). Not while typing in a field or an editor, not with a modifier, not while a dialog covers the page.
 */
export function usePageSearchKey(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest(typingTarget)) return;
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      const search = document.querySelector<HTMLInputElement>('main [aria-keyshortcuts="/"]');
      if (!search) return;
      event.preventDefault();
      search.focus();
      search.select();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
