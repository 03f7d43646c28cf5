/**
 * The panel's wall clock (daemon/src/time/wall-clock.ts) against Intl, over instants spread across years and zones with
 * and without daylight saving, half-hour and quarter-hour offsets: the fields an instant reads, the way back, the
 * times that do not exist, and midnights.
 */
// @zoned
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  dayBefore,
  fileStamp,
  instantOf,
  nextMidnight,
  wallTime,
  zoneOffset,
} from '../../daemon/src/time/wall-clock.ts';
import { wallOf } from '../helpers/zones.ts';
import { seededRandom } from '../helpers/random.ts';

const zones = ['UTC', 'Asia/Shanghai', 'America/Los_Angeles', 'Europe/Berlin', 'Asia/Kathmandu', 'Australia/Lord_Howe'];
const from = Date.UTC(2000, 0, 1);
const to = Date.UTC(2040, 0, 1);

test('an instant reads in each zone what Intl says, and reads back to itself', () => {
  const random = seededRandom(38);
  for (const zone of zones) {
    for (let i = 0; i < 500; i++) {
      const ms = Math.floor(from + random() * (to - from));
      const wall = wallTime(ms, zone);
      const expected = wallOf(ms, zone);
      assert.deepEqual(
        { ...wall, ms: undefined },
        { ...expected, ms: undefined },
        `${zone} ${new Date(ms).toISOString()}`,
      );
      assert.equal(wall.ms, ms % 1000);
      const back = instantOf(wall, zone);
      assert.deepEqual(wallTime(back!, zone), wall, `${zone} ${ms}`);
      // An hour read twice (a clock set back) goes back to its earlier instant.
      assert.ok(back === ms || (back! < ms && zoneOffset(back!, zone) > zoneOffset(ms, zone)), `${zone} ${ms}`);
    }
  }
});

test('a time a clock skips, and an impossible date, is no instant', () => {
  // Berlin skipped 02:00–03:00 on 2025-03-30; Lord Howe skips half an hour.
  assert.equal(
    instantOf({ year: 2025, month: 3, day: 30, hour: 2, minute: 30, second: 0, ms: 0 }, 'Europe/Berlin'),
    null,
  );
  assert.equal(
    instantOf({ year: 2025, month: 3, day: 30, hour: 3, minute: 0, second: 0, ms: 0 }, 'Europe/Berlin'),
    Date.UTC(2025, 2, 30, 1, 0),
  );
  assert.equal(
    instantOf({ year: 2025, month: 10, day: 5, hour: 2, minute: 15, second: 0, ms: 0 }, 'Australia/Lord_Howe'),
    null,
  );
  for (const [month, day] of [
    [2, 30],
    [13, 1],
    [0, 10],
    [4, 31],
  ] as const) {
    assert.equal(instantOf({ year: 2026, month, day, hour: 0, minute: 0, second: 0, ms: 0 }, 'UTC'), null);
  }
});

test("stamps, midnights and days before are the zone's", () => {
  const at = Date.UTC(2026, 11, 1, 21, 15, 1, 83); // 2026-12-02 05:15:01.083 in Shanghai
  assert.equal(fileStamp(at, 'Asia/Shanghai'), '2026-12-02-05-15-01-083');
  assert.equal(fileStamp(at, 'UTC'), '2026-12-01-21-15-01-083');
  assert.equal(nextMidnight(at, 'Asia/Shanghai'), Date.UTC(2026, 11, 2, 16));
  assert.equal(nextMidnight(at, 'America/Los_Angeles'), Date.UTC(2026, 11, 2, 8));
  assert.equal(dayBefore(at, 2, 'Asia/Shanghai'), '2026-11-30');
  assert.equal(dayBefore(at, 2, 'America/Los_Angeles'), '2026-11-29');
  // A day of 23 hours: the next midnight after the change comes an hour sooner.
  assert.equal(nextMidnight(Date.UTC(2025, 2, 29, 23), 'Europe/Berlin'), Date.UTC(2025, 2, 30, 22));
});
