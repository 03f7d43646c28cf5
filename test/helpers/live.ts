import WebSocket from 'ws';
import type { ServerMessage } from '../../daemon/src/contract/live.ts';

/** A WebSocket client that collects messages; `next` waits for one that matches. */
export async function connect(url: string) {
  const socket = new WebSocket(url);
  const messages: ServerMessage[] = [];
  const waiters: (() => void)[] = [];
  socket.on('message', (raw) => {
    messages.push(JSON.parse(String(raw)) as ServerMessage);
    for (const wake of waiters.splice(0)) wake();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const until = async (check: (all: ServerMessage[]) => boolean, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!check(messages)) {
      if (Date.now() > deadline) throw new Error(`timed out; got ${JSON.stringify(messages.map((m) => m.type))}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  };
  return { socket, messages, until, send: (m: unknown) => socket.send(JSON.stringify(m)) };
}

/** The log bytes the chunk messages carried, in order. */
export const bytesOf = (messages: ServerMessage[]) =>
  Buffer.concat(messages.flatMap((m) => (m.type === 'chunk' ? [Buffer.from(m.data, 'base64')] : [])));
