/**
 * The daemon's one timer heap (clock.ts): timers fire in time order (equal times in the order they were set), a
 * cancelled one never fires, timers set while firing wait for the next turn, and a cancelled one leaves the heap at once.
 * Real Node timers with short delays; the assertions are on order and counts, never on durations.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TimerHeap } from '../../daemon/src/time/clock.ts';

const waitFor = async (check: () => boolean) => {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

test('timer heap: time order, ties in the order set, cancelled ones never fire', async () => {
  const heap = new TimerHeap();
  const fired: string[] = [];
  const base = Date.now() + 30;
  heap.add(base + 20, () => fired.push('c'));
  heap.add(base, () => fired.push('a1'));
  const cancel = heap.add(base + 10, () => fired.push('cancelled'));
  heap.add(base, () => fired.push('a2'));
  heap.add(base + 10, () => fired.push('b'));
  cancel();
  cancel();
  assert.equal(heap.size, 4);
  await waitFor(() => fired.length === 4);
  await new Promise((resolve) => setTimeout(resolve, 40));
  assert.deepEqual(fired, ['a1', 'a2', 'b', 'c']);
  assert.equal(heap.size, 0);
});

test('timer heap: a timer set while firing, even one already due, fires on a later turn; one cancelled by an earlier one does not fire', async () => {
  const heap = new TimerHeap();
  const fired: string[] = [];
  const at = Date.now() + 20;
  let cancelSecond = () => {};
  heap.add(at, () => {
    fired.push('first');
    cancelSecond();
    heap.add(Date.now() - 1, () => fired.push('set while firing'));
    fired.push('first done');
  });
  cancelSecond = heap.add(at, () => fired.push('second'));
  await waitFor(() => fired.includes('set while firing'));
  assert.deepEqual(fired, ['first', 'first done', 'set while firing']);
  assert.equal(heap.size, 0);
});

test('timer heap: cancelling most of 5,000 timers leaves the rest, which still fire', async () => {
  const heap = new TimerHeap();
  let fired = 0;
  const at = Date.now() + 50;
  const cancels = Array.from({ length: 5000 }, (_, i) => heap.add(at + (i % 7), () => fired++));
  cancels.forEach((cancel, i) => i % 10 !== 0 && cancel());
  assert.equal(heap.size, 500);
  await waitFor(() => fired === 500);
  assert.equal(heap.size, 0);
});
