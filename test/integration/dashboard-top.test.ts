/**
 * The overview's two top lists come from one grouped read of run_days, ordered in JavaScript
 * (modules/dashboard/repository.ts topOnDays). Over generated counts with many ties, each list must be what SQLite's
 * ORDER BY … LIMIT gives: by exact average duration or by failures (failing tasks only), the lower task id first.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'kysely';
import { DashboardRepository } from '../../daemon/src/modules/dashboard/repository.ts';
import { migratedDatabase } from '../helpers/database.ts';
import { seededRandom } from '../helpers/random.ts';

const dayMs = 86_400_000;

for (const seed of [1, 2, 3]) {
  test(`top lists over generated run counts match ORDER BY … LIMIT (seed ${seed})`, async (t) => {
    const { db, sqlite } = await migratedDatabase(t);
    const next = seededRandom(seed);
    const today = 20_000;
    const insert = sqlite.prepare(
      `insert into run_days (kind, day, ref_id, runs, failed, timed, total_ms, max_ms) values (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    sqlite.transaction(() => {
      for (let refId = 0; refId < 300; refId++) {
        for (let day = today - 10; day <= today; day++) {
          if (next() < 0.3) continue;
          // Few distinct values, so that sums and averages tie often; some rows time nothing.
          const runs = 1 + Math.floor(next() * 4);
          const timed = next() < 0.1 ? 0 : runs;
          insert.run(
            next() < 0.05 ? 'subscription' : 'task',
            day,
            refId,
            runs,
            // Failures in a seventh of the tasks only: fewer than the longest list asks for.
            refId % 7 === 0 && next() < 0.5 ? 1 + Math.floor(next() * 2) : 0,
            timed,
            timed * 100 * Math.floor(next() * 4),
            400,
          );
        }
      }
    })();
    const repository = new DashboardRepository(db);
    for (const fromDay of [today - 7, today - 3, today]) {
      for (const limit of [1, 5, 50]) {
        const lists = await repository.topOnDays(fromDay * dayMs, limit);
        for (const by of ['avgMs', 'failed'] as const) {
          const expected = await sql<{ ref_id: number }>`
            select ref_id, sum(failed) as failed, sum(total_ms) * 1.0 / max(sum(timed), 1) as avgMs from run_days
            where kind = 'task' and day >= ${fromDay} and ref_id > 0 group by ref_id
            ${by === 'failed' ? sql`having sum(failed) > 0` : sql``}
            order by ${sql.ref(by)} desc, ref_id limit ${limit}`.execute(db);
          assert.deepEqual(
            lists[by].map((row) => row.refId),
            expected.rows.map((row) => row.ref_id),
            `${by}, from day ${fromDay}, limit ${limit}`,
          );
          assert.ok(expected.rows.length > 0 || fromDay === today, 'the generated counts give lists');
        }
      }
    }
  });
}
