/** The runner's environment fitting (runner/env-limits.ts): pure functions, no process started. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  fitEnvironment,
  maxVariableBytes,
  panelLimitProblem,
  variableBytes,
} from '../../daemon/src/jobs/executor/env-limits.ts';

test('a variable too long alone or holding a NUL is left out; the others and the non-panel ones stay', () => {
  const env = { PATH: '/bin', A: 'a', LONG: 'x'.repeat(maxVariableBytes), NUL: 'a\0b', B: 'b' };
  const dropped = fitEnvironment(env, ['bash'], ['A', 'LONG', 'NUL', 'B'], 10_000_000);
  assert.deepEqual(
    dropped.map((d) => [d.name, d.reason]),
    [
      ['LONG', 'variable'],
      ['NUL', 'nul'],
    ],
  );
  assert.deepEqual(Object.keys(env), ['PATH', 'A', 'B']);
  // Exactly at the limit (NUL included) still fits.
  const edge = { E: 'x'.repeat(maxVariableBytes - 3) };
  assert.equal(variableBytes('E', edge.E), maxVariableBytes);
  assert.deepEqual(fitEnvironment(edge, [], ['E'], 10_000_000), []);
});

test('past the budget, panel variables go from the end of the list until it fits; others never go', () => {
  const env: Record<string, string> = { KEEP: 'k'.repeat(1000) };
  const order = ['P1', 'P2', 'P3', 'P4'];
  for (const name of order) env[name] = 'v'.repeat(1000);
  // argv + KEEP + two panel variables fit; four do not.
  const budget = 1000 * 3 + 200;
  const dropped = fitEnvironment(env, ['bash', 'x'], order, budget);
  assert.deepEqual(
    dropped.map((d) => `${d.name}:${d.reason}`),
    ['P4:total', 'P3:total'],
  );
  assert.deepEqual(Object.keys(env), ['KEEP', 'P1', 'P2']);
  const tiny = { KEEP: 'k'.repeat(5000) };
  assert.deepEqual(fitEnvironment(tiny, [], [], 100), [], 'nothing of the panel to leave out');
});

test('the write-time rule: one joined variable over 128 KB, or all over 1 MB', () => {
  assert.equal(panelLimitProblem({ A: 'x'.repeat(1000) }), null);
  assert.deepEqual(panelLimitProblem({ A: 'x'.repeat(maxVariableBytes) }), {
    kind: 'variable',
    name: 'A',
    bytes: maxVariableBytes + 3,
  });
  const many = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`V${i}`, 'x'.repeat(120 * 1024)]));
  assert.equal(panelLimitProblem(many)?.kind, 'total');
  // Bytes, not characters: a Chinese character is three.
  assert.equal(variableBytes('A', '签'), 6);
});
