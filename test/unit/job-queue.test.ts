import assert from 'node:assert/strict';
import { test } from 'node:test';
import { JobQueue, type QueueItem } from '../../daemon/src/jobs/queue.ts';

/** A small deterministic generator, so a failure repeats with its seed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

test('job queue: what it says of each key always matches its runs, over 20,000 generated steps', () => {
  for (const seed of [1, 2, 3, 4, 5]) {
    const next = random(seed);
    let limit = 3;
    const started: QueueItem[] = [];
    const queue = new JobQueue<QueueItem>(
      'q',
      () => limit,
      (item) => started.push(item),
    );
    // The model: what was pushed and not removed or started, and what started and is not done.
    const waiting: QueueItem[] = [];
    const running: QueueItem[] = [];
    const keys = ['a', 'b', 'c', undefined];
    let id = 0;
    for (let step = 0; step < 4000; step++) {
      const roll = next();
      if (roll < 0.35) {
        const key = keys[Math.floor(next() * keys.length)];
        const item: QueueItem = { runId: ++id, spec: { key, exclusive: next() < 0.3 } };
        queue.push(item);
        waiting.push(item);
      } else if (roll < 0.45 && waiting.length > 0) {
        const item = waiting[Math.floor(next() * waiting.length)]!;
        assert.equal(queue.remove(item.runId), true);
        waiting.splice(waiting.indexOf(item), 1);
        assert.equal(queue.remove(item.runId), false, 'removed twice');
      } else if (roll < 0.7 && running.length > 0) {
        const item = running[Math.floor(next() * running.length)]!;
        queue.done(item.runId);
        queue.done(item.runId); // twice is harmless
        running.splice(running.indexOf(item), 1);
      } else if (roll < 0.75) {
        limit = 1 + Math.floor(next() * 4);
      } else {
        queue.pump();
        for (const item of started.splice(0)) {
          waiting.splice(waiting.indexOf(item), 1);
          running.push(item);
        }
      }
      for (const key of keys) {
        const waitingOfKey = waiting.filter((item) => key === undefined || item.spec.key === key).map((i) => i.runId);
        const runningOfKey = running.filter((item) => key === undefined || item.spec.key === key).map((i) => i.runId);
        assert.deepEqual(queue.waitingRuns(key), waitingOfKey, `seed ${seed} step ${step} waiting ${key}`);
        assert.deepEqual(
          [...queue.runningRuns(key)].sort((x, y) => x - y),
          [...runningOfKey].sort((x, y) => x - y),
          `seed ${seed} step ${step} running ${key}`,
        );
        if (key === undefined) continue;
        assert.equal(queue.isWaiting(key), waitingOfKey.length > 0);
        assert.equal(queue.isRunning(key), runningOfKey.length > 0);
      }
      assert.equal(queue.isRunning(undefined), false);
      assert.deepEqual(queue.counts(), { queued: waiting.length, running: running.length });
    }
  }
});

test('job queue: an exclusive run waits while its key runs, and the runs behind it may pass', () => {
  const started: number[] = [];
  const queue = new JobQueue<QueueItem>(
    'q',
    () => 2,
    (item) => started.push(item.runId),
  );
  queue.push({ runId: 1, spec: { key: 'a' } });
  queue.pump();
  queue.push({ runId: 2, spec: { key: 'a', exclusive: true } });
  queue.push({ runId: 3, spec: { key: 'b' } });
  queue.pump();
  assert.deepEqual(started, [1, 3]);
  assert.equal(queue.isWaiting('a'), true);
  queue.done(1);
  queue.done(3);
  queue.pump();
  assert.deepEqual(started, [1, 3, 2]);
  assert.equal(queue.isWaiting('a'), false);
  assert.equal(queue.isRunning('a'), true);
});
