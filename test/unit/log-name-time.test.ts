import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileStamp, logNameTime } from '../../daemon/src/files/stamp.ts';

// Stamps are local time: a zone far from UTC, with no daylight saving, and one with it.
process.env.TZ = 'Asia/Shanghai';

test("a log's name says when it was started, in local time, in each of Qinglong's forms", () => {
  const at = Date.UTC(2025, 0, 31, 16, 5, 9, 42); // 2025-02-01 00:05:09.042 in Shanghai
  assert.equal(fileStamp(at), '2025-02-01-00-05-09-042');
  assert.equal(logNameTime(`${fileStamp(at)}.log`), at);
  assert.equal(logNameTime('2025-02-01-00-05-09.log'), at - 42, 'a pull log has no milliseconds');
  assert.equal(logNameTime('2025-02-01-00-05-09-042_3.log'), at, "a `task conc` part keeps its run's stamp");
});

test('any other name, or an impossible date, says nothing (the file is then asked)', () => {
  for (const name of [
    'a.log',
    '2025-02-01-00-05-09-042.txt',
    '2025-02-01-00-05-09-042.log.bak',
    'x2025-02-01-00-05-09-042.log',
    '2025-13-01-00-05-09-042.log',
    '2025-02-30-00-05-09-042.log',
    '2025-02-01-24-05-09-042.log',
    '2025-02-01-00-60-09-042.log',
    '2025-02-01-00-05-60-042.log',
    '2025-2-1-0-5-9-42.log',
    '2025-02-01-00-05-09-04.log',
    '2025-02-01-00-05-09-042_.log',
    '2025-02-01-00-05-09-042_a.log',
    '2025-02-01-00-05-09x.log',
    '2025-02-01T00-05-09-042.log',
    '.log',
  ])
    assert.equal(logNameTime(name), null, name);
});

test('a local time that does not exist (a daylight-saving gap) says nothing', () => {
  const zone = process.env.TZ;
  process.env.TZ = 'Europe/Berlin';
  try {
    assert.equal(logNameTime('2025-03-30-02-30-00-000.log'), null);
    assert.equal(logNameTime('2025-03-30-03-30-00-000.log'), Date.UTC(2025, 2, 30, 1, 30));
  } finally {
    process.env.TZ = zone;
  }
});
