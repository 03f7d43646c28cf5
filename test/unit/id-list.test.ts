import assert from 'node:assert/strict';
import { test } from 'node:test';
import { IdSet } from '../../daemon/src/db/id-list.ts';

test('an id set holds exactly its ids, whatever their order; ids too large for a bit each refuse', () => {
  const ids = [5, 31, 32, 33, 63, 64, 1000, 99_999];
  // Ascending and not; a repeated id is counted once.
  for (const list of [ids, [...ids].reverse(), [...ids, 5]]) {
    const set = IdSet.of(list)!;
    assert.equal(set.size, ids.length, String(list));
    for (let id = 0; id <= 100_100; id++) assert.equal(set.has(id), ids.includes(id), `${id} in ${list}`);
    assert.deepEqual([...set.ids()], ids);
  }
  assert.equal(IdSet.of([])!.size, 0);
  assert.equal(IdSet.of([])!.has(0), false);
  // Ids too large for a bit each: the caller takes its SQL path.
  assert.equal(IdSet.of([1, 2, 70_000_000]), null);
  assert.equal(IdSet.of([70_000_000, 1]), null);
});
