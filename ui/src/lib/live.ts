/**
 * The one WebSocket (`api/ws?token=…`, contract/live.ts) shared by every live view: log subscriptions and events.
 * It connects on first use, reconnects with backoff (0.5 s doubling to 10 s) and, after a reconnect, re-subscribes
 * every topic from the last byte offset it received, so a live log resumes without gaps or repeats. Each subscription
 * decodes its chunks with its own streaming TextDecoder (a UTF-8 character may be split across chunks).
 */
import type { ClientMessage, EndInfo, ServerMessage } from '@contract/live.ts';
import { underBase } from './base.ts';
import { getToken } from './session.ts';

export type { EndInfo };

interface Subscription {
  topic: string;
  /** Bytes received so far: where to resume from. */
  offset: number;
  decoder: TextDecoder;
  onChunk: (text: string) => void;
  onEnd: (end: EndInfo | null) => void;
  ended: boolean;
}

type EventListener = (payload: unknown) => void;
export type ConnectionState = 'connecting' | 'open' | 'closed';

const subscriptions = new Map<string, Set<Subscription>>();
const eventListeners = new Map<string, Set<EventListener>>();
/** Called at every open of the socket: events sent while it was not open are gone, so what they told must be read. */
const resyncListeners = new Set<() => void>();
const stateListeners = new Set<(state: ConnectionState) => void>();
let socket: WebSocket | null = null;
let state: ConnectionState = 'closed';
let retryMs = 500;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let pingTimer: ReturnType<typeof setInterval> | null = null;

function setState(next: ConnectionState): void {
  state = next;
  for (const listener of stateListeners) listener(next);
}

/** `api/ws?token=…` against the document's base, with ws: or wss: to match the page. */
export function socketUrl(token: string): string {
  const url = new URL(underBase(`api/ws?token=${encodeURIComponent(token)}`));
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

function send(message: ClientMessage): void {
  if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

/** Subscribes a topic on the wire from the furthest point any of its live subscribers needs. */
function sendSubscribe(topic: string): void {
  const subs = [...(subscriptions.get(topic) ?? [])].filter((s) => !s.ended);
  if (subs.length === 0) return;
  send({ type: 'subscribe', topic, offset: Math.min(...subs.map((s) => s.offset)) });
}

/** Chromium 140+, Firefox 133+ and Safari 18.2 decode base64 natively, several times faster than by hand. */
const nativeBase64 = (Uint8Array as unknown as { fromBase64?: (data: string) => Uint8Array }).fromBase64;

function decodeBase64(data: string): Uint8Array {
  if (nativeBase64) return nativeBase64(data);
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function handle(message: ServerMessage): void {
  if (message.type === 'event') {
    for (const listener of eventListeners.get(message.name) ?? []) listener(message.payload);
    return;
  }
  if (message.type === 'pong') return;
  const subs = subscriptions.get(message.topic);
  if (!subs) return;
  for (const sub of subs) {
    if (sub.ended) continue;
    if (message.type === 'chunk') {
      const bytes = decodeBase64(message.data);
      // A subscriber that joined later than another may be ahead: skip the bytes it already has.
      const skip = sub.offset - message.offset;
      if (skip >= bytes.length) continue;
      const fresh = skip > 0 ? bytes.subarray(skip) : bytes;
      sub.offset = message.offset + bytes.length;
      const text = sub.decoder.decode(fresh, { stream: true });
      if (text) sub.onChunk(text);
    } else if (message.type === 'end') {
      sub.ended = true;
      const rest = sub.decoder.decode();
      if (rest) sub.onChunk(rest);
      sub.onEnd({ end: message.end, exitCode: message.exitCode, durationMs: message.durationMs });
    } else if (message.type === 'missing') {
      sub.ended = true;
      sub.onEnd(null);
    }
  }
}

function connect(): void {
  const token = getToken();
  if (!token || socket) return;
  setState('connecting');
  const ws = new WebSocket(socketUrl(token));
  socket = ws;
  ws.onopen = () => {
    retryMs = 500;
    setState('open');
    for (const topic of subscriptions.keys()) sendSubscribe(topic);
    for (const resync of [...resyncListeners]) {
      try {
        resync();
      } catch (error) {
        console.error('live: a view failed to read again', error);
      }
    }
    pingTimer = setInterval(() => send({ type: 'ping' }), 25_000);
  };
  ws.onmessage = (event) => {
    try {
      handle(JSON.parse(String(event.data)) as ServerMessage);
    } catch {
      // A message this client does not understand is ignored.
    }
  };
  ws.onclose = () => {
    if (pingTimer) clearInterval(pingTimer);
    pingTimer = null;
    socket = null;
    setState('closed');
    if (!wanted()) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect();
    }, retryMs);
    retryMs = Math.min(retryMs * 2, 10_000);
  };
}

const wanted = (): boolean => subscriptions.size > 0 || eventListeners.size > 0;

/** Closes the socket once nobody listens any more (after a grace period, so page changes do not flap it). */
let idleTimer: ReturnType<typeof setTimeout> | null = null;
function release(): void {
  if (wanted() || idleTimer) return;
  idleTimer = setTimeout(() => {
    idleTimer = null;
    if (wanted()) return;
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    socket?.close();
  }, 5_000);
}

function ensure(): void {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  if (!socket && !retryTimer) connect();
}

/**
 * Follows a topic from a byte offset: `onChunk` gets decoded text as it arrives, `onEnd` the end (or null when the
 * server has no such topic). Returns the unsubscribe function.
 */
export function subscribe(
  topic: string,
  offset: number,
  onChunk: (text: string) => void,
  onEnd: (end: EndInfo | null) => void,
): () => void {
  const sub: Subscription = {
    topic,
    offset,
    decoder: new TextDecoder('utf-8'),
    onChunk,
    onEnd,
    ended: false,
  };
  let subs = subscriptions.get(topic);
  if (!subs) subscriptions.set(topic, (subs = new Set()));
  subs.add(sub);
  ensure();
  sendSubscribe(topic);
  return () => {
    sub.ended = true;
    subs.delete(sub);
    if (subs.size === 0) {
      subscriptions.delete(topic);
      send({ type: 'unsubscribe', topic });
    }
    release();
  };
}

/**
 * Listens to a server event (e.g. `cronStatus`). Returns the function that stops listening. The server does not keep
 * events for a socket that is not open (not yet, or between reconnects), so a view that read something and follows
 * its changes by events gives `resync`: it is called whenever the socket opens after this call, to read again what
 * an event sent meanwhile would have told.
 */
export function onEvent(name: string, listener: EventListener, resync?: () => void): () => void {
  let set = eventListeners.get(name);
  if (!set) eventListeners.set(name, (set = new Set()));
  set.add(listener);
  // A distinct function per call: two views passing the same resync each stop their own.
  const mine = resync && (() => resync());
  if (mine) resyncListeners.add(mine);
  ensure();
  return () => {
    if (mine) resyncListeners.delete(mine);
    set.delete(listener);
    if (set.size === 0) eventListeners.delete(name);
    release();
  };
}

/** Connection state changes (to show "reconnecting…"); calls the listener with the current state at once. */
export function onConnectionState(listener: (state: ConnectionState) => void): () => void {
  stateListeners.add(listener);
  listener(state);
  return () => stateListeners.delete(listener);
}
