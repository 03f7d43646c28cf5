/**
 * The data port holds (docs/architecture.md, "The data port"): outside daemon/src/db/, no file imports a database
 * driver or a dialect's folder, and no SQL written by hand there names what only one engine has. Every file of
 * daemon/src is read, so a new one is covered without anyone listing it. The one exception, the Qinglong import's
 * reader of Qinglong's own SQLite file, is named here and says so in its file.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const src = fileURLToPath(new URL('../../daemon/src/', import.meta.url));
const qinglongReader = 'modules/qinglong-import/sqlite-source.ts';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

const outsideDb = sources(src)
  .map((file) => ({ name: path.relative(src, file), text: readFileSync(file, 'utf8') }))
  .filter((f) => !f.name.startsWith('db/'));

/** Code only: comments may name what they explain. */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

const imports = (text: string) => [...code(text).matchAll(/(?:from|import\()\s*'([^']+)'/g)].map((m) => m[1]!);

test('no file outside db/ imports a driver or a dialect folder (the Qinglong reader excepted)', () => {
  assert.ok(outsideDb.length > 100, 'the daemon was read');
  const found = outsideDb.flatMap((f) =>
    imports(f.text)
      .filter((spec) => /^(better-sqlite3|pg|pg-.*)$/.test(spec) || /\/db\/(sqlite|postgres)\//.test(spec))
      .map((spec) => `${f.name}: ${spec}`),
  );
  assert.deepEqual(
    found.filter((line) => !line.startsWith(`${qinglongReader}:`)),
    [],
  );
  const reader = outsideDb.find((f) => f.name === qinglongReader)!;
  assert.match(reader.text, /not through db\/: this is Qinglong's own SQLite file/, 'the exception says why');
});

/** What one engine has and the other has not, as it would appear in SQL written by hand. */
const engineSql: [string, RegExp][] = [
  ['rowid', /\browid\b/i],
  ['PRAGMA', /\bpragma\b/i],
  ['sqlite_ tables', /\bsqlite_(schema|master|sequence)\b/i],
  ['group_concat', /\bgroup_concat\s*\(/i],
  ['json_each / json_extract', /\bjson_(each|extract|group_array)\s*\(/i],
  ['UPDATE OR / INSERT OR', /\b(update|insert)\s+or\s+(fail|replace|ignore|abort)\b/i],
  ['ILIKE', /\bilike\b/i],
  ['::casts', /'\s*::\s*[a-z]|\)::[a-z]|\b[a-z_]+::(text|bigint|int|jsonb?)\b/i],
  ['pg_ functions', /\bpg_[a-z_]+\s*\(/i],
];

test('no SQL written by hand outside db/ names what only one engine has', () => {
  const found = outsideDb
    .filter((f) => f.name !== qinglongReader)
    .flatMap((f) => {
      const sqlText = [...code(f.text).matchAll(/sql(?:<[^>`]*>)?`([^`]*)`/g)].map((m) => m[1]!).join('\n');
      return engineSql.filter(([, pattern]) => pattern.test(sqlText)).map(([what]) => `${f.name}: ${what}`);
    });
  assert.deepEqual(found, []);
});
