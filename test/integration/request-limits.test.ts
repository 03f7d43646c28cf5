/**
 * Request limits: a 2 MB default body limit with explicit larger limits on the routes that take big bodies (413 with
 * a clear message, never a 500), and slow-request protection (a slowloris client is cut off; a WebSocket and a
 * steady request are not).
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { test } from 'node:test';
import { defaultBodyLimit, envBodyLimit, scriptBodyLimit } from '../../daemon/src/http/limits.ts';
import { call, signedIn } from '../helpers/app.ts';
import { multipart } from '../helpers/files.ts';
import { connect } from '../helpers/live.ts';

const MiB = 1024 * 1024;

test('bodies over the route limit answer 413 with a clear message; big-body routes take what they need', async (t) => {
  const { app, token } = await signedIn(t);
  assert.equal(defaultBodyLimit, 2 * MiB);

  // A JSON route: 3 MB is refused before it is parsed, in both languages.
  const big = { name: 'x', command: `echo ${'a'.repeat(3 * MiB)}`, schedule: '0 0 * * *' };
  for (const [lang, text] of [
    ['en', 'The request is too large: this endpoint accepts at most 2 MB'],
    ['zh', '请求内容过大：此接口最多接受 2 MB'],
  ] as const) {
    const refused = await call(app, 'POST', '/api/crons', { token, lang, payload: big });
    assert.equal(refused.status, 413);
    assert.deepEqual(refused.body, { code: 413, message: text, error: 'bodyTooLarge' });
  }

  // Routes that take big bodies say so: a 10 MB script, 3 MB of variables (read whole, then refused by the rule on
  // what a run can receive, not by the body limit), a 3 MB upload (multipart).
  const script = 'console.log(1);\n'.repeat((10 * MiB) / 16);
  const saved = await call(app, 'POST', '/api/scripts', {
    token,
    payload: { filename: 'big.js', path: '', content: script },
  });
  assert.equal(saved.status, 200, JSON.stringify(saved.body).slice(0, 300));
  const envs = await call(app, 'POST', '/api/envs', {
    token,
    payload: [1, 2, 3].map((i) => ({ name: `BIG_${i}`, value: 'v'.repeat(1_000_000) })),
  });
  assert.equal(envs.status, 400, JSON.stringify(envs.body).slice(0, 300));
  assert.equal(envs.body.error, 'envVariableTooLarge');
  const upload = multipart({ path: '' }, { field: 'file', name: 'up.js', content: Buffer.alloc(3 * MiB, 'u') });
  const up = await call(app, 'POST', '/api/scripts', { token, payload: upload.payload, headers: upload.headers });
  assert.equal(up.status, 200, JSON.stringify(up.body));

  // Their own limits answer the same way.
  const tooBigEnvs = await call(app, 'POST', '/api/envs', {
    token,
    payload: Array.from({ length: 21 }, (_, i) => ({ name: `HUGE_${i}`, value: 'v'.repeat(1_000_000) })),
  });
  assert.equal(tooBigEnvs.status, 413);
  assert.equal(
    tooBigEnvs.body.message,
    `The request is too large: this endpoint accepts at most ${envBodyLimit / MiB} MB`,
  );
  assert.equal(scriptBodyLimit, 50 * MiB);
});

test('a chunked body (no Content-Length) over the limit is cut at the limit and answered 413', async (t) => {
  const { app, token } = await signedIn(t);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const reply = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(`${address}/api/crons`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': 'en' },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    const piece = Buffer.alloc(256 * 1024, 'a');
    req.write('{"name":"x","schedule":"0 0 * * *","command":"');
    let sent = 0;
    const pump = () => {
      while (sent < 4 * MiB) {
        sent += piece.length;
        if (!req.write(piece)) return void req.once('drain', pump);
      }
      req.end('"}');
    };
    pump();
  });
  assert.equal(reply.status, 413);
  assert.equal(JSON.parse(reply.body).error, 'bodyTooLarge');
});

test('slowloris: headers dribbled byte by byte are cut off; a WebSocket and normal requests are not', async (t) => {
  // The production values are 30 s for headers; the same mechanism, shortened so the test takes seconds.
  const { app, token } = await signedIn(t, {
    timeouts: { headersTimeoutMs: 600, requestTimeoutMs: 1500, idleTimeoutMs: 1000, checkIntervalMs: 100 },
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const port = Number(new URL(address).port);

  const live = await connect(`${address.replace('http', 'ws')}/api/ws?token=${token}`);
  const liveSince = Date.now();

  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  let received = '';
  socket.on('data', (c: Buffer) => (received += c.toString()));
  const started = Date.now();
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - started)));
  const header = `GET /api/health HTTP/1.1\r\nHost: x\r\n${'X-Slow: '.padEnd(400, 'z')}\r\n\r\n`;
  let sent = 0;
  const dribble = setInterval(() => {
    if (socket.destroyed || sent >= header.length) return clearInterval(dribble);
    socket.write(header[sent++]!);
  }, 20);
  const elapsed = await closed;
  clearInterval(dribble);
  assert.ok(sent < header.length, `cut off before the headers were complete (${sent} of ${header.length} bytes)`);
  assert.ok(elapsed < 3000, `closed after ${elapsed} ms`);
  assert.match(received, /^HTTP\/1\.1 408/);

  // Meanwhile, well past every timeout, the WebSocket is still open and answers; a normal request still works.
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, liveSince + 2000 - Date.now())));
  live.send({ type: 'ping' });
  await live.until((all) => all.some((m) => m.type === 'pong'));
  live.socket.close();
  const health = await fetch(`${address}/api/health`);
  assert.equal(health.status, 200);
});
