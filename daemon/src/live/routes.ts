import type { FastifyPluginAsync } from 'fastify';
import type { WebSocket } from '@fastify/websocket';
import { maxTopicLength, maxTopicsPerSocket, type ClientMessage, type ServerMessage } from '../contract/live.ts';
import type { LiveHub } from './hub.ts';
import { Follower } from './follower.ts';
import { socketAccess } from '../access/declare.ts';

/**
 * Limits of one socket, so that a client (or a stolen token) cannot grow the daemon's memory without bound:
 * - at most `maxTopicsPerSocket` topics followed at once: a further subscribe answers `{type: 'error', error:
 *   'tooManyTopics'}` and is ignored (the socket stays open);
 * - messages from the client: a burst of `messageBurst`, then `messagesPerSecond` on average; beyond that the socket
 *   is closed with 1008 (policy violation) — the panel sends a handful per minute;
 * - bytes queued for a client that does not read: past `maxBufferedBytes` the socket is closed with 1008. Followers
 *   wait for each piece to be sent, so this only trips on a client that stopped reading (it resumes by offset).
 */
export const liveLimits = {
  messageBurst: 200,
  messagesPerSecond: 50,
  maxBufferedBytes: 16 * 1024 * 1024,
};
export const policyViolation = 1008;

function parse(raw: unknown): ClientMessage | null {
  try {
    const message = JSON.parse(String(raw)) as ClientMessage;
    return typeof message === 'object' && message !== null && typeof message.type === 'string' ? message : null;
  } catch {
    return null;
  }
}

function sender(socket: WebSocket) {
  return (message: ServerMessage) =>
    new Promise<void>((resolve, reject) => {
      if (socket.readyState !== socket.OPEN) return reject(new Error('closed'));
      if (socket.bufferedAmount > liveLimits.maxBufferedBytes) {
        socket.close(policyViolation, 'not reading');
        return reject(new Error('closed'));
      }
      socket.send(JSON.stringify(message), (error) => (error ? reject(error) : resolve()));
    });
}

/** A token bucket: `take()` is false once the client has sent more than the burst plus the refill allow. */
function messageBudget(now: () => number = Date.now) {
  let tokens = liveLimits.messageBurst;
  let last = now();
  return {
    take(): boolean {
      const at = now();
      tokens = Math.min(liveLimits.messageBurst, tokens + ((at - last) / 1000) * liveLimits.messagesPerSecond);
      last = at;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}

/** `GET /api/ws`: its access (a session, the token in the query string) is checked before the upgrade. */
export const liveRoutes: FastifyPluginAsync<{ hub: LiveHub }> = async (app, { hub }) => {
  app.get('/ws', { config: { access: socketAccess }, websocket: true }, (socket: WebSocket) => {
    const send = sender(socket);
    const followers = new Map<string, Follower>();
    const budget = messageBudget();
    let closing = false;
    const stopEvents = hub.onEvent((name, payload) => void send({ type: 'event', name, payload }).catch(() => {}));

    socket.on('message', (raw: unknown) => {
      if (closing) return;
      if (!budget.take()) {
        closing = true;
        socket.close(policyViolation, 'too many messages');
        return;
      }
      const message = parse(raw);
      if (!message) return;
      if (message.type === 'ping') {
        void send({ type: 'pong' }).catch(() => {});
      } else if (message.type === 'subscribe') {
        const { topic } = message;
        if (typeof topic !== 'string' || topic.length === 0 || topic.length > maxTopicLength) {
          void send({ type: 'error', error: 'badTopic', topic: String(topic).slice(0, maxTopicLength) }).catch(
            () => {},
          );
          return;
        }
        // Topics that ended no longer count: a long session may look at many finished logs without unsubscribing.
        for (const [name, follower] of followers) if (follower.stopped) followers.delete(name);
        const previous = followers.get(topic);
        if (!previous && followers.size >= maxTopicsPerSocket) {
          void send({ type: 'error', error: 'tooManyTopics', topic }).catch(() => {});
          return;
        }
        previous?.stop();
        const offset = Number.isSafeInteger(message.offset) && message.offset! > 0 ? message.offset! : 0;
        const follower = new Follower(hub, topic, offset, send);
        followers.set(topic, follower);
        follower.start();
      } else if (message.type === 'unsubscribe') {
        followers.get(message.topic)?.stop();
        followers.delete(message.topic);
      }
    });
    socket.on('close', () => {
      closing = true;
      stopEvents();
      for (const follower of followers.values()) follower.stop();
      followers.clear();
    });
  });
};
