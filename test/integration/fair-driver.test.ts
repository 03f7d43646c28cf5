// @sqlite-only: SQLite's one connection lent in turn
import assert from 'node:assert/strict';
import { createHook } from 'node:async_hooks';
import { test } from 'node:test';
import { sql } from 'kysely';
import { migratedDatabase } from '../helpers/database.ts';

const open = migratedDatabase;

const keys = async (handle: Awaited<ReturnType<typeof open>>) =>
  (
    await handle.db
      .selectFrom('settings')
      .select('key')
      .where('key', 'like', 'fair-%')
      .orderBy(sql`rowid`)
      .execute()
  ).map((row) => row.key);

test('the one connection: a thousand queries queued at once run first come, first served, and all complete', async (t) => {
  const handle = await open(t);
  const order = Array.from({ length: 1000 }, (_, i) => `fair-${i}`);
  // Each waiter wakes once: the promises made grow with the number of queries, not with its square (Kysely's own
  // mutex wakes every waiter at every release: ≈500,000 promises for these 1,000 queries).
  let promises = 0;
  const hook = createHook({ init: (_id, type) => void (type === 'PROMISE' && promises++) }).enable();
  try {
    await Promise.all(order.map((key) => handle.db.insertInto('settings').values({ key, value: '1' }).execute()));
  } finally {
    hook.disable();
  }
  assert.ok(promises < 100 * order.length, `${promises} promises for ${order.length} queries`);
  assert.deepEqual(await keys(handle), order);
});

test('the one connection: a transaction keeps it to itself; a failed query gives it back', async (t) => {
  const handle = await open(t);
  const put = (key: string) => handle.db.insertInto('settings').values({ key, value: '1' }).execute();
  const before = put('fair-a');
  // Queued behind the first insert; the transaction's statements run together, the later inserts after its commit.
  const transaction = handle.db.transaction().execute(async (trx) => {
    await trx.insertInto('settings').values({ key: 'fair-t1', value: '1' }).execute();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await trx.insertInto('settings').values({ key: 'fair-t2', value: '1' }).execute();
  });
  const during = [put('fair-b'), put('fair-c')];
  // A query that fails (the key exists) must release the connection like any other.
  const failing = put('fair-a').then(
    () => 'inserted',
    () => 'refused',
  );
  const after = put('fair-d');
  await Promise.all([before, transaction, ...during, after]);
  assert.equal(await failing, 'refused');
  assert.deepEqual(await keys(handle), ['fair-a', 'fair-t1', 'fair-t2', 'fair-b', 'fair-c', 'fair-d']);
});
