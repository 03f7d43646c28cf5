/**
 * The overview keeps its counts of days that are over (modules/dashboard/past-days.ts). An answer is named by the
 * cutoff of the instant its caller split the range at, never by the time it happens to be asked: a call that
 * straddles midnight must not file days read up to the old cutoff under the new one.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PastDays, pastKeptMs } from '../../daemon/src/modules/dashboard/past-days.ts';

const dayMs = 86_400_000;
const midnight = 20_000 * dayMs;

test('an answer is kept under the cutoff of the instant the range was split at', async () => {
  const past = new PastDays();
  const reads: string[] = [];
  const read = (what: string) => () => {
    reads.push(what);
    return Promise.resolve(what);
  };
  // Split just before midnight, asked (after an await) just after it.
  assert.equal(await past.get('sums', midnight - 1, read('to the old cutoff')), 'to the old cutoff');
  assert.equal(await past.get('sums', midnight + 1, read('to the new cutoff')), 'to the new cutoff');
  // Each is kept for its own cutoff until keepMs has passed.
  assert.equal(await past.get('sums', midnight + 2, read('again')), 'to the new cutoff');
  assert.equal(await past.get('sums', midnight + 1 + pastKeptMs, read('after keepMs')), 'after keepMs');
  assert.deepEqual(reads, ['to the old cutoff', 'to the new cutoff', 'after keepMs']);
});

test('the days split at the start of yesterday, never before the range starts', () => {
  const past = new PastDays();
  for (const offset of [-1, 0, 1, dayMs - 1]) {
    const now = midnight + offset;
    const today = Math.floor(now / dayMs);
    for (const fromDay of [today - 30, today - 2, today - 1, today]) {
      const { fromDay: from, cutDay } = past.days(fromDay * dayMs + 12_345, now);
      assert.equal(from, fromDay);
      assert.equal(cutDay, Math.max(fromDay, today - 1));
      assert.equal(past.cutoff(now), (today - 1) * dayMs);
    }
  }
});
