/**
 * How what is on screen follows what the UI changed: the one HTTP client (api.ts) tells `changed(path)` after every
 * POST, PUT or DELETE that went through, and every view that shows a resource listens for it (`onChange('crons')`)
 * and reads again. A create form, a row action, a batch bar or a dialog never has to remember whom to tell: a task
 * saved from its modal shows in the list behind it because `POST crons` is a change of `crons`. What happens on the
 * server by itself (a run ending, a pull finishing) comes as live events (live.ts).
 *
 * A resource is a path of the API (`crons`, `envs`, `system/backup`); a change of `crons/views/move` or
 * `crons/3/instances/9/stop` is a change of `crons`.
 */

type Listener = (path: string) => void;

const listeners = new Set<{ resource: string; listener: Listener }>();

/** A change went through (the API path called, with or without its query). */
export function changed(path: string): void {
  const changedPath = path.split('?')[0]!.replace(/^\/+|\/+$/g, '');
  for (const { resource, listener } of [...listeners]) {
    if (changedPath === resource || changedPath.startsWith(`${resource}/`)) listener(changedPath);
  }
}

/** Calls `listener` after each change of `resource` (or of a path below it); returns the function that stops. */
export function onChange(resource: string, listener: Listener): () => void {
  const entry = { resource, listener };
  listeners.add(entry);
  return () => listeners.delete(entry);
}

/** A signal of one area's own (not a refresh: e.g. "the open file was renamed"), between lazily loaded chunks. */
export interface ChangeSignal<T = void> {
  /** Starts listening; returns the function that stops. */
  subscribe: (listener: (change: T) => void) => () => void;
  notify: (change: T) => void;
}

export function changeSignal<T = void>(): ChangeSignal<T> {
  const signalListeners = new Set<(change: T) => void>();
  return {
    subscribe(listener) {
      signalListeners.add(listener);
      return () => signalListeners.delete(listener);
    },
    notify(change) {
      for (const listener of signalListeners) listener(change);
    },
  };
}
