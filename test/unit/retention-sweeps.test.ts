/**
 * The retention run's mechanism (modules/retention/sweeps.ts), which issue #15 extends with a sweep of its own: only
 * the sweeps the policy asks for run, in order, each summary goes into the log, their counts are merged, failures add
 * up, and a stopped run stops between sweeps.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { policyOfFrequency } from '../../daemon/src/modules/retention/policy.ts';
import { logSweep, runSweeps, sweeps, type Sweep } from '../../daemon/src/modules/retention/sweeps.ts';

const context = (lines: string[], signal?: AbortSignal) => ({
  policy: policyOfFrequency(0),
  now: Date.UTC(2026, 5, 15),
  zone: 'UTC',
  logRoot: '/nonexistent',
  inUse: async () => new Set<string>(),
  line: (text: string) => void lines.push(text),
  ...(signal ? { signal } : {}),
});

const sweepOf = (name: string, applies: boolean, detail: Record<string, number>, failed = 0): Sweep => ({
  name,
  applies: () => applies,
  run: async (ctx) => {
    ctx.line(`${name} ran`);
    return { detail, summary: `${name} done`, failed };
  },
});

test('the sweeps the policy asks for run in order; summaries logged, counts merged, failures summed', async () => {
  const lines: string[] = [];
  const report = await runSweeps(context(lines), [
    sweepOf('first', true, { files: 2 }),
    sweepOf('skipped', false, { never: 1 }),
    sweepOf('second', true, { runs: 5 }, 1),
  ]);
  assert.deepEqual(lines, ['first ran', 'first done', 'second ran', 'second done']);
  assert.deepEqual(report, { detail: { files: 2, runs: 5 }, summary: 'first done second done', failed: 1 });
});

test('a stopped run stops before the next sweep', async () => {
  const controller = new AbortController();
  const stopping: Sweep = {
    ...sweepOf('stopping', true, {}),
    run: async () => (controller.abort(), { detail: {}, summary: 'x', failed: 0 }),
  };
  await assert.rejects(runSweeps(context([], controller.signal), [stopping, sweepOf('after', true, {})]), {
    name: 'AbortError',
  });
});

test('the log sweep is the one sweep today, and runs only when log deletion is on', () => {
  assert.deepEqual(sweeps, [logSweep]);
  assert.equal(logSweep.applies(policyOfFrequency(0)), false);
  assert.equal(logSweep.applies(policyOfFrequency(7)), true);
});
