import assert from 'node:assert/strict';
import { test } from 'node:test';
import { IdSet, parseIdList as parseList } from '../../daemon/src/db/id-list.ts';

/** Lists as SQLite gives them (a blob of ASCII digits and commas). */
const parseIdList = (text: string | null) => parseList(text === null ? null : Buffer.from(text));
const parse = (text: string | null) => IdSet.parse(text === null ? null : Buffer.from(text));

test('an id list reads back as the numbers, in order; none is an empty array; one over 31 bits refuses', () => {
  assert.deepEqual([...parseIdList('3,1,20,7')!], [3, 1, 20, 7]);
  assert.deepEqual([...parseIdList('42')!], [42]);
  assert.deepEqual([...parseIdList(null)!], []);
  assert.deepEqual([...parseIdList('')!], []);
  assert.deepEqual([...parseIdList('2147483647')!], [2147483647]);
  assert.equal(parseIdList('1,2147483648'), null);
  assert.equal(parseIdList('4,-2'), null);
});

test('an id set holds exactly the ids of its list, whatever their order', () => {
  const ids = [5, 31, 32, 33, 63, 64, 1000, 99_999];
  // Ascending (sized by the last id) and not (grown on the way); a repeated id is counted once.
  for (const list of [ids.join(','), [...ids].reverse().join(','), `${ids.join(',')},5`]) {
    const set = parse(list)!;
    assert.equal(set.size, ids.length, list);
    for (let id = 0; id <= 100_100; id++) assert.equal(set.has(id), ids.includes(id), `${id} in ${list}`);
  }
  assert.equal(parse(null)!.size, 0);
  assert.equal(parse(null)!.has(0), false);
  // Ids too large for a bit each: the caller takes its SQL path.
  assert.equal(parse('1,2,70000000'), null);
  assert.equal(parse('70000000,1'), null);
  assert.equal(parse('-3,1'), null);
});
