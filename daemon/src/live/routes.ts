import type { FastifyPluginAsync } from 'fastify';
import type { WebSocket } from '@fastify/websocket';
import type { ClientMessage, ServerMessage } from '../contract/live.ts';
import type { LiveHub } from './hub.ts';
import { Follower } from './follower.ts';
import { socketAccess } from '../access/declare.ts';

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
      socket.send(JSON.stringify(message), (error) => (error ? reject(error) : resolve()));
    });
}

/** `GET /api/ws`: its access (a session, the token in the query string) is checked before the upgrade. */
export const liveRoutes: FastifyPluginAsync<{ hub: LiveHub }> = async (app, { hub }) => {
  app.get('/ws', { config: { access: socketAccess }, websocket: true }, (socket: WebSocket) => {
    const send = sender(socket);
    const followers = new Map<string, Follower>();
    const stopEvents = hub.onEvent((name, payload) => void send({ type: 'event', name, payload }).catch(() => {}));

    socket.on('message', (raw: unknown) => {
      const message = parse(raw);
      if (!message) return;
      if (message.type === 'ping') {
        void send({ type: 'pong' }).catch(() => {});
      } else if (message.type === 'subscribe' && typeof message.topic === 'string') {
        followers.get(message.topic)?.stop();
        const offset = Number.isSafeInteger(message.offset) && message.offset! > 0 ? message.offset! : 0;
        const follower = new Follower(hub, message.topic, offset, send);
        followers.set(message.topic, follower);
        follower.start();
      } else if (message.type === 'unsubscribe') {
        followers.get(message.topic)?.stop();
        followers.delete(message.topic);
      }
    });
    socket.on('close', () => {
      stopEvents();
      for (const follower of followers.values()) follower.stop();
      followers.clear();
    });
  });
};
