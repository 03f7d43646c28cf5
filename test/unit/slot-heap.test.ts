/**
 * The daemon's slot heap (slot-heap.ts: the scheduler's and the clock's times) against a plain model over generated
 * sequences of allocating, queueing, re-queueing, removing, releasing and popping slots: it pops in time order (equal
 * times in the order queued), `within` finds exactly the queued slots due by a limit and the earliest time after it,
 * and a released slot number comes back with a new generation.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SlotHeap } from '../../daemon/src/time/slot-heap.ts';

/** A small deterministic generator (mulberry32), so a failing sequence is the same on every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test('slot heap: generated sequences agree with a model of queued (time, order) pairs', () => {
  for (let seed = 1; seed <= 40; seed++) {
    const next = random(seed);
    const heap = new SlotHeap<string>();
    /** What the model holds: allocated slots, and the queued ones' (time, queue order). */
    const allocated = new Map<number, { owner: number; detail: string; generation: number }>();
    const queued = new Map<number, [number, number]>();
    let order = 0;
    const earliest = () =>
      [...queued].sort(([, a], [, b]) => a[0] - b[0] || a[1] - b[1]).map(([slot]) => slot)[0] ?? -1;
    for (let step = 0; step < 400; step++) {
      const roll = next();
      const slots = [...allocated.keys()];
      const any = slots[Math.floor(next() * slots.length)];
      if (roll < 0.3 || any === undefined) {
        const owner = Math.floor(next() * 1000);
        const slot = heap.allocate(owner, `s${owner}`, -1);
        assert.equal(allocated.has(slot), false, `seed ${seed}: slot ${slot} handed out twice`);
        allocated.set(slot, { owner, detail: `s${owner}`, generation: heap.generationOf(slot) });
      } else if (roll < 0.6) {
        // Few distinct times, so that ties are common.
        const at = Math.floor(next() * 20);
        heap.push(any, at);
        queued.set(any, [at, order++]);
      } else if (roll < 0.7) {
        heap.remove(any);
        queued.delete(any);
      } else if (roll < 0.8) {
        const generation = heap.generationOf(any);
        heap.release(any);
        allocated.delete(any);
        queued.delete(any);
        assert.notEqual(heap.generationOf(any), generation, `seed ${seed}: a released slot keeps its generation`);
      } else if (roll < 0.9) {
        const expected = earliest();
        assert.equal(heap.pop(), expected, `seed ${seed}, step ${step}: pop`);
        queued.delete(expected);
      } else {
        const limit = Math.floor(next() * 20);
        const seen: number[] = [];
        const after = heap.within(limit, (slot) => seen.push(slot));
        const due = [...queued].filter(([, [at]]) => at <= limit).map(([slot]) => slot);
        const later = [...queued].map(([, [at]]) => at).filter((at) => at > limit);
        assert.deepEqual(seen.sort(), due.sort(), `seed ${seed}, step ${step}: within ${limit}`);
        assert.equal(after, later.length ? Math.min(...later) : null, `seed ${seed}, step ${step}: after ${limit}`);
      }
      assert.equal(heap.length, queued.size);
      assert.equal(heap.peek(), earliest(), `seed ${seed}, step ${step}: peek`);
      for (const [slot, held] of allocated) {
        assert.equal(heap.ownerOf(slot), held.owner);
        assert.equal(heap.detailOf(slot), held.detail);
        assert.equal(heap.generationOf(slot), held.generation);
        if (queued.has(slot)) assert.equal(heap.atOf(slot), queued.get(slot)![0]);
      }
    }
    // Everything left pops in order.
    while (queued.size > 0) {
      const expected = earliest();
      assert.equal(heap.pop(), expected);
      queued.delete(expected);
    }
    assert.equal(heap.pop(), -1);
  }
});
