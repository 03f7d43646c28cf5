/**
 * The scheduler against a plain model, over generated sequences of arm / armEvery / disarm / time passing: every
 * armed schedule fires at each of its times (as croner lists them) from the moment it was armed until it is
 * disarmed or re-armed, an interval every `everyMs` from its arming, and nothing else fires. Also: however many
 * keys are armed, the scheduler holds one clock timer.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Cron } from 'croner';
import { ManualClock } from '../../daemon/src/time/clock.ts';
import { Scheduler } from '../../daemon/src/scheduler/scheduler.ts';
import { seededRandom } from '../helpers/random.ts';

const schedules = ['*/7 * * * * *', '0 * * * *', '*/2 * * * *', '15,45 * * * * *', '@once', 'not a cron'];
const intervals = [5_000, 60_000, 90_500];

type Plan = { from: number; schedules: string[] } | { from: number; everyMs: number };

/** The times a plan fires in (from, to], as the model sees it. */
function expectedTimes(plan: Plan, to: number): number[] {
  if ('everyMs' in plan) {
    const times: number[] = [];
    for (let at = plan.from + plan.everyMs; at <= to; at += plan.everyMs) times.push(at);
    return times;
  }
  return plan.schedules.flatMap((schedule) => {
    if (schedule.startsWith('@') || schedule === 'not a cron') return [];
    const cron = new Cron(schedule, { paused: true, timezone: 'UTC' });
    const times: number[] = [];
    for (let next = cron.nextRun(new Date(plan.from)); next && next.getTime() <= to; next = cron.nextRun(next)) {
      times.push(next.getTime());
    }
    return times;
  });
}

for (const seed of [1, 2, 3, 4, 5, 6]) {
  test(`generated arm/disarm/time steps fire exactly what the model says (seed ${seed})`, async () => {
    const next = seededRandom(seed);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
    const clock = new ManualClock(Date.UTC(2026, 0, 1, 0, 0, 0, Math.floor(next() * 1000)));
    const fired: string[] = [];
    const scheduler = new Scheduler<number>(
      clock,
      () => 'UTC',
      (key, dueAt) => {
        assert.equal(clock.now(), dueAt, 'a timer fires at its due time');
        fired.push(`${key}@${dueAt}`);
      },
    );
    const plans = new Map<number, Plan>();
    const expected: string[] = [];
    const close = (key: number, at: number) => {
      const plan = plans.get(key);
      if (plan) for (const time of expectedTimes(plan, at)) expected.push(`${key}@${time}`);
      plans.delete(key);
    };
    for (let step = 0; step < 120; step++) {
      const key = Math.floor(next() * 8);
      const what = next();
      const now = clock.now();
      if (what < 0.35) {
        close(key, now);
        const chosen = Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick(schedules));
        scheduler.arm(key, chosen);
        plans.set(key, { from: now, schedules: chosen });
      } else if (what < 0.45) {
        close(key, now);
        const everyMs = pick(intervals);
        scheduler.armEvery(key, everyMs);
        plans.set(key, { from: now, everyMs });
      } else if (what < 0.6) {
        close(key, now);
        scheduler.disarm(key);
      } else {
        // Sometimes exactly onto a due time, sometimes between them.
        await clock.advanceAsync(next() < 0.3 ? 1000 * Math.ceil(next() * 30) : Math.floor(next() * 400_000));
      }
    }
    for (const key of [...plans.keys()]) close(key, clock.now());
    scheduler.disarmAll();
    assert.deepEqual([...fired].sort(), [...expected].sort());
    assert.ok(fired.length > 50, `the sequence fired little (${fired.length}): the generator tests nothing`);
    assert.equal(clock.pendingTimers(), 0);
  });
}

test('10,000 armed keys hold one clock timer; disarming them all leaves none', async () => {
  const clock = new ManualClock(Date.UTC(2026, 0, 1));
  const fired: number[] = [];
  const scheduler = new Scheduler<number>(
    clock,
    () => 'UTC',
    (key) => fired.push(key),
  );
  for (let key = 0; key < 10_000; key++) scheduler.arm(key, [`${key % 60} * * * *`]);
  assert.equal(clock.pendingTimers(), 1);
  await clock.advanceAsync(60 * 60_000);
  assert.equal(fired.length, 10_000);
  assert.equal(new Set(fired).size, 10_000);
  assert.equal(clock.pendingTimers(), 1);
  for (let key = 0; key < 10_000; key++) scheduler.disarm(key);
  assert.equal(clock.pendingTimers(), 0);
});

/**
 * The look-ahead (Scheduler.onSoon) over the same kind of generated sequences: each arming that fires is told to the
 * soon handler once, before its first fire and no earlier than `lead` before it; an arming is never told twice; a
 * key disarmed before it was told is not told.
 */
for (const seed of [11, 12, 13, 14]) {
  test(`generated arm/disarm/time steps: each arming is told once, before it fires and not earlier than the lead (seed ${seed})`, async () => {
    const lead = 3_000;
    const next = seededRandom(seed);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
    const clock = new ManualClock(Date.UTC(2026, 0, 1, 0, 0, 0, Math.floor(next() * 1000)));
    /** The current arming of each key (a new one at each arm, armEvery or disarm). */
    const arming = new Map<number, number>();
    let armings = 0;
    const events: ({ kind: 'soon'; arming: number; at: number } | { kind: 'fire'; arming: number; at: number })[] = [];
    const scheduler = new Scheduler<number>(
      clock,
      () => 'UTC',
      (key, dueAt) => events.push({ kind: 'fire', arming: arming.get(key)!, at: dueAt }),
    );
    scheduler.onSoon(lead, (keys) => {
      for (const key of keys) events.push({ kind: 'soon', arming: arming.get(key)!, at: clock.now() });
    });
    for (let step = 0; step < 150; step++) {
      const key = Math.floor(next() * 8);
      const what = next();
      if (what < 0.35) {
        arming.set(key, ++armings);
        scheduler.arm(
          key,
          Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick(schedules)),
        );
      } else if (what < 0.45) {
        arming.set(key, ++armings);
        scheduler.armEvery(key, pick(intervals));
      } else if (what < 0.6) {
        arming.set(key, ++armings);
        scheduler.disarm(key);
      } else {
        await clock.advanceAsync(next() < 0.3 ? 1000 * Math.ceil(next() * 30) : Math.floor(next() * 400_000));
      }
    }
    scheduler.disarmAll();
    const told = new Map<number, number>();
    let fires = 0;
    for (const event of events) {
      if (event.kind === 'soon') {
        assert.ok(!told.has(event.arming), `arming ${event.arming} was told twice`);
        told.set(event.arming, event.at);
        continue;
      }
      fires++;
      const at = told.get(event.arming);
      assert.ok(at !== undefined, `arming ${event.arming} fired at ${event.at} before it was told`);
      // Its first fire: told within the lead before it.
      if (!events.some((e) => e.kind === 'fire' && e.arming === event.arming && e.at < event.at)) {
        assert.ok(at >= event.at - lead, `arming ${event.arming} told at ${at}, more than the lead before ${event.at}`);
      }
    }
    assert.ok(fires > 50 && told.size > 20, `the sequence tested little (${fires} fires, ${told.size} told)`);
    assert.equal(clock.pendingTimers(), 0);
  });
}
