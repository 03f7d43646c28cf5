/**
 * What a database's schema is, compared with what the migrations make. A database from outside (a backup being
 * restored) passes only when its tables, indexes, views and triggers are exactly those the migrations it says it ran
 * create: a planted trigger would run with the daemon's rights on every write (make each insert fail, or rewrite the
 * password hash later). The reference is built, never listed by hand: the same migrations run on an empty database
 * in memory.
 */
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { migrations } from './migrations/index.ts';

export interface SchemaObject {
  type: string;
  name: string;
  table: string;
  sql: string;
}

/**
 * SQLite's own statistics tables (ANALYZE, `pragma optimize`): SQLite writes them itself, a query planner's hints with
 * no code in them. sqlite_sequence is created by AUTOINCREMENT in both databases alike.
 */
const sqliteStatistics = new Set(['sqlite_stat1', 'sqlite_stat2', 'sqlite_stat3', 'sqlite_stat4']);

/** The same statement however it was spaced (ALTER TABLE rewrites a table's text with its own spacing). */
const normalised = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

const keyOf = (o: SchemaObject) => `${o.type} ${o.name}`;

/** Every object of the main schema, its statement normalised, in a stable order. */
export function schemaOf(sqlite: SQLite.Database): SchemaObject[] {
  const rows = sqlite
    .prepare('select type, name, tbl_name as "table", sql from sqlite_schema order by type, name')
    .all() as { type: string; name: string; table: string; sql: string | null }[];
  return rows
    .filter((row) => !(row.type === 'table' && sqliteStatistics.has(row.name)))
    .map((row) => ({ type: row.type, name: row.name, table: row.table, sql: normalised(row.sql) }));
}

/** The schema the named migrations (known ones, in their order) create on an empty database. */
export async function migratedSchema(applied: readonly string[]): Promise<SchemaObject[]> {
  const chosen = Object.fromEntries(Object.entries(migrations).filter(([name]) => applied.includes(name)));
  const sqlite = new SQLite(':memory:');
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => chosen } });
    const { error } = await migrator.migrateToLatest();
    if (error) throw error instanceof Error ? error : new Error(String(error));
    return schemaOf(sqlite);
  } finally {
    await db.destroy();
    if (sqlite.open) sqlite.close();
  }
}

export interface SchemaDifference {
  /** `extra`: the database has it and the migrations do not make it; `missing`: the other way; `changed`: both, unlike. */
  kind: 'extra' | 'missing' | 'changed';
  type: string;
  name: string;
}

/** How `actual` differs from `expected`, object by object (an empty list: the same schema). */
export function schemaDifferences(actual: SchemaObject[], expected: SchemaObject[]): SchemaDifference[] {
  const wanted = new Map(expected.map((o) => [keyOf(o), o]));
  const found = new Map(actual.map((o) => [keyOf(o), o]));
  const out: SchemaDifference[] = [];
  for (const [key, o] of found) {
    const other = wanted.get(key);
    if (!other) out.push({ kind: 'extra', type: o.type, name: o.name });
    else if (other.sql !== o.sql || other.table !== o.table) out.push({ kind: 'changed', type: o.type, name: o.name });
  }
  for (const [key, o] of wanted) if (!found.has(key)) out.push({ kind: 'missing', type: o.type, name: o.name });
  return out;
}
