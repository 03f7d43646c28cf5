/**
 * The daemon's layers, read from its import graph (test/helpers/import-graph.ts), so a change cannot quietly climb
 * back up: no circle; contract/ imports nothing of the daemon; every import goes to the same or a lower layer (no
 * lower layer knows the areas); an area uses another only through its index.ts; only the executor starts processes.
 * docs/architecture.md draws the same layers.
 */
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { circles, graphOf, importGraph } from '../helpers/import-graph.ts';

const root = fileURLToPath(new URL('../../daemon/src', import.meta.url));
const { files, edges } = importGraph(root);
const internal = edges.filter((edge) => edge.internal);

/** Lowest first. A file may import files of its own layer and of the layers below it. */
const layers: string[][] = [
  ['contract/'],
  ['time/', 'install/', 'errors/', 'config/'],
  ['db/', 'files/', 'net/', 'system-log/'],
  ['settings/', 'auth/'],
  ['http/'],
  ['notifications/'],
  ['access/'],
  ['live/', 'metrics/'],
  ['jobs/'],
  ['scheduler/'],
  ['app/shared.ts'],
  ['modules/'],
  ['app/', 'server.ts', 'cli/'],
];

function layerOf(file: string): number {
  const index = layers.findIndex((parts) => parts.some((part) => file === part || file.startsWith(part)));
  assert.ok(index >= 0, `${file} belongs to no layer: add it to the table above (and to docs/architecture.md)`);
  return index;
}

test('layers: the daemon has source files and the graph resolves every import to one of them', () => {
  assert.ok(files.length > 100);
  const unresolved = internal.filter((edge) => !files.includes(edge.to));
  assert.deepEqual(unresolved, []);
});

test('layers: the import graph has no circle', () => {
  assert.deepEqual(circles(graphOf(files, edges)), []);
});

test('layers: contract/ imports nothing outside contract/ (the UI imports it)', () => {
  const out = internal.filter((e) => e.from.startsWith('contract/') && !e.to.startsWith('contract/'));
  assert.deepEqual(out, []);
  // The browser runs it too: packages that run there (typebox, croner), never Node's own modules.
  const node = edges.filter((e) => e.from.startsWith('contract/') && !e.internal && e.to.startsWith('node:'));
  assert.deepEqual(node, []);
});

test('layers: every import goes to the same or a lower layer (no lower layer imports modules/)', () => {
  const upward = internal.filter((e) => layerOf(e.to) > layerOf(e.from)).map((e) => `${e.from} -> ${e.to}`);
  assert.deepEqual(upward, []);
});

test("layers: an area uses another only through that area's index.ts", () => {
  const area = (file: string) => (file.startsWith('modules/') ? file.split('/')[1] : null);
  const reaching = internal
    .filter((e) => area(e.from) && area(e.to) && area(e.from) !== area(e.to))
    .filter((e) => e.to !== `modules/${area(e.to)}/index.ts`)
    .map((e) => `${e.from} -> ${e.to}`);
  assert.deepEqual(reaching, []);
});

test('layers: only the executor (jobs/executor/) starts processes', () => {
  const spawning = edges
    .filter((e) => !e.internal && (e.to === 'node:child_process' || e.to === 'child_process'))
    .map((e) => e.from)
    .filter((file) => !file.startsWith('jobs/executor/'));
  assert.deepEqual(spawning, []);
});

test('layers: the graph reader sees an upward import and a circle (it can fail)', () => {
  const sample = ['a.ts', 'b.ts'];
  const loop = [
    { from: 'a.ts', to: 'b.ts', internal: true, typeOnly: false },
    { from: 'b.ts', to: 'a.ts', internal: true, typeOnly: true },
  ];
  assert.deepEqual(circles(graphOf(sample, loop)), [['a.ts', 'b.ts']]);
  assert.ok(layerOf('jobs/runner.ts') < layerOf('modules/tasks/index.ts'));
});
