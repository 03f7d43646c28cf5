/**
 * Toasts and notifications, outside React so any code (the API client, a form) can raise one.
 * Spec §9: toasts last 3 s; notifications 4.5 s; both top right, 24 px from the edges.
 */
export const toastMs = 3000;
export const notificationMs = 4500;

export type Tone = 'success' | 'error' | 'info' | 'warning';
export interface Message {
  id: number;
  kind: 'toast' | 'notification';
  tone: Tone;
  title: string;
  description?: string;
}

type Listener = (messages: Message[]) => void;
let messages: Message[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener(messages);
}

export function dismiss(id: number): void {
  messages = messages.filter((m) => m.id !== id);
  emit();
}

function push(message: Omit<Message, 'id'>, ms: number): number {
  const id = nextId++;
  messages = [...messages, { ...message, id }];
  emit();
  setTimeout(() => dismiss(id), ms);
  return id;
}

/** A one-line message: "Saved", "Copied". */
export function toast(title: string, tone: Tone = 'success'): number {
  return push({ kind: 'toast', tone, title }, toastMs);
}

/** A titled message with more to say, e.g. the previous sign-in. */
export function notify(title: string, description?: string, tone: Tone = 'info'): number {
  return push({ kind: 'notification', tone, title, ...(description ? { description } : {}) }, notificationMs);
}

export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const snapshot = (): Message[] => messages;
