// @zoned
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { logNameTime } from '../../daemon/src/files/stamp.ts';
import { fileStamp } from '../../daemon/src/time/wall-clock.ts';

// Stamps are in the panel's zone, whatever the process's: a zone far from UTC, with no daylight saving, and one with it.
const shanghai = 'Asia/Shanghai';

test("a log's name says when it was started, in the panel's zone, in each of Qinglong's forms", () => {
  const at = Date.UTC(2025, 0, 31, 16, 5, 9, 42); // 2025-02-01 00:05:09.042 in Shanghai
  assert.equal(fileStamp(at, shanghai), '2025-02-01-00-05-09-042');
  assert.equal(logNameTime(`${fileStamp(at, shanghai)}.log`, shanghai), at);
  assert.equal(logNameTime('2025-02-01-00-05-09.log', shanghai), at - 42, 'a pull log has no milliseconds');
  assert.equal(logNameTime('2025-02-01-00-05-09-042_3.log', shanghai), at, "a `task conc` part keeps its run's stamp");
  assert.equal(logNameTime('2025-02-01-00-05-09-042.log', 'UTC'), at + 8 * 3_600_000, 'the same name in UTC');
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
    assert.equal(logNameTime(name, shanghai), null, name);
});

test('a time that does not exist in the zone (a daylight-saving gap) says nothing', () => {
  assert.equal(logNameTime('2025-03-30-02-30-00-000.log', 'Europe/Berlin'), null);
  assert.equal(logNameTime('2025-03-30-03-30-00-000.log', 'Europe/Berlin'), Date.UTC(2025, 2, 30, 1, 30));
  assert.equal(logNameTime('2025-03-30-02-30-00-000.log', shanghai), Date.UTC(2025, 2, 29, 18, 30));
});
