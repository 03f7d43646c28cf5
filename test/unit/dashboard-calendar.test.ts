// @zoned
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Cron } from 'croner';
import { boundaries } from '../../daemon/src/modules/dashboard/calendar.ts';
import { dayText } from '../../daemon/src/time/wall-clock.ts';

/** The overview's hour and day starts, in zones the host does not share (any host zone gives the same answers). */

test('days start at local midnight, and a daylight-saving day is 23 or 25 hours long', () => {
  // New York springs forward on 8 March 2026: that day has 23 hours.
  const noonAfter = Date.UTC(2026, 2, 9, 16);
  const days = boundaries('day', 3, noonAfter, 'America/New_York');
  assert.deepEqual(
    days.map((d) => new Date(d).toISOString()),
    ['2026-03-07T05:00:00.000Z', '2026-03-08T05:00:00.000Z', '2026-03-09T04:00:00.000Z'],
  );
  assert.equal(days[2]! - days[1]!, 23 * 3_600_000);
  assert.equal(dayText(days[2]!, 'America/New_York'), '2026-03-09');
});

test('hours start where the local clock says, also half an hour off UTC; a boundary exactly now is included', () => {
  const now = Date.UTC(2026, 2, 10, 5, 30); // 11:00 in India
  const hours = boundaries('hour', 2, now, 'Asia/Kolkata');
  assert.deepEqual(
    hours.map((h) => new Date(h).toISOString()),
    ['2026-03-10T04:30:00.000Z', '2026-03-10T05:30:00.000Z'],
  );
  assert.equal(boundaries('day', 1, Date.UTC(2026, 2, 9, 18, 29, 59), 'Asia/Kolkata')[0], Date.UTC(2026, 2, 8, 18, 30));
});

test('boundaries kept from one call to the next are the ones a fresh walk of the zone gives', () => {
  const fresh = (kind: 'hour' | 'day', count: number, now: number, timezone: string) =>
    new Cron(kind === 'hour' ? '0 0 * * * *' : '0 0 0 * * *', { paused: true, timezone })
      .previousRuns(count, new Date(now + 1))
      .map((d) => d.getTime())
      .reverse();
  // Around New York's spring-forward night, every 7 minutes for two days, with jumps back in time among them.
  const start = Date.UTC(2026, 2, 7, 12);
  const instants = Array.from({ length: 420 }, (_, i) => start + i * 7 * 60_000);
  instants.push(start + 3_600_000, start, Date.UTC(2026, 2, 8, 7), Date.UTC(2026, 2, 8, 7) - 1);
  for (const timezone of ['America/New_York', 'Asia/Kolkata', 'UTC']) {
    for (const now of instants) {
      assert.deepEqual(boundaries('hour', 24, now, timezone), fresh('hour', 24, now, timezone), `${timezone} ${now}`);
      assert.deepEqual(boundaries('day', 30, now, timezone), fresh('day', 30, now, timezone), `${timezone} ${now}`);
    }
  }
  // A caller changing the answer it got does not change the next one.
  boundaries('day', 3, start, 'UTC').push(0);
  assert.equal(boundaries('day', 3, start, 'UTC').length, 3);
});
