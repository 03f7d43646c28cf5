/**
 * Integration: the port the server opens before it loads the app (daemon/src/app/door.ts). A real Door on 127.0.0.1
 * and a real Fastify app with @fastify/websocket given it as its server (as app.ts is); then the real daemon process,
 * whose health check turns ready once its start work is done.
 */
import fastifyWebsocket from '@fastify/websocket';
import Fastify from 'fastify';
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { test } from 'node:test';
import WebSocket from 'ws';
import { Door } from '../../daemon/src/app/door.ts';
import { defaultTimeouts } from '../../daemon/src/http/limits.ts';
import { version } from '../../daemon/src/install/version.ts';
import { userDataDir } from '../helpers/app.ts';
import { startDaemon } from '../helpers/daemon.ts';

async function openDoor(baseUrl = '/') {
  return Door.open({ host: '127.0.0.1', port: 0, baseUrl, version, timeouts: defaultTimeouts });
}

async function healthOf(url: string, method = 'GET') {
  const res = await fetch(url, { method });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

test('before the hand-over the door answers the health check, not ready, and holds every other request', async (t) => {
  const door = await openDoor('/panel/');
  t.after(() => door.server.close());
  const base = door.address();

  const health = await healthOf(`${base}/panel/api/health?probe=1`);
  assert.equal(health.status, 200);
  assert.match(health.type ?? '', /application\/json/);
  const body = JSON.parse(health.text) as { code: number; data: Record<string, unknown> };
  assert.equal(body.code, 200);
  assert.equal(body.data.status, 'ok');
  assert.equal(body.data.version, version);
  assert.equal(body.data.ready, false);
  assert.equal(typeof body.data.uptime, 'number');
  assert.deepEqual(await healthOf(`${base}/panel/api/health`, 'HEAD'), { ...health, text: '' });

  // Not the health check: other paths, spellings and methods wait for the app.
  const held = ['/panel/api/system', '/api/health', '/panel/api/health/', '/PANEL/api/health', '/panel/api/healthz'];
  const answers = held.map((path) => fetch(`${base}${path}`).then(async (res) => `${res.status} ${await res.text()}`));
  const posted = fetch(`${base}/panel/api/health`, { method: 'POST', body: 'x' }).then((res) => res.status);
  const early = await Promise.race([
    Promise.all([...answers, posted]).then(() => 'answered'),
    new Promise((resolve) => setTimeout(() => resolve('waiting'), 300)),
  ]);
  assert.equal(early, 'waiting', 'nothing but the health check is answered before the app has the door');

  const app = Fastify({ serverFactory: door.serverFactory });
  app.all('/*', async (request) => `app ${request.method} ${request.url}`);
  await app.ready();
  assert.equal(app.server, door.server, 'the app serves the socket the door opened');
  door.handOver();
  assert.deepEqual(await Promise.all(answers), [
    '200 app GET /panel/api/system',
    '200 app GET /api/health',
    '200 app GET /panel/api/health/',
    '200 app GET /PANEL/api/health',
    '200 app GET /panel/api/healthz',
  ]);
  assert.equal(await posted, 200);
  assert.equal(
    (await healthOf(`${base}/panel/api/health`)).text,
    'app GET /panel/api/health',
    'then the app answers it',
  );
  await app.close();
});

test('a WebSocket upgrade asked before the hand-over is served by the app after it', async (t) => {
  const door = await openDoor();
  t.after(() => door.server.close());
  const socket = new WebSocket(`${door.address().replace('http', 'ws')}/live`);
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const echoed = new Promise<string>((resolve) => socket.once('message', (data: Buffer) => resolve(data.toString())));
  await new Promise((resolve) => setTimeout(resolve, 200));
  assert.equal(socket.readyState, WebSocket.CONNECTING, 'the upgrade waits for the app');

  const app = Fastify({ serverFactory: door.serverFactory });
  await app.register(fastifyWebsocket, { options: { server: door.upgrades as unknown as Server } });
  app.register(async (scope) => {
    scope.get('/live', { websocket: true }, (ws) => {
      ws.on('message', (data: Buffer) => ws.send(`echo ${data}`));
    });
  });
  await app.ready();
  door.handOver();
  await opened;
  socket.send('hi');
  assert.equal(await echoed, 'echo hi');
  socket.close();
  await app.close();
});

test('the daemon behind its door: health turns ready once the start work is done', async (t) => {
  const daemon = await startDaemon(t, userDataDir(t));
  const deadline = Date.now() + 20_000;
  let data: Record<string, unknown> = {};
  while (data.ready !== true && Date.now() < deadline) {
    data = ((await (await fetch(`${daemon.url}/api/health`)).json()) as { data: Record<string, unknown> }).data;
  }
  assert.deepEqual(
    { status: data.status, version: data.version, ready: data.ready },
    { status: 'ok', version, ready: true },
  );
  const system = await fetch(`${daemon.url}/api/system`);
  assert.equal(system.status, 200, 'served by the app');
});
