import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import WebSocket from 'ws';
import { runTopic } from '../../daemon/src/contract/live.ts';
import { signedIn } from '../helpers/app.ts';
import { addCron, runsOf, waitFor } from '../helpers/tasks.ts';
import { bytesOf, connect } from '../helpers/live.ts';

test('live log: stream a running task, drop the connection, resume from the byte offset, get the end', async (t) => {
  const { app, token, dataDir } = await signedIn(t);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const wsUrl = `${address.replace('http', 'ws')}/api/ws?token=${token}`;

  const refused = new WebSocket(`${address.replace('http', 'ws')}/api/ws`);
  const refusal = await new Promise<number>((resolve) =>
    refused.once('unexpected-response', (_req, res) => resolve(res.statusCode!)),
  );
  assert.equal(refusal, 401, 'no token, no socket');

  const cron = await addCron(app, {
    command: 'for i in 1 2 3 4 5 6; do echo "line $i 中文"; sleep 0.15; done',
  });
  await app.ctx.taskRuns.run([cron.id]);
  const [run] = await waitFor(async () => {
    const rows = await runsOf(app, cron.id);
    return rows[0]?.log_path ? rows : undefined;
  });
  const topic = runTopic(run!.id);

  const first = await connect(wsUrl);
  first.send({ type: 'subscribe', topic, offset: 0 });
  await first.until((all) => bytesOf(all).toString().includes('line 2'));
  const received = bytesOf(first.messages);
  first.socket.close();

  const second = await connect(wsUrl);
  second.send({ type: 'subscribe', topic, offset: received.length });
  await second.until((all) => all.some((m) => m.type === 'end'));
  const chunks = second.messages.filter((m) => m.type === 'chunk');
  assert.equal(chunks[0]!.type === 'chunk' && chunks[0]!.offset, received.length, 'resumes exactly at the offset');
  const end = second.messages.find((m) => m.type === 'end')!;
  assert.ok(end.type === 'end');
  assert.equal(end.end, 'success');
  assert.equal(end.exitCode, 0);

  const whole = Buffer.concat([received, bytesOf(second.messages)]).toString('utf8');
  const file = readFileSync(path.join(dataDir, 'log', run!.log_path!), 'utf8');
  assert.equal(whole, file, 'no gap, no repeat');
  assert.match(whole, /line 6 中文/);
  assert.equal(end.offset, Buffer.byteLength(file));

  // A client that arrives after the run ended gets the whole log and the end straight away.
  const late = await connect(wsUrl);
  late.send({ type: 'subscribe', topic, offset: 0 });
  await late.until((all) => all.some((m) => m.type === 'end'));
  assert.equal(bytesOf(late.messages).toString('utf8'), file);
  const unknown = await connect(wsUrl);
  unknown.send({ type: 'subscribe', topic: runTopic(999_999) });
  await unknown.until((all) => all.some((m) => m.type === 'missing'));
  for (const client of [second, late, unknown]) client.socket.close();
});

test('live log: status events reach every connected client', async (t) => {
  const { app, token } = await signedIn(t);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const client = await connect(`${address.replace('http', 'ws')}/api/ws?token=${token}`);
  const cron = await addCron(app, { command: 'true' });
  await app.ctx.taskRuns.run([cron.id]);
  await client.until((all) =>
    all.some((m) => m.type === 'event' && m.name === 'cronStatus' && (m.payload as { status: number }).status === 0),
  );
  await client.until((all) =>
    all.some((m) => m.type === 'event' && m.name === 'cronStatus' && (m.payload as { status: number }).status === 1),
  );
  client.socket.close();
});
