import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now, following it as the window changes (phone width, say). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (listener) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    () => window.matchMedia(query).matches,
  );
}

/** Below Tailwind's `md` breakpoint: where the layout is a phone's. */
export const narrowQuery = '(max-width: 767.98px)';
