/**
 * A single-file subscription whose URL carries secrets (`user:pass@`, `?token=…`): the download uses them, but the
 * pull log file and the live topic streamed over the WebSocket show them masked.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { subscriptionTopic } from '../../daemon/src/contract/enums.ts';
import { redactUrls } from '../../daemon/src/errors/redact.ts';
import { call, signedIn } from '../helpers/app.ts';
import { bytesOf, connect } from '../helpers/live.ts';
import { startRecorder } from '../helpers/recorder.ts';

const token = 's3cret-token-value';
const password = 'pa55-secret';

test('redactUrls hides user-info and query values, keeps names and the rest of the text', () => {
  assert.equal(
    redactUrls(`Downloading https://bob:${password}@host:8080/a/b.js?token=${token}&flag&empty=#frag done`),
    'Downloading https://***@host:8080/a/b.js?token=***&***&empty=#frag done',
  );
  assert.equal(redactUrls(`'http://h/x?${token}'`), `'http://h/x?***'`);
  assert.equal(redactUrls('no url here ?token=1'), 'no url here ?token=1');
  assert.equal(redactUrls('git@github.com:me/repo.git http://h/p'), 'git@github.com:me/repo.git http://h/p');
});

test('a raw-file subscription never writes its URL secrets to the pull log or the live topic', async (t) => {
  const started = await signedIn(t);
  const { app, dataDir } = started;
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  let status = 200;
  const server = await startRecorder(t, () => ({ status, body: "// cron: 0 5 * * *\nconst $ = new Env('Raw');\n" }));
  const url = `http://bob:${password}@127.0.0.1:${server.port}/files/raw_job.js?token=${token}&sig=${token}2`;
  const created = await call(app, 'POST', '/api/subscriptions', {
    token: started.token,
    payload: { name: 'Raw', type: 'file', url, schedule: '0 0 * * *' },
  });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  const sub = created.body.data as { id: number };

  for (const expected of ['success', 'failed']) {
    // Each pull gets a log file of its own (log names carry the time; the test clock moves only when told).
    started.clock.advance(1000);
    assert.equal(
      (await call(app, 'PUT', '/api/subscriptions/run', { token: started.token, payload: [sub.id] })).body.code,
      200,
    );
    await app.ctx.subscriptionPuller.idle();
    const runs = await call(app, 'GET', `/api/subscriptions/${sub.id}/instances`, { token: started.token });
    const run = (runs.body.data as { id: number; end: string; log_path: string; message: string | null }[])[0]!;
    assert.equal(run.end, expected);

    const file = readFileSync(path.join(dataDir, 'log', run.log_path), 'utf8');
    const live = await connect(`${address.replace('http', 'ws')}/api/ws?token=${started.token}`);
    live.send({ type: 'subscribe', topic: subscriptionTopic(run.id), offset: 0 });
    await live.until((all) => all.some((m) => m.type === 'end'));
    live.socket.close();
    const streamed = bytesOf(live.messages).toString('utf8');
    assert.equal(streamed, file, 'the live topic carries the file');

    for (const text of [file, streamed, run.message ?? '']) {
      assert.ok(!text.includes(token), `no token in: ${text}`);
      assert.ok(!text.includes(password), `no password in: ${text}`);
      assert.ok(!text.includes('bob:'), `no user-info in: ${text}`);
    }
    assert.match(file, /raw_job\.js\?token=\*\*\*&sig=\*\*\*/, 'the URL is still recognisable');
    status = 404;
  }
  // The download itself used the secrets.
  assert.ok(server.requests[0]!.url.includes(`token=${token}`));
  assert.equal(server.requests[0]!.headers.authorization, `Basic ${Buffer.from(`bob:${password}`).toString('base64')}`);
});
