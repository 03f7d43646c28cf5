/**
 * The system log: redaction of every line, one file a day in the panel's zone, days kept and the size limit, clearing,
 * and reading back (filtered entries, Qinglong's byte ranges). Real files in a temp folder; the time and the panel's
 * zone are injected (the process's zone plays no part).
 */
// @zoned

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import { parseSystemLogLine, systemLogMatches, SystemLogLevels } from '../../daemon/src/contract/system-log.ts';
import { SystemLogFile } from '../../daemon/src/system-log/daily-file.ts';
import { readEntries, selectForStream } from '../../daemon/src/system-log/reader.ts';
import { redactLogLine } from '../../daemon/src/system-log/redact-line.ts';

function tempDir(t: TestContext): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'baihu-syslog-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const zone = 'Asia/Shanghai';
/** 2026-03-10 09:00 in Shanghai. */
const morning = Date.UTC(2026, 2, 10, 1, 0, 0);
const hour = 3_600_000;
const day = 24 * hour;

const line = (fields: Record<string, unknown>) => `${JSON.stringify({ level: 30, time: morning, ...fields })}\n`;

test('redaction: secret fields, URL credentials, bearer tokens, JWTs and key=value pairs never pass', () => {
  const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJrZWVwZXIifQ.c2lnbmF0dXJlLXNpZ24';
  const out = redactLogLine(
    line({
      msg: `pull https://bob:hunter2@git.example.com/r.git?token=abc&x=1 with password=swordfish and ${jwt}`,
      req: { headers: { authorization: 'Bearer abcdef123456', cookie: 'sid=42', 'x-api-key': 'k-123456' } },
      password: 'p4ss',
      notifyToken: 'tok-9',
      clientSecret: { nested: 'value' },
      tokenCount: 3,
      err: { message: 'failed: Authorization: Bearer zzzzzzzzzz', stack: 'at https://u:p@h/x' },
    }),
  );
  for (const secret of ['hunter2', 'abc&', 'swordfish', jwt, 'abcdef123456', 'sid=42', 'k-123456', 'p4ss', 'tok-9']) {
    assert.ok(!out.includes(secret), `${secret} is hidden in ${out}`);
  }
  assert.ok(!out.includes('zzzzzzzzzz') && !out.includes('u:p@'));
  assert.ok(!out.includes('"nested"'), 'a secret-named object is hidden whole');
  const parsed = JSON.parse(out) as Record<string, unknown>;
  assert.equal(parsed.tokenCount, 3, 'a count under a secret-looking name stays');
  assert.match(String(parsed.msg), /https:\/\/\*\*\*@git\.example\.com\/r\.git\?token=\*\*\*&x=\*\*\*/);
  assert.match(String(parsed.msg), /password=\*\*\*/);
  assert.ok(out.endsWith('}\n'));
  // A line with nothing secret is unchanged, and text that is not JSON is still scrubbed.
  const plain = line({ msg: 'listening on 5700' });
  assert.equal(redactLogLine(plain), plain);
  assert.equal(redactLogLine('token=abc def\n'), 'token=*** def\n');
});

test("daily file: one file a day named in the panel's zone, echoed redacted, secrets never written", (t) => {
  const dir = tempDir(t);
  let now = morning;
  const echoed: string[] = [];
  const log = new SystemLogFile({ timezone: () => zone, dir, echo: (l) => echoed.push(l), now: () => now });
  log.write(line({ msg: 'first', password: 'secret-1' }));
  // 23:59 and then 00:00:01 in the panel's zone: the second line starts the next day's file.
  now = Date.UTC(2026, 2, 10, 15, 59, 0);
  log.write(line({ msg: 'late' }));
  now = Date.UTC(2026, 2, 10, 16, 0, 1);
  log.write(line({ msg: 'next day' }));
  log.close();

  assert.deepEqual(readdirSync(dir).sort(), ['2026-03-10.log', '2026-03-11.log']);
  const first = readFileSync(path.join(dir, '2026-03-10.log'), 'utf8');
  assert.equal(first.trim().split('\n').length, 2);
  assert.ok(!first.includes('secret-1') && first.includes('"password":"***"'));
  assert.match(readFileSync(path.join(dir, '2026-03-11.log'), 'utf8'), /next day/);
  assert.equal(echoed.length, 3);
  assert.ok(echoed.every((l) => !l.includes('secret-1')));
});

test('daily file: days older than the kept number are removed when a day begins', (t) => {
  const dir = tempDir(t);
  for (const old of ['2026-03-01', '2026-03-03', '2026-03-04', '2026-03-09']) {
    writeFileSync(path.join(dir, `${old}.log`), line({ msg: old }));
  }
  writeFileSync(path.join(dir, 'notes.txt'), 'not a day file');
  const log = new SystemLogFile({
    timezone: () => zone,
    dir,
    echo: () => {},
    now: () => morning,
    limits: { keepDays: 7, maxBytes: 1e9 },
  });
  log.write(line({ msg: 'today' }));
  log.close();
  // Kept: 2026-03-04 … 2026-03-10 (7 days with today).
  assert.deepEqual(readdirSync(dir).sort(), ['2026-03-04.log', '2026-03-09.log', '2026-03-10.log', 'notes.txt']);
});

test('daily file: over the size limit the oldest days go; today alone at the limit stops taking lines once', (t) => {
  const dir = tempDir(t);
  const big = 'x'.repeat(300);
  writeFileSync(path.join(dir, '2026-03-08.log'), `${big}\n`);
  writeFileSync(path.join(dir, '2026-03-09.log'), `${big}\n`);
  const echoed: string[] = [];
  const log = new SystemLogFile({
    timezone: () => zone,
    dir,
    echo: (l) => echoed.push(l),
    now: () => morning,
    limits: { keepDays: 30, maxBytes: 1000 },
  });
  const entry = line({ msg: 'y'.repeat(150) });
  for (let i = 0; i < 3; i++) log.write(entry);
  // 602 older + 3 × ~200 today > 1000: the oldest day went first.
  assert.deepEqual(readdirSync(dir).sort(), ['2026-03-09.log', '2026-03-10.log']);
  for (let i = 0; i < 10; i++) log.write(entry);
  log.close();
  assert.deepEqual(readdirSync(dir), ['2026-03-10.log'], 'every older day went before today was capped');
  const today = readFileSync(path.join(dir, '2026-03-10.log'), 'utf8').trim().split('\n');
  assert.match(today.at(-1)!, /reached its size limit/);
  assert.equal(today.filter((l) => l.includes('size limit')).length, 1, 'the notice is written once');
  assert.ok(Buffer.byteLength(today.join('\n')) < 1000 + 300);
  assert.equal(echoed.length, 13, 'the standard output keeps every line');
});

test('daily file: clear removes every day and today starts empty; listeners hear each line and each new day', (t) => {
  const dir = tempDir(t);
  writeFileSync(path.join(dir, '2026-03-09.log'), line({ msg: 'yesterday' }));
  const log = new SystemLogFile({ timezone: () => zone, dir, echo: () => {}, now: () => morning });
  const appended: number[] = [];
  const days: string[] = [];
  log.onAppend((_day, bytes) => appended.push(bytes));
  log.onDay((d, _file, size) => days.push(`${d}:${size}`));
  log.write(line({ msg: 'a' }));
  const size = log.current().size;
  assert.equal(appended[0], size);
  log.clear();
  assert.deepEqual(readdirSync(dir), ['2026-03-10.log']);
  assert.equal(log.current().size, 0);
  assert.deepEqual(days, ['2026-03-10:0', '2026-03-10:0']);
  log.write(line({ msg: 'b' }));
  log.close();
  assert.match(readFileSync(path.join(dir, '2026-03-10.log'), 'utf8'), /"msg":"b"/);
});

test('daily file: an unwritable folder only turns the file side off', (t) => {
  const dir = path.join(tempDir(t), 'missing', 'deeper');
  const echoed: string[] = [];
  const log = new SystemLogFile({ timezone: () => zone, dir, echo: (l) => echoed.push(l), now: () => morning });
  assert.doesNotThrow(() => log.write(line({ msg: 'still echoed' })));
  assert.equal(echoed.length, 1);
});

test('entries: level and text filter, date range, newest N, and the offset a live tail continues from', async (t) => {
  const dir = tempDir(t);
  const write = (d: string, records: Record<string, unknown>[]) =>
    writeFileSync(path.join(dir, `${d}.log`), records.map((r) => line(r)).join(''));
  write('2026-03-08', [{ msg: 'old warning', level: 40 }]);
  write('2026-03-09', [
    { msg: 'info 1' },
    { msg: 'cron failed', level: 50, task: 'backup-nightly' },
    { msg: 'info 2' },
  ]);
  write('2026-03-10', [{ msg: 'today info' }, { msg: 'today warn', level: 40 }]);
  const todaySize = readFileSync(path.join(dir, '2026-03-10.log')).length;
  // A line written after the request began is not read (the live tail brings it).
  writeFileSync(path.join(dir, '2026-03-10.log'), line({ msg: 'after' }), { flag: 'a' });
  const today = { day: '2026-03-10', size: todaySize };

  const all = await readEntries(dir, today, { from: '2026-03-09', to: '2026-03-10', filter: {}, limit: 100 });
  assert.deepEqual(
    all.entries.map((e) => e.msg),
    ['info 1', 'cron failed', 'info 2', 'today info', 'today warn'],
  );
  assert.deepEqual(all.tail, { day: '2026-03-10', offset: todaySize });
  assert.equal(all.truncated, false);
  assert.deepEqual(all.entries[1]!.fields, { task: 'backup-nightly' });

  const warnings = await readEntries(dir, today, {
    from: '2026-03-01',
    to: '2026-03-10',
    filter: { minLevel: SystemLogLevels.warn },
    limit: 100,
  });
  assert.deepEqual(
    warnings.entries.map((e) => e.msg),
    ['old warning', 'cron failed', 'today warn'],
  );
  const byField = await readEntries(dir, today, {
    from: '2026-03-01',
    to: '2026-03-10',
    filter: { text: 'NIGHTLY' },
    limit: 100,
  });
  assert.deepEqual(
    byField.entries.map((e) => e.msg),
    ['cron failed'],
  );
  const newest = await readEntries(dir, today, { from: '2026-03-01', to: '2026-03-10', filter: {}, limit: 2 });
  assert.deepEqual(
    newest.entries.map((e) => e.msg),
    ['today info', 'today warn'],
  );
  assert.equal(newest.truncated, true);
  const past = await readEntries(dir, today, { from: '2026-03-08', to: '2026-03-08', filter: {}, limit: 10 });
  assert.equal(past.tail, null, 'no live tail for a range that ends before today');
});

test("Qinglong's stream: days from startTime to endTime, the last `limit` bytes", async (t) => {
  const dir = tempDir(t);
  writeFileSync(path.join(dir, '2026-03-08.log'), 'a'.repeat(100));
  writeFileSync(path.join(dir, '2026-03-09.log'), 'b'.repeat(100));
  writeFileSync(path.join(dir, '2026-03-10.log'), 'c'.repeat(100));
  const today = await selectForStream(dir, { now: morning, zone }, {}, 1024 * 1024);
  assert.deepEqual(
    today.parts.map((p) => path.basename(p.file)),
    ['2026-03-10.log'],
  );
  const range = await selectForStream(
    dir,
    { now: morning, zone },
    { startTime: '2026-03-08', endTime: '2026-03-09' },
    150,
  );
  assert.equal(range.total, 200);
  assert.equal(range.length, 150);
  assert.deepEqual(
    range.parts.map((p) => [path.basename(p.file), p.start, p.length]),
    [
      ['2026-03-08.log', 50, 50],
      ['2026-03-09.log', 0, 100],
    ],
  );
  const byMs = await selectForStream(
    dir,
    { now: morning, zone },
    { startTime: String(morning - day), endTime: String(morning) },
    1e6,
  );
  assert.equal(byMs.parts.length, 2);
});

test('entries: the UI and the daemon share one parser and filter', () => {
  const entry = parseSystemLogLine(JSON.stringify({ level: 50, time: 1, msg: 'Boom', pid: 1, hostname: 'h', id: 7 }));
  assert.deepEqual(entry, { level: 50, time: 1, msg: 'Boom', fields: { id: 7 } });
  assert.equal(systemLogMatches(entry!, { minLevel: 60 }), false);
  assert.equal(systemLogMatches(entry!, { text: 'boom' }), true);
  assert.equal(systemLogMatches(entry!, { text: 'hostname' }), false, 'pino bookkeeping is not searched');
  assert.equal(parseSystemLogLine('not json'), null);
});

test('daily file: a folder that appears later is written to within seconds', (t) => {
  const dir = path.join(tempDir(t), 'syslog');
  let now = morning;
  const log = new SystemLogFile({ timezone: () => zone, dir, echo: () => {}, now: () => now });
  log.write(line({ msg: 'before the folder' }));
  mkdirSync(dir);
  log.write(line({ msg: 'too soon' }));
  now += 6000;
  log.write(line({ msg: 'after the retry' }));
  log.close();
  assert.deepEqual(readdirSync(dir), ['2026-03-10.log']);
  assert.match(readFileSync(path.join(dir, '2026-03-10.log'), 'utf8'), /after the retry/);
});
