import assert from 'node:assert/strict';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { FileNode } from '../../daemon/src/contract/files.ts';
import type { LogSearchEnd, LogSearchMatch } from '../../daemon/src/contract/logs.ts';
import { searchLogs } from '../../daemon/src/modules/logs/search.ts';
import { call, signedIn, tempDir } from '../helpers/app.ts';
import { addCron, runsOf, waitFor } from '../helpers/tasks.ts';

type Record = LogSearchMatch | LogSearchEnd;
const lines = (body: string): Record[] =>
  body
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record);

test('the logs tree names each folder after its task and says how each run ended, with its exit code', async (t) => {
  const { app, token } = await signedIn(t);
  const cron = await addCron(app, { command: 'exit 3', name: 'Nightly backup' });
  await call(app, 'PUT', '/api/crons/run', { token, payload: [cron.id] });
  const run = await waitFor(async () => (await runsOf(app, cron.id)).find((r) => r.end), 15_000, 'the run');
  const folder = path.posix.dirname(run.log_path!);

  const top = (await call(app, 'GET', '/api/logs', { token })).body.data as FileNode[];
  const node = top.find((n) => n.key === folder)!;
  assert.equal(node.label, 'Nightly backup');
  const file = (node.children as FileNode[]).find((n) => n.key === run.log_path)!;
  assert.deepEqual(file.run, { end: 'failed', exitCode: 3 });
  const level = (await call(app, 'GET', `/api/logs?path=${folder}`, { token })).body.data as FileNode[];
  assert.deepEqual(level[0]!.run, { end: 'failed', exitCode: 3 });
  const [dir, name] = run.log_path!.split('/');
  const detail = await call(app, 'GET', `/api/logs/detail?path=${dir}&file=${name}`, { token });
  assert.deepEqual((detail.body as unknown as { run: unknown }).run, { end: 'failed', exitCode: 3 });
  assert.equal((detail.body as unknown as { label: string }).label, 'Nightly backup');
  // A log no recorded run wrote has no result, and a folder no task owns has no name.
  mkdirSync(path.join(app.ctx.paths.log, 'loose'));
  writeFileSync(path.join(app.ctx.paths.log, 'loose', 'a.log'), 'x\n');
  const loose = (await call(app, 'GET', '/api/logs?path=loose', { token })).body.data as FileNode[];
  assert.equal(loose[0]!.run, undefined);
  const again = (await call(app, 'GET', '/api/logs?path=', { token })).body.data as FileNode[];
  assert.equal(again.find((n) => n.key === 'loose')!.label, undefined);
});

test('the log search answers matching lines as JSON lines, colours removed, newest logs first', async (t) => {
  const { app, token } = await signedIn(t);
  const log = app.ctx.paths.log;
  mkdirSync(path.join(log, 'a'));
  mkdirSync(path.join(log, 'b'));
  writeFileSync(path.join(log, 'a', 'old.log'), 'start\n\u001b[31mERROR\u001b[0m: token expired\nend\n');
  writeFileSync(path.join(log, 'b', 'new.log'), 'one\ntwo Token EXPIRED again\n');
  writeFileSync(path.join(log, 'b', '.hidden.log'), 'token expired\n');
  const now = Date.now() / 1000;
  const { utimesSync } = await import('node:fs');
  utimesSync(path.join(log, 'a', 'old.log'), now - 100, now - 100);

  const res = await app.inject({
    method: 'GET',
    url: `/api/logs/search?q=${encodeURIComponent('token expired')}`,
    headers: { authorization: `Bearer ${token}` },
  });
  assert.equal(res.statusCode, 200);
  assert.match(String(res.headers['content-type']), /ndjson/);
  const records = lines(res.body);
  assert.deepEqual(records, [
    { type: 'match', key: 'b/new.log', line: 2, text: 'two Token EXPIRED again', at: 4, length: 13 },
    { type: 'match', key: 'a/old.log', line: 2, text: 'ERROR: token expired', at: 7, length: 13 },
    { type: 'end', files: 2, bytes: (records.at(-1) as LogSearchEnd).bytes, cut: null },
  ]);
  // One folder only.
  const inA = await app.inject({
    method: 'GET',
    url: '/api/logs/search?q=expired&path=a',
    headers: { authorization: `Bearer ${token}` },
  });
  assert.deepEqual(
    lines(inA.body)
      .filter((r) => r.type === 'match')
      .map((r) => (r as LogSearchMatch).key),
    ['a/old.log'],
  );
});

test('the log search refuses paths that lead out, needs the logs scope, and checks its query', async (t) => {
  const { app, token } = await signedIn(t);
  const outside = tempDir(t);
  writeFileSync(path.join(outside, 'secret.log'), 'password=hunter2\n');
  symlinkSync(outside, path.join(app.ctx.paths.log, 'escape'));
  const viaLink = await call(app, 'GET', '/api/logs/search?q=hunter2&path=escape', { token });
  assert.equal(viaLink.status, 400);
  const dotted = await call(app, 'GET', '/api/logs/search?q=x&path=../config', { token });
  assert.equal(dotted.status, 400);
  const all = await app.inject({
    method: 'GET',
    url: '/api/logs/search?q=hunter2',
    headers: { authorization: `Bearer ${token}` },
  });
  assert.equal(lines(all.body).filter((r) => r.type === 'match').length, 0, 'a link out of data/log is not followed');
  assert.equal((await call(app, 'GET', '/api/logs/search?q=x')).status, 401);
  assert.equal((await call(app, 'GET', '/api/logs/search?q=', { token })).status, 400);
  assert.equal((await call(app, 'GET', `/api/logs/search?q=${'x'.repeat(201)}`, { token })).status, 400);
});

test('the log search stops at its bounds and says which one', async (t) => {
  const root = tempDir(t);
  for (let i = 0; i < 5; i++) writeFileSync(path.join(root, `${i}.log`), 'hit\n'.repeat(50));
  const bounds = { files: 100, bytes: 1 << 20, matches: 1000, matchesPerFile: 3, ms: 10_000, entries: 1000 };
  const collect = async (b: typeof bounds) => {
    const out: Record[] = [];
    for await (const r of searchLogs(root, 'hit', undefined, new AbortController().signal, b)) out.push(r);
    return out;
  };
  const perFile = await collect(bounds);
  assert.equal(perFile.filter((r) => r.type === 'match').length, 15, 'three per file');
  const few = await collect({ ...bounds, matches: 4 });
  assert.deepEqual(few.at(-1), { type: 'end', files: 2, bytes: (few.at(-1) as LogSearchEnd).bytes, cut: 'matches' });
  const files = await collect({ ...bounds, files: 2 });
  assert.equal((files.at(-1) as LogSearchEnd).cut, 'files');
  assert.equal((files.at(-1) as LogSearchEnd).files, 2);
  const bytes = await collect({ ...bounds, bytes: 300, matchesPerFile: 1000 });
  assert.equal((bytes.at(-1) as LogSearchEnd).cut, 'bytes');
  assert.ok((bytes.at(-1) as LogSearchEnd).bytes <= 300 + 4);
  const time = await collect({ ...bounds, ms: -1 });
  assert.equal((time.at(-1) as LogSearchEnd).cut, 'time');
  // A long line answers the part around the match.
  writeFileSync(path.join(root, 'long.log'), `${'a'.repeat(5000)}needle${'b'.repeat(5000)}\n`);
  const [long] = await (async () => {
    const out: Record[] = [];
    for await (const r of searchLogs(root, 'needle', undefined, new AbortController().signal, bounds)) out.push(r);
    return out;
  })();
  const match = long as LogSearchMatch;
  assert.ok(match.text.length < 300);
  assert.equal(match.text.slice(match.at, match.at + match.length), 'needle');
});
