// @sqlite-only: runs both engines itself, on a cluster of its own
/**
 * PostgreSQL's phrases (db/postgres/phrases.ts) against SQLite's (db/sqlite/phrases.ts) on the same rows: every
 * condition picks the same ids in both. Where the two databases differ by design (non-ASCII case, a URI-encoded
 * value under a regular expression) the rows say so with their expected answers.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Phrases } from '../../daemon/src/db/phrases.ts';
import { postgresPhrases } from '../../daemon/src/db/postgres/phrases.ts';
import type { Database, NewCron, NewJobRun } from '../../daemon/src/db/schema.ts';
import { sqlitePhrases } from '../../daemon/src/db/sqlite/phrases.ts';
import { bothDialects, type BothDialects } from '../helpers/dialects.ts';
import { startOwnCluster } from '../helpers/postgres.ts';

const cluster = startOwnCluster();
let dbs: BothDialects;

/** One interface (db/phrases.ts): a condition is written once and handed either engine's phrases. */
const dialects: [name: string, db: () => Kysely<Database>, phrases: Phrases][] = [
  ['sqlite', () => dbs.sqlite, sqlitePhrases],
  ['postgres', () => dbs.postgres, postgresPhrases],
];

const names = [
  'Alpha 100% done',
  'alpha_beta',
  'ALPHAxBETA',
  '\u00c9b\u00e8ne',
  '\u00e9b\u00e8ne',
  'price 50%',
  'a\\b path',
  'Check-in daily',
  'check in',
  'word boundary',
  'swordfish',
  'line1\nline2',
  'sub 7',
  'x{2}',
  'caf%C3%A9',
];
const labels = ['["Daily","ops"]', '["nightly"]', '[]', '["a_b","100%"]'];

before(async () => {
  dbs = await bothDialects('postgres-phrases');
  const rows: NewCron[] = names.map((name, i) => ({
    id: i + 1,
    name,
    command: `task ${i % 3 === 0 ? 'Sign' : 'other'}/${name}.js`,
    schedule: `${i} 8 * * *`,
    labels: labels[i % labels.length]!,
    status: i % 3,
    sub_id: i % 4 === 0 ? null : i % 4,
    last_execution_time: i % 5 === 0 ? null : 1000 - i,
    created_at: i,
    updated_at: i,
  }));
  for (const [, db] of dialects) {
    await db().insertInto('crons').values(rows).execute();
    const ended = (id: number, end: NewJobRun['end']) => ({
      id,
      kind: 'task',
      trigger: 't',
      status: 0,
      queued_at: 1,
      end,
    });
    await db()
      .insertInto('job_runs')
      .values([ended(1, 'failed'), ended(2, 'success'), ended(3, 'timeout'), ended(4, null)])
      .execute();
  }
});
after(async () => {
  await dbs?.close();
  cluster.stop();
});

/** The ids each dialect picks with the condition its phrases build. */
async function idsBoth(
  condition: (p: Phrases, ref: (column: string) => Expression<unknown>) => Expression<SqlBool>,
  table: 'crons' | 'job_runs' = 'crons',
): Promise<{ sqlite: number[]; postgres: number[] }> {
  const out: Record<string, number[]> = {};
  for (const [name, db, phrases] of dialects) {
    const rows = await db()
      .selectFrom(table)
      .select('id')
      .where(() => condition(phrases, (column) => sql.ref(column)))
      .orderBy('id')
      .execute();
    out[name] = rows.map((r) => r.id);
  }
  return { sqlite: out.sqlite!, postgres: out.postgres! };
}

const idsOf = (...wanted: string[]) => wanted.map((name) => names.indexOf(name) + 1).sort((a, b) => a - b);

/** Both dialects pick `expected` (when given) and the same ids as each other. */
async function same(
  what: string,
  condition: Parameters<typeof idsBoth>[0],
  expected?: number[],
  table?: 'crons' | 'job_runs',
): Promise<void> {
  const { sqlite, postgres } = await idsBoth(condition, table);
  assert.deepEqual(postgres, sqlite, `${what}: PostgreSQL's rows are SQLite's`);
  if (expected) assert.deepEqual(sqlite, expected, `${what}: the rows`);
  // Without an answer given, a condition that picks no row or every row would compare nothing.
  else assert.ok(sqlite.length > 0 && sqlite.length < (table === 'job_runs' ? 4 : names.length), `${what}: some rows`);
}

test("contains-text: ASCII case folded, LIKE's wildcards and the escape character taken literally", async () => {
  await same('a %', (p, c) => p.containsText(c('name'), '0% D'), idsOf('Alpha 100% done'));
  await same('a _', (p, c) => p.containsText(c('name'), 'A_B'), idsOf('alpha_beta'));
  await same(
    'case',
    (p, c) => p.containsText(c('name'), 'aLpHa'),
    idsOf('Alpha 100% done', 'alpha_beta', 'ALPHAxBETA'),
  );
  await same('non-ASCII case is kept', (p, c) => p.containsText(c('name'), '\u00e9b'), idsOf('\u00e9b\u00e8ne'));
  await same('a backslash', (p, c) => p.containsText(c('name'), 'a\\b'), idsOf('a\\b path'));
  await same(
    'a percent alone',
    (p, c) => p.containsText(c('name'), '%'),
    idsOf('Alpha 100% done', 'price 50%', 'caf%C3%A9'),
  );
  await same('nullable column', (p, c) => p.containsText(c('log_path'), 'x'), []);
  await same(
    'or over columns',
    (p, c) => sql<SqlBool>`${p.containsText(c('command'), 'SIGN/')} or ${p.containsText(c('schedule'), '1 8')}`,
  );
});

test('starts-with: wildcards literal, ASCII case folded as by LIKE', async () => {
  await same('a _', (p, c) => p.startsWithText(c('name'), 'alpha_'), idsOf('alpha_beta'));
  await same('case', (p, c) => p.startsWithText(c('name'), 'CHECK'), idsOf('Check-in daily', 'check in'));
  await same('a %', (p, c) => p.startsWithText(c('name'), '%'), []);
  await same('a command', (p, c) => p.startsWithText(c('command'), 'task Sign/'));
});

test('regular expressions: the same rows for the patterns both engines read, none for the ones they refuse', async () => {
  const cases: [pattern: string, expected?: number[]][] = [
    ['^alpha', idsOf('Alpha 100% done', 'alpha_beta', 'ALPHAxBETA')],
    ['\\bin\\b', idsOf('Check-in daily', 'check in')],
    ['\\bword', idsOf('word boundary')],
    ['\\Bword', idsOf('swordfish')],
    ['^[a-c].*y$', idsOf('Check-in daily')],
    ['[^a-z0-9 ]', undefined],
    ['\\d{2,3}%', idsOf('Alpha 100% done', 'price 50%')],
    ['line1.line2', []],
    ['line1\\sline2', idsOf('line1\nline2')],
    ['x\\{2\\}', idsOf('x{2}')],
    ['x{2}', []],
    ['(?:ALPHA|price) ', idsOf('Alpha 100% done', 'price 50%')],
    ['\\w+_\\w+', idsOf('alpha_beta')],
    ['(', []],
    ['(?=a)', []],
    ['(a)\\1', []],
    ['x{', idsOf('x{2}')],
    ['[[:alpha:]]', []],
    ['a{300}', []],
    ['\\x41', []],
    ['x{2', idsOf('x{2}')],
    ['x{,2}', []],
  ];
  for (const [pattern, expected] of cases) {
    await same(`/${pattern}/`, (p, c) => p.matchesPattern(c('name'), pattern), expected);
  }
  await same('a number column', (p, c) => p.matchesPattern(c('status'), '^2$'));
  // SQLite's regexp answers 0 for NULL, so a NotReg filter keeps the rows without a subscription.
  await same('not, over NULLs', (p, c) => sql<SqlBool>`not ${p.matchesPattern(c('sub_id'), '^1$')}`);
  await same('labels', (p, c) => p.anyElementMatches(c('labels'), '^DAI'));
  await same('labels, refused', (p, c) => p.anyElementMatches(c('labels'), '('), []);
  await same('labels, a _', (p, c) => p.anyElementMatches(c('labels'), '^a_b$'));
});

test('the differences by design: non-ASCII letters fold, and URI-encoded values are decoded, in SQLite only', async () => {
  const { sqlite, postgres } = await idsBoth((p, c) => p.matchesPattern(c('name'), '^\u00e9b'));
  assert.deepEqual(sqlite, idsOf('\u00c9b\u00e8ne', '\u00e9b\u00e8ne'));
  assert.deepEqual(postgres, idsOf('\u00e9b\u00e8ne'));
  // SQLite also tries a value that looks URI-encoded decoded (Qinglong's rule); PostgreSQL matches the text as it is.
  const encoded = await idsBoth((p, c) => p.matchesPattern(c('name'), 'caf\u00e9'));
  assert.deepEqual(encoded, { sqlite: idsOf('caf%C3%A9'), postgres: [] });
});

test('in-lists and JSON arrays: the same rows for numbers, texts, typed arrays, empty and long lists', async () => {
  await same('ids', (p) => p.inList('id', [3, 1, 99]), [1, 3]);
  await same('ids, not leading', (p) => p.inList('id', [2, 4], false), [2, 4]);
  await same('texts', (p) => p.inList('name', ['alpha_beta', 'check in', 'nope']), idsOf('alpha_beta', 'check in'));
  await same('Int32Array', (p) => p.inList('id', Int32Array.of(5, 6)), [5, 6]);
  await same('empty', (p) => p.inList('id', []), []);
  await same('not, over NULLs', (p) => sql<SqlBool>`not ${p.inList('sub_id', [1])}`);
  const long = Array.from({ length: 70_000 }, (_, i) => i * 2);
  await same('70,000 ids', (p) => p.inList('id', long), [2, 4, 6, 8, 10, 12, 14]);
  await same('labels in', (p, c) => p.anyElementIn(c('labels'), ['ops', 'nightly']));
  // The array parameter's own syntax (commas, quotes, braces, backslashes) is pg's to escape.
  await same('labels, odd texts', (p, c) => p.anyElementIn(c('labels'), ['100%', 'x,"y}', '\\', 'NULL']));
  await same('texts, odd', (p) => p.inList('name', ['a\\b path', 'x{2}', 'x,"y', '{}']), idsOf('a\\b path', 'x{2}'));
  await same('labels, case kept', (p, c) => p.anyElementIn(c('labels'), ['daily']), []);
  await same('labels, none', (p, c) => p.anyElementIn(c('labels'), []), []);
});

test('true, false and failed runs', async () => {
  await same(
    'always',
    (p) => p.always,
    names.map((_, i) => i + 1),
  );
  await same('never', (p) => p.never, []);
  await same(
    'not never',
    (p) => sql<SqlBool>`not ${p.never}`,
    names.map((_, i) => i + 1),
  );
  await same('failed', (p) => p.runFailed, [1, 3], 'job_runs');
});

test("Kysely's builder gets SQLite's NULL order from PostgreSQL, asked or not (db/postgres/compiler.ts)", async () => {
  const order = (db: Kysely<Database>, direction: 'asc' | 'desc', explicit: boolean) =>
    db
      .selectFrom('crons')
      .select('id')
      .orderBy('last_execution_time', (o) => {
        const ordered = direction === 'asc' ? o.asc() : o.desc();
        if (!explicit) return ordered;
        return direction === 'asc' ? ordered.nullsFirst() : ordered.nullsLast();
      })
      .orderBy('id')
      .execute();
  for (const direction of ['asc', 'desc'] as const) {
    const sqlite = await order(dbs.sqlite, direction, false);
    assert.deepEqual(await order(dbs.postgres, direction, true), sqlite, direction);
    assert.deepEqual(await order(dbs.postgres, direction, false), sqlite, `${direction}, nulls not named`);
    // Written by hand, PostgreSQL keeps its own order: the compiler is what makes the builder's agree.
    const own = await sql<{
      id: number;
    }>`select id from crons order by last_execution_time ${sql.raw(direction)}, id`.execute(dbs.postgres);
    assert.notDeepEqual(own.rows, sqlite, `${direction}: PostgreSQL's own order`);
  }
});
