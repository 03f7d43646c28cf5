/**
 * The two catalogs read the same way: SQLite's pragmas and PostgreSQL's information_schema and pg_index, for
 * comparing the schema the two dialects' migrations make (test/integration/postgres-baseline.test.ts).
 */
import type SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../daemon/src/db/schema.ts';

export interface SqliteColumn {
  name: string;
  type: string;
  notnull: number;
  dflt_value: string | null;
  pk: number;
}
export interface PgColumn {
  column_name: string;
  data_type: string;
  is_nullable: string;
  column_default: string | null;
  collation_name: string | null;
}
export interface PgIndex {
  name: string;
  unique: boolean;
  predicate: string | null;
  columns: string[];
  descending: boolean[];
  nulls_first: boolean[];
}

/** SQLite's tables without its own, the migrator's and FTS5's (the text index is pg_trgm's in PostgreSQL). */
export function sqliteTables(raw: SQLite.Database): string[] {
  const rows = raw.prepare(`select name from pragma_table_list where schema = 'main' and type = 'table'`).all();
  return (rows as { name: string }[])
    .map((r) => r.name)
    .filter((name) => !name.startsWith('sqlite_') && !name.startsWith('kysely_'))
    .sort();
}

export async function postgresTables(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'kysely\\_%'`.execute(db);
  return rows.map((r) => r.name).sort();
}

export const sqliteColumns = (raw: SQLite.Database, table: string) =>
  raw.prepare('select name, type, "notnull", dflt_value, pk from pragma_table_info(?)').all(table) as SqliteColumn[];

export async function postgresColumns(db: Kysely<Database>, table: string): Promise<PgColumn[]> {
  const { rows } = await sql<PgColumn>`select column_name, data_type, is_nullable, column_default, collation_name
    from information_schema.columns where table_schema = 'public' and table_name = ${table}
    order by ordinal_position`.execute(db);
  return rows;
}

export async function postgresIndexes(db: Kysely<Database>, table: string): Promise<PgIndex[]> {
  const { rows } = await sql<PgIndex>`select c.relname as name, i.indisunique as unique,
      pg_get_expr(i.indpred, i.indrelid) as predicate,
      array(select coalesce(a.attname::text, pg_get_indexdef(i.indexrelid, k.n::int, true))
        from unnest(i.indkey::int2[]) with ordinality k(attnum, n)
        left join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum order by k.n) as columns,
      array(select (o.opt & 1) = 1 from unnest(i.indoption::int2[]) with ordinality o(opt, n) order by o.n)
        as descending,
      array(select (o.opt & 2) = 2 from unnest(i.indoption::int2[]) with ordinality o(opt, n) order by o.n)
        as nulls_first
    from pg_index i join pg_class c on c.oid = i.indexrelid join pg_class t on t.oid = i.indrelid
    join pg_namespace ns on ns.oid = t.relnamespace
    where ns.nspname = 'public' and t.relname = ${table}`.execute(db);
  return rows;
}
