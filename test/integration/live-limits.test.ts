/**
 * Limits of the live-log WebSocket, with a real `ws` client against the daemon listening on 127.0.0.1: the number
 * of topics one socket follows, and a flood of 100k subscribe messages (the daemon's memory stays put, the socket is
 * closed with 1008, nothing is left following).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import WebSocket from 'ws';
import { maxTopicsPerSocket } from '../../daemon/src/contract/live.ts';
import { liveLimits, policyViolation } from '../../daemon/src/live/routes.ts';
import { signedIn } from '../helpers/app.ts';
import { waitFor } from '../helpers/tasks.ts';
import { connect } from '../helpers/live.ts';

async function liveApp(t: Parameters<typeof signedIn>[0]) {
  const started = await signedIn(t);
  const address = await started.app.listen({ port: 0, host: '127.0.0.1' });
  return { ...started, wsUrl: `${address.replace('http', 'ws')}/api/ws?token=${started.token}` };
}

test(`one socket follows at most ${maxTopicsPerSocket} topics; a further subscribe answers an error, the socket stays`, async (t) => {
  const { app, wsUrl } = await liveApp(t);
  const hub = app.ctx.live;
  // Topics that are being written and never end here, so every follower stays.
  const total = maxTopicsPerSocket + 8;
  for (let i = 0; i < total; i++) hub.open(`test:${i}`, null);

  const client = await connect(wsUrl);
  for (let i = 0; i < total; i++) client.send({ type: 'subscribe', topic: `test:${i}` });
  await client.until((all) => all.filter((m) => m.type === 'error').length === total - maxTopicsPerSocket);
  const errors = client.messages.filter((m) => m.type === 'error');
  assert.deepEqual(
    errors.map((m) => m.type === 'error' && [m.error, m.topic]),
    Array.from({ length: 8 }, (_, i) => ['tooManyTopics', `test:${maxTopicsPerSocket + i}`]),
  );
  assert.equal(hub.watcherCount(), maxTopicsPerSocket);

  // Subscribing again to a followed topic replaces it (no error); after an unsubscribe there is room for one more.
  client.send({ type: 'subscribe', topic: 'test:0', offset: 0 });
  client.send({ type: 'unsubscribe', topic: 'test:1' });
  client.send({ type: 'subscribe', topic: `test:${total - 1}` });
  client.send({ type: 'subscribe', topic: 'x'.repeat(500) });
  client.send({ type: 'ping' });
  await client.until((all) => all.some((m) => m.type === 'pong'));
  const after = client.messages.filter((m) => m.type === 'error').slice(8);
  assert.deepEqual(
    after.map((m) => m.type === 'error' && m.error),
    ['badTopic'],
    'only the over-long topic name is refused',
  );
  assert.equal(hub.watcherCount(), maxTopicsPerSocket);
  assert.equal(client.socket.readyState, WebSocket.OPEN);

  client.socket.close();
  await waitFor(async () => hub.watcherCount() === 0 || undefined, 5000, 'followers stopped with the socket');
});

test('100k subscribe messages: the socket is closed with 1008, the daemon stays small, nothing keeps following', async (t) => {
  const { app, wsUrl } = await liveApp(t);
  const hub = app.ctx.live;
  for (let i = 0; i < maxTopicsPerSocket; i++) hub.open(`live:${i}`, null);
  const before = process.memoryUsage().rss;

  const socket = new WebSocket(wsUrl);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  let replies = 0;
  socket.on('message', () => replies++);
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  let peakFollowers = 0;
  const sampler = setInterval(() => (peakFollowers = Math.max(peakFollowers, hub.watcherCount())), 5);
  // Live topics first (they keep followers), then topics nobody writes.
  for (let i = 0; i < 100_000; i++) {
    if (socket.readyState !== WebSocket.OPEN) break;
    const topic = i < maxTopicsPerSocket ? `live:${i}` : `flood:${i}`;
    socket.send(JSON.stringify({ type: 'subscribe', topic, offset: 0 }));
  }
  const { code, reason } = await closed;
  clearInterval(sampler);
  assert.equal(code, policyViolation);
  assert.equal(reason, 'too many messages');
  assert.ok(peakFollowers <= maxTopicsPerSocket, `at most ${maxTopicsPerSocket} followers (saw ${peakFollowers})`);
  // The daemon answered only what it read before the budget ran out (a `missing` or an error per subscribe).
  assert.ok(replies <= liveLimits.messageBurst + 10, `${replies} replies`);
  await waitFor(async () => hub.watcherCount() === 0 || undefined, 5000, 'followers stopped with the socket');

  const grown = (process.memoryUsage().rss - before) / 1024 / 1024;
  assert.ok(grown < 64, `RSS grew ${grown.toFixed(1)} MB`);

  // The daemon still serves a well-behaved client.
  const next = await connect(wsUrl);
  next.send({ type: 'ping' });
  await next.until((all) => all.some((m) => m.type === 'pong'));
  next.socket.close();
});

test('a steady client within the rate keeps its socket', async (t) => {
  const { wsUrl } = await liveApp(t);
  const client = await connect(wsUrl);
  // The whole burst at once, then more at the refill rate: never closed.
  for (let i = 0; i < liveLimits.messageBurst - 1; i++) client.send({ type: 'ping' });
  await client.until((all) => all.filter((m) => m.type === 'pong').length === liveLimits.messageBurst - 1);
  for (let i = 0; i < 10; i++) {
    await new Promise((resolve) => setTimeout(resolve, 1000 / liveLimits.messagesPerSecond + 5));
    client.send({ type: 'ping' });
  }
  await client.until((all) => all.filter((m) => m.type === 'pong').length === liveLimits.messageBurst + 9);
  assert.equal(client.socket.readyState, WebSocket.OPEN);
  client.socket.close();
});
