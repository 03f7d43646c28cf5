import { useCallback, useRef, useState, useSyncExternalStore } from 'react';

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

/** The width of an element in CSS pixels, following it as it resizes (0 until it is laid out). */
export function useElementWidth<T extends Element>(): [(element: T | null) => void, number] {
  const [width, setWidth] = useState(0);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((element: T | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!element) return;
    const watch = new ResizeObserver(([entry]) => setWidth(Math.round(entry?.contentRect.width ?? 0)));
    watch.observe(element);
    observer.current = watch;
  }, []);
  return [ref, width];
}
