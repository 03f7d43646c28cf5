// @sqlite-only: seeds its runs through SQLite's own handle
/**
 * The overview's day counts: days that are over are read once and kept (modules/dashboard/past-days.ts), the last two
 * read on every call, and the top lists ranked in JavaScript (ranking.ts). Over generated counts full of ties, any
 * split into kept and read days must give what SQLite's ORDER BY … LIMIT and count(distinct) give over all of them;
 * and through the API, a run that ends now shows at once, one recorded with an old end within the time kept.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'kysely';
import { ManualClock } from '../../daemon/src/time/clock.ts';
import type { Overview } from '../../daemon/src/contract/dashboard.ts';
import { pastKeptMs } from '../../daemon/src/modules/dashboard/past-days.ts';
import { addSums, topLists } from '../../daemon/src/modules/dashboard/ranking.ts';
import { DashboardRepository } from '../../daemon/src/modules/dashboard/repository.ts';
import { call, signedIn } from '../helpers/app.ts';
import { migratedDatabase } from '../helpers/database.ts';
import { seededRandom } from '../helpers/random.ts';

const dayMs = 86_400_000;
const lastDay = Number.MAX_SAFE_INTEGER;

for (const seed of [1, 2, 3]) {
  test(`top lists and failing tasks over generated day counts, split anywhere, match SQL over all days (seed ${seed})`, async (t) => {
    const {
      db,
      phrases,
      accelerators: { sqlite },
    } = await migratedDatabase(t);
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
            Math.floor(next() * 3) * 200,
          );
        }
      }
    })();
    const repository = new DashboardRepository(db, phrases);
    for (const fromDay of [today - 7, today - 3, today]) {
      for (const cutDay of [fromDay, fromDay + 1, today - 1, today + 1]) {
        if (cutDay < fromDay) continue;
        const sums = addSums(
          addSums(new Map(), await repository.sumsOnDays(fromDay, cutDay)),
          await repository.sumsOnDays(cutDay, lastDay),
        );
        const failing = new Set([
          ...(await repository.tasksFailedOnDays(fromDay, cutDay)),
          ...(await repository.tasksFailedOnDays(cutDay, lastDay)),
        ]);
        const distinct = await sql<{ n: number }>`select count(distinct ref_id) as n from run_days
          where kind = 'task' and day >= ${fromDay} and failed > 0`.execute(db);
        assert.equal(failing.size, distinct.rows[0]!.n, `failing tasks from day ${fromDay}, split at ${cutDay}`);
        for (const limit of [1, 5, 50]) {
          const lists = topLists(sums.values(), limit);
          for (const by of ['avgMs', 'failed'] as const) {
            const expected = await sql<{ ref_id: number; runs: number; failed: number; maxMs: number }>`
              select ref_id, sum(runs) as runs, sum(failed) as failed, max(max_ms) as maxMs,
                sum(total_ms) * 1.0 / max(sum(timed), 1) as avgMs from run_days
              where kind = 'task' and day >= ${fromDay} and ref_id > 0 group by ref_id
              ${by === 'failed' ? sql`having sum(failed) > 0` : sql``}
              order by ${sql.ref(by)} desc, ref_id limit ${limit}`.execute(db);
            assert.deepEqual(
              lists[by].map((row) => [row.refId, row.runs, row.failed, row.maxMs]),
              expected.rows.map((row) => [row.ref_id, row.runs, row.failed, row.maxMs]),
              `${by}, from day ${fromDay}, split at ${cutDay}, limit ${limit}`,
            );
            assert.ok(expected.rows.length > 0 || fromDay === today, 'the generated counts give lists');
          }
        }
      }
    }
  });
}

test('the overview: a run that ends now counts at once; one recorded with an end days ago within the time kept', async (t) => {
  const clock = new ManualClock(Date.parse('2026-03-15T12:00:00Z'));
  const { app, token } = await signedIn(t, { clock });
  await app.ctx.settings.set('timezone', 'UTC');
  const task = await app.ctx.db
    .insertInto('crons')
    .values({ name: 'counted', command: 'echo counted', schedule: '@once', created_at: 0, updated_at: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ended = async (at: number, end: 'success' | 'failed') => {
    await app.ctx.db
      .insertInto('job_runs')
      .values({
        kind: 'task',
        ref_id: task.id,
        trigger: 'schedule',
        status: 1,
        end,
        queued_at: at - 1000,
        started_at: at - 1000,
        finished_at: at,
        duration_ms: 1000,
      })
      .execute();
  };
  const overview = async () => (await call(app, 'GET', '/api/dashboard', { token })).body.data as Overview;
  const now = clock.now();
  await ended(now - 10 * dayMs, 'failed');
  await ended(now - 60_000, 'success');
  const first = await overview();
  assert.deepEqual([first.month.runs, first.month.failed, first.month.tasksFailed, first.day.runs], [2, 1, 1, 1]);
  assert.deepEqual(
    first.slowest.map((f) => [f.name, f.runs]),
    [['counted', 1]],
    'the 7-day lists leave out the run 10 days old',
  );

  // Now and yesterday are read on every call.
  await ended(clock.now() - 20 * 3600_000, 'failed');
  await ended(clock.now() - 1000, 'success');
  const second = await overview();
  assert.deepEqual([second.month.runs, second.month.failed, second.day.runs], [4, 2, 3]);
  assert.deepEqual(
    second.failing.map((f) => [f.name, f.failed]),
    [['counted', 1]],
  );
  // A run recorded with an end 3 days ago (no writer of the daemon does so): kept days show it once they are read again.
  await ended(clock.now() - 3 * dayMs, 'failed');
  assert.equal((await overview()).month.runs, 4);
  clock.advance(pastKeptMs);
  const later = await overview();
  assert.deepEqual([later.month.runs, later.month.failed], [5, 3]);
  assert.deepEqual(
    later.failing.map((f) => [f.name, f.failed]),
    [['counted', 2]],
  );
});
