/**
 * The second time-zone pass of `npm test` runs only the test files marked `// @zoned`: the ones that read the host's
 * zone or its local clock. This keeps the mark true: a test file (or a helper it imports) that formats dates in the
 * host's zone, reads a Date's local fields, builds a local Date, asks Intl for the host's zone or reads TZ must carry
 * the mark, or the second zone would never look at it.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const testDir = fileURLToPath(new URL('../', import.meta.url));
const zonedMark = /^\/\/ @zoned$/m;

/** Ways of reading the host's zone or local clock, each with what to call it in a failure. */
const zoneReads: [string, RegExp][] = [
  ['toLocale*String (host zone unless told)', /\.toLocale(Date|Time)?String\(/],
  ["a Date's local fields", /\.(get|set)(FullYear|Month|Date|Day|Hours|Minutes)\(/],
  ['getTimezoneOffset', /\.getTimezoneOffset\(/],
  [
    'Intl.DateTimeFormat without a timeZone',
    /Intl\.DateTimeFormat\(\)|DateTimeFormat\([^)]*\)\.resolvedOptions\(\)\.timeZone/,
  ],
  ['a Date built from local fields', /new Date\(\s*\d{4}\s*,/],
  ['a Date parsed as local time', /new Date\(\s*['"`]\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?['"`]\s*\)/],
  ['the TZ variable', /process\.env\.TZ\b/],
];

/** Comments out (a doc comment may name these APIs); code and the scripts written by tests stay. */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

function filesBelow(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'fixtures' ? [] : filesBelow(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** What in `text` reads the zone, by name. */
const readsOf = (text: string) =>
  zoneReads.filter(([, pattern]) => pattern.test(withoutComments(text))).map(([name]) => name);

/** The helpers a file imports (test/helpers/*.ts, by relative import). */
function helpersImported(file: string, text: string): string[] {
  return [...text.matchAll(/from '(\.{1,2}\/[^']+\.ts)'/g)]
    .map((m) => path.resolve(path.dirname(file), m[1]!))
    .filter((target) => target.startsWith(path.join(testDir, 'helpers') + path.sep));
}

/** Helpers that read the zone themselves or through a helper they import. */
function zoneReadingHelpers(files: Map<string, string>): Map<string, string> {
  const reading = new Map<string, string>();
  for (const [file, text] of files) {
    const reads = readsOf(text);
    if (file.includes(`${path.sep}helpers${path.sep}`) && reads.length) reading.set(file, reads.join(', '));
  }
  for (let grew = true; grew;) {
    grew = false;
    for (const [file, text] of files) {
      if (!file.includes(`${path.sep}helpers${path.sep}`) || reading.has(file)) continue;
      const through = helpersImported(file, text).find((h) => reading.has(h));
      if (through) {
        reading.set(file, `through ${path.basename(through)}`);
        grew = true;
      }
    }
  }
  return reading;
}

test('every test file that reads the host zone or its local clock is marked // @zoned', () => {
  const files = new Map(filesBelow(testDir).map((file) => [file, readFileSync(file, 'utf8')]));
  const helpers = zoneReadingHelpers(files);
  assert.ok(helpers.has(path.join(testDir, 'helpers', 'zones.ts')), 'the rule sees the zones helper read the zone');
  const unmarked: string[] = [];
  let marked = 0;
  for (const [file, text] of files) {
    // This file names every way of reading the zone, to test the rule.
    if (!file.endsWith('.test.ts') || file === fileURLToPath(import.meta.url)) continue;
    if (zonedMark.test(text)) {
      marked++;
      continue;
    }
    const reasons = [
      ...readsOf(text),
      ...helpersImported(file, text)
        .filter((h) => helpers.has(h))
        .map((h) => `${path.basename(h)} (${helpers.get(h)})`),
    ];
    if (reasons.length) unmarked.push(`${path.relative(testDir, file)}: ${reasons.join('; ')}`);
  }
  assert.deepEqual(unmarked, [], 'test files that read the host zone without the // @zoned mark');
  assert.ok(marked >= 3, `the marked files were found (${marked})`);
});

test('the rule tells each way of reading the zone, and leaves pinned zones and UTC fields alone', () => {
  const flagged = [
    'new Date(ms).toLocaleString()',
    'd.toLocaleTimeString("en")',
    'd.getHours()',
    'd.setDate(1)',
    'd.getTimezoneOffset()',
    'Intl.DateTimeFormat().resolvedOptions().timeZone',
    'new Date(2024, 0, 1)',
    "new Date('2024-01-01 08:00')",
    'process.env.TZ',
  ];
  for (const code of flagged) assert.notDeepEqual(readsOf(code), [], code);
  const pinned = [
    'd.getUTCHours()',
    "new Date('2024-01-01T08:00:00Z')",
    "new Intl.DateTimeFormat('en', { timeZone: 'UTC' }).format(d)",
    "startApp(t, { env: { TZ: 'UTC' } })",
    '/** toLocaleString would read the host zone */',
    'Date.now()',
  ];
  for (const code of pinned) assert.deepEqual(readsOf(code), [], code);
});
