/**
 * The system log through the real daemon (in-process, its logger writing into the real destination): what the routes
 * answer (filters, Qinglong's stream and delete), that secrets a request carries never reach the file, the settings
 * taking effect, and the live tail over the WebSocket across a delete.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import type { SystemLogEntries } from '../../daemon/src/contract/system-log-schemas.ts';
import { SystemLogFile } from '../../daemon/src/system-log/daily-file.ts';
import { call, signedIn, userDataDir } from '../helpers/app.ts';
import { bytesOf, connect } from '../helpers/live.ts';

async function withSystemLog(t: TestContext) {
  const dataDir = userDataDir(t);
  const echoed: string[] = [];
  const file = new SystemLogFile({ dir: path.join(dataDir, 'syslog'), echo: (line) => echoed.push(line) });
  const started = await signedIn(t, {
    dataDir,
    appOptions: { logger: { level: 'info', stream: file }, systemLog: file },
  });
  return { ...started, file, echoed, dir: path.join(dataDir, 'syslog') };
}

const entries = async (app: Parameters<typeof call>[0], token: string, query = '') => {
  const res = await call(app, 'GET', `/api/system/log/entries${query}`, { token });
  assert.equal(res.body.code, 200, JSON.stringify(res.body));
  return res.body.data as SystemLogEntries;
};

test('system log: the daemon writes one file a day; entries filter by level and text; secrets never land', async (t) => {
  const { app, token, dir, echoed } = await withSystemLog(t);
  app.log.info({ task: 'nightly-backup' }, 'task started');
  app.log.warn({ url: 'https://bob:hunter2@git.example.com/r.git?token=abc' }, 'pull failed');
  app.log.error({ password: 'swordfish', req: { headers: { authorization: 'Bearer abcdef123456' } } }, 'odd request');
  const days = readdirSync(dir);
  assert.equal(days.length, 1);
  assert.match(days[0]!, /^\d{4}-\d{2}-\d{2}\.log$/);
  const text = readFileSync(path.join(dir, days[0]!), 'utf8');
  for (const secret of ['hunter2', 'token=abc', 'swordfish', 'abcdef123456']) {
    assert.ok(!text.includes(secret), `${secret} is not in the file`);
    assert.ok(!echoed.join('').includes(secret), `${secret} is not on the standard output`);
  }

  const all = await entries(app, token);
  assert.ok(all.entries.some((e) => e.msg === 'task started'));
  assert.equal(all.today, days[0]!.slice(0, 10));
  assert.equal(all.tail?.offset, readFileSync(path.join(dir, days[0]!)).length);
  const warnings = await entries(app, token, '?level=40');
  assert.ok(warnings.entries.every((e) => e.level >= 40));
  assert.deepEqual(
    warnings.entries.map((e) => e.msg).filter((msg) => !msg.includes('ui/dist')),
    ['pull failed', 'odd request'],
  );
  const byText = await entries(app, token, '?text=NIGHTLY');
  assert.deepEqual(
    byText.entries.map((e) => e.msg),
    ['task started'],
  );
  const past = await entries(app, token, '?from=2001-01-01&to=2001-01-02');
  assert.deepEqual(past.entries, []);
  assert.equal(past.tail, null);
  const bad = await call(app, 'GET', '/api/system/log/entries?from=yesterday', { token });
  assert.equal(bad.status, 400);
});

test("system log: Qinglong's GET /api/system/log streams the days' text and DELETE removes every day", async (t) => {
  const { app, token, dir } = await withSystemLog(t);
  writeFileSync(path.join(dir, '2001-01-01.log'), '{"level":30,"time":1,"msg":"long ago"}\n');
  app.log.info('today one');
  const today = readdirSync(dir).find((name) => !name.startsWith('2001'))!;

  const res = await app.inject({
    method: 'GET',
    url: `/api/system/log?startTime=2001-01-01&endTime=${today.slice(0, 10)}`,
    headers: { authorization: `Bearer ${token}` },
  });
  assert.equal(res.statusCode, 200);
  assert.equal(res.headers['content-type'], 'application/octet-stream');
  assert.match(res.body, /long ago[\s\S]*today one/);
  assert.equal(res.headers['x-ql-log-truncated'], 'false');
  assert.equal(Number(res.headers['x-ql-log-total']), res.rawPayload.length);
  const todayOnly = await app.inject({
    method: 'GET',
    url: '/api/system/log',
    headers: { authorization: `Bearer ${token}` },
  });
  assert.ok(!todayOnly.body.includes('long ago'), 'without dates: today only');

  const deleted = await call(app, 'DELETE', '/api/system/log', { token });
  assert.deepEqual(deleted.body, { code: 200, data: null });
  assert.deepEqual(readdirSync(dir), [today], "only today's file, started again");
  assert.equal(readFileSync(path.join(dir, today), 'utf8'), '');
  const unauthorised = await call(app, 'DELETE', '/api/system/log');
  assert.equal(unauthorised.status, 401);
});

test('system log: the settings round-trip and take effect at once', async (t) => {
  const { app, token, dir } = await withSystemLog(t);
  const defaults = await call(app, 'GET', '/api/system/config/system-log', { token });
  assert.deepEqual(defaults.body.data, { systemLogDays: 7, systemLogMaxMb: 50 });
  writeFileSync(path.join(dir, '2001-01-01.log'), 'x'.repeat(2 * 1024 * 1024));
  const saved = await call(app, 'PUT', '/api/system/config/system-log', {
    token,
    payload: { systemLogDays: 30, systemLogMaxMb: 1 },
  });
  assert.deepEqual(saved.body.data, { systemLogDays: 30, systemLogMaxMb: 1 });
  assert.ok(!readdirSync(dir).includes('2001-01-01.log'), 'the folder is brought under the new limit at once');
  const refused = await call(app, 'PUT', '/api/system/config/system-log', {
    token,
    payload: { systemLogDays: 0, systemLogMaxMb: 1 },
  });
  assert.equal(refused.status, 400);
  assert.deepEqual((await call(app, 'GET', '/api/system/config/system-log', { token })).body.data, {
    systemLogDays: 30,
    systemLogMaxMb: 1,
  });
});

test('system log: new lines reach a live tail from its offset; a delete ends the topic', async (t) => {
  const { app, token } = await withSystemLog(t);
  app.log.info('before the tail');
  const view = await entries(app, token);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const client = await connect(`${address.replace('http', 'ws')}/api/ws?token=${token}`);
  t.after(() => client.socket.close());
  client.send({ type: 'subscribe', topic: view.tail!.topic, offset: view.tail!.offset });
  app.log.warn('after the tail');
  await client.until((all) => bytesOf(all).toString().includes('after the tail'));
  assert.ok(!bytesOf(client.messages).toString().includes('before the tail'), 'nothing before the offset');
  await call(app, 'DELETE', '/api/system/log', { token });
  await client.until((all) => all.some((m) => m.type === 'end'));
  const fresh = await entries(app, token);
  assert.notEqual(fresh.tail!.topic, view.tail!.topic, 'the new file is a new topic');
});
