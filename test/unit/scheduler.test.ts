// @zoned
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ManualClock } from '../../daemon/src/time/clock.ts';
import { parseSchedule } from '../../daemon/src/contract/schedule.ts';
import { Scheduler } from '../../daemon/src/scheduler/scheduler.ts';

function harness(start: string, timezone = 'UTC') {
  const clock = new ManualClock(Date.parse(start));
  const fired: { id: number; at: string }[] = [];
  const scheduler = new Scheduler(
    clock,
    () => timezone,
    (id, dueAt) => {
      // The timer fires exactly at the due time.
      assert.equal(clock.now(), dueAt);
      fired.push({ id, at: new Date(dueAt).toISOString() });
    },
  );
  return { clock, fired, scheduler };
}

test('5-field schedules fire on the minute; 6-field ones on the second', async () => {
  const { clock, fired, scheduler } = harness('2026-01-01T00:01:30Z');
  scheduler.arm(1, ['*/5 * * * *']);
  scheduler.arm(2, ['*/20 * * * * *']);
  await clock.advanceAsync(4 * 60_000);
  assert.deepEqual(
    fired.filter((f) => f.id === 1).map((f) => f.at),
    ['2026-01-01T00:05:00.000Z'],
  );
  const seconds = fired.filter((f) => f.id === 2).map((f) => f.at);
  assert.equal(seconds[0], '2026-01-01T00:01:40.000Z');
  assert.equal(seconds.length, 12); // 01:40 .. 05:20 every 20 s
});

test('extra schedules each get their own timer; disarm stops all of them', async () => {
  const { clock, fired, scheduler } = harness('2026-01-01T00:00:00Z');
  scheduler.arm(7, ['0 * * * *', '30 * * * *']);
  await clock.advanceAsync(60 * 60_000);
  assert.deepEqual(
    fired.map((f) => f.at),
    ['2026-01-01T00:30:00.000Z', '2026-01-01T01:00:00.000Z'],
  );
  scheduler.disarm(7);
  await clock.advanceAsync(3 * 60 * 60_000);
  assert.equal(fired.length, 2);
  assert.equal(clock.pendingTimers(), 0);
});

test('schedules are read in the configured timezone', async () => {
  const { clock, fired, scheduler } = harness('2026-06-01T00:00:00Z', 'Asia/Shanghai');
  scheduler.arm(1, ['0 9 * * *']);
  await clock.advanceAsync(24 * 3600_000);
  assert.deepEqual(
    fired.map((f) => f.at),
    ['2026-06-01T01:00:00.000Z'],
  );
  const noonUtc = Date.parse('2026-06-01T12:00:00Z');
  assert.equal(scheduler.nextRun(['0 9 * * *', '0 8 * * *'], noonUtc), Date.parse('2026-06-02T00:00:00Z'));
});

test('daylight saving: a time in the spring gap runs at the first valid moment after it, once', async () => {
  const { clock, fired, scheduler } = harness('2026-03-07T12:00:00Z', 'America/New_York');
  scheduler.arm(1, ['30 2 * * *']);
  await clock.advanceAsync(48 * 3600_000);
  // 2026-03-08 02:30 does not exist in New York; the run happens at 03:00 EDT (07:00Z), then 02:30 EDT next day.
  assert.deepEqual(
    fired.map((f) => f.at),
    ['2026-03-08T07:00:00.000Z', '2026-03-09T06:30:00.000Z'],
  );
});

test('daylight saving: a daily time in the repeated autumn hour runs once', async () => {
  const { clock, fired, scheduler } = harness('2026-10-31T12:00:00Z', 'America/New_York');
  scheduler.arm(1, ['30 1 * * *']);
  await clock.advanceAsync(48 * 3600_000);
  // 01:30 happens twice on 2026-11-01 (EDT, then EST); the task runs at the first one only.
  assert.deepEqual(
    fired.map((f) => f.at),
    ['2026-11-01T05:30:00.000Z', '2026-11-02T06:30:00.000Z'],
  );
});

test('@once, @boot and invalid schedules get no timer', () => {
  const { clock, scheduler } = harness('2026-01-01T00:00:00Z');
  scheduler.arm(1, ['@once', '@boot', 'not a cron']);
  assert.equal(clock.pendingTimers(), 0);
});

test('parseSchedule: the one validator', () => {
  assert.equal(parseSchedule('*/5 * * * *').kind, 'cron');
  assert.deepEqual(parseSchedule(' 0  9 * * 1 '), { kind: 'cron', expression: '0 9 * * 1', withSeconds: false });
  assert.equal(parseSchedule('*/10 * * * * *').kind, 'cron');
  assert.equal(parseSchedule('@once').kind, 'once');
  assert.equal(parseSchedule('@boot').kind, 'boot');
  assert.equal(parseSchedule('@daily').kind, 'cron');
  for (const bad of ['', '* * * *', '* * * * * * *', '61 * * * *', '0 0 30 2 *', '/5 * * * *', 'hello']) {
    assert.equal(parseSchedule(bad).kind, 'invalid', bad);
  }
});
