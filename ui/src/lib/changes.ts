/**
 * A tiny in-page signal: a modal that saved something tells the list page behind it to reload, without either one
 * knowing the other (they are separate lazily loaded chunks).
 */
export interface ChangeSignal<T = void> {
  /** Starts listening; returns the function that stops. */
  subscribe: (listener: (change: T) => void) => () => void;
  notify: (change: T) => void;
}

export function changeSignal<T = void>(): ChangeSignal<T> {
  const listeners = new Set<(change: T) => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    notify(change) {
      for (const listener of listeners) listener(change);
    },
  };
}
