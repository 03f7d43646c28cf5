/**
 * The PostgreSQL pass of `npm test` (scripts/test.sh) runs every integration file but those marked
 * `// @sqlite-only: <why>`. This keeps the marks true: each says why, only integration files carry one, and a file
 * that reaches SQLite's own machinery (daemon/src/db/sqlite/, or helpers/database.ts's SQLite handle) carries it, so
 * that no such file fails the PostgreSQL pass and none is left out of it without a reason.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const testDir = fileURLToPath(new URL('../', import.meta.url));
const mark = /^\/\/ @sqlite-only(.*)$/m;
const reasoned = /^: \S+( \S+){2,}/;
const sqliteReach = [/from '[./]+daemon\/src\/db\/sqlite\//, /from '\.\.\/helpers\/database\.ts'/];

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'fixtures' ? [] : testFiles(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const files = testFiles(testDir).map((file) => ({
  name: path.relative(testDir, file),
  text: readFileSync(file, 'utf8'),
}));

test('every @sqlite-only mark says why, in words', () => {
  const marked = files.filter((f) => mark.test(f.text));
  assert.ok(marked.length > 0, 'the PostgreSQL pass leaves some files out: their marks are read here');
  const unreasoned = marked.filter((f) => !reasoned.test(mark.exec(f.text)![1]!)).map((f) => f.name);
  assert.deepEqual(unreasoned, [], 'a mark without a reason of three words or more');
});

test('only integration files carry the mark: the PostgreSQL pass is of that tier', () => {
  const elsewhere = files.filter((f) => mark.test(f.text) && !f.name.startsWith('integration/')).map((f) => f.name);
  assert.deepEqual(elsewhere, []);
});

test("an integration file that reaches SQLite's own machinery is marked", () => {
  const unmarked = files
    .filter((f) => f.name.startsWith('integration/') && !mark.test(f.text))
    .filter((f) => sqliteReach.some((pattern) => pattern.test(f.text)))
    .map((f) => f.name);
  assert.deepEqual(unmarked, [], 'these import db/sqlite/ or the SQLite handle: mark them `// @sqlite-only: <why>`');
});
