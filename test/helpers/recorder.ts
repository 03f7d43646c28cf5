import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestContext } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { call } from './app.ts';

/** One request as the recording server saw it. */
export interface Recorded {
  method: string;
  /** Path and query, as sent. */
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface Reply {
  status?: number;
  /** An object is sent as JSON, a string as text. */
  body?: unknown;
  /** Hold the reply this long (to exercise timeouts). */
  delayMs?: number;
}

export type Responder = (req: Recorded, index: number) => Reply | undefined;

/**
 * A local HTTP server on 127.0.0.1 (which notifications reach by default, as a service on the owner's machine or LAN)
 * that records every request and answers from `respond` (default: 200 `{}`).
 * Closed when the test ends.
 */
export async function startRecorder(t: TestContext, respond: Responder = () => undefined) {
  const requests: Recorded[] = [];
  const state = { respond };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const recorded: Recorded = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      const index = requests.push(recorded) - 1;
      const reply = state.respond(recorded, index) ?? {};
      const send = () => {
        if (res.destroyed) return;
        const isText = typeof reply.body === 'string';
        const text = reply.body === undefined ? '{}' : isText ? (reply.body as string) : JSON.stringify(reply.body);
        res.writeHead(reply.status ?? 200, { 'content-type': isText ? 'text/plain' : 'application/json' });
        res.end(text);
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs).unref();
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    /** Replaces the responder. */
    answer(next: Responder) {
      state.respond = next;
    },
    /** Waits until at least `count` requests arrived. */
    async waitFor(count: number, timeoutMs = 5000): Promise<Recorded[]> {
      const start = Date.now();
      while (requests.length < count) {
        if (Date.now() - start > timeoutMs) throw new Error(`expected ${count} requests, got ${requests.length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return requests;
    },
  };
}

/**
 * The panel's notification channel set to a webhook that posts `title: $title\ncontent: $content` to a new recorder,
 * through the panel's own route. Saving sends the channel a test message first: it is awaited here, so it is never
 * taken for a later notice.
 */
export async function webhookRecorder(t: TestContext, app: FastifyInstance, token: string) {
  const server = await startRecorder(t, () => ({ body: 'ok' }));
  const saved = await call(app, 'PUT', '/api/user/notification', {
    token,
    payload: {
      type: 'webhook',
      webhookUrl: `${server.url}/hook`,
      webhookMethod: 'POST',
      webhookContentType: 'application/json',
      webhookBody: 'title: $title\ncontent: $content',
    },
  });
  assert.equal(saved.body.code, 200, JSON.stringify(saved.body));
  await server.waitFor(1, 10_000);
  return server;
}
