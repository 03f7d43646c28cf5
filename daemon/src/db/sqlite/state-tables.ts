/**
 * The tables that hold Baihu's state, read from a migrated SQLite database's own catalog (never a list by hand, so a
 * migration that adds a table is copied without a change here), in the order rows can be inserted: a table after the
 * tables its foreign keys name, and after the tables whose triggers write into it (db/copy-rows.ts).
 */
import type SQLite from 'better-sqlite3';

export interface StateTable {
  name: string;
  /** The primary key's columns in key order; none for a table without one (its rows are read in one statement). */
  key: string[];
}

/** Kysely's migration tables belong to the database they are in; SQLite's own and FTS5's shadow tables to SQLite. */
const isState = (name: string, type: string) =>
  type === 'table' && !name.startsWith('sqlite_') && !name.startsWith('kysely_');

const escaped = (name: string) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether a trigger's statement writes into `table` (a read of it orders nothing). */
const writesInto = (statement: string, table: string) =>
  new RegExp(
    `\\b(?:insert\\s+(?:or\\s+\\w+\\s+)?into|replace\\s+into|update\\s+(?:or\\s+\\w+\\s+)?|delete\\s+from)\\s*["\`[]?${escaped(table)}\\b`,
    'i',
  ).test(statement);

export function stateTables(sqlite: SQLite.Database): StateTable[] {
  const names = sqlite
    .prepare<[], { name: string; type: string }>("select name, type from pragma_table_list where schema = 'main'")
    .all()
    .filter((row) => isState(row.name, row.type))
    .map((row) => row.name)
    .sort();
  const after = new Map<string, Set<string>>(names.map((name) => [name, new Set<string>()]));
  for (const name of names) {
    const parents = sqlite
      .prepare<[string], { table: string }>('select "table" from pragma_foreign_key_list(?)')
      .all(name)
      .map((row) => row.table);
    for (const parent of parents) if (parent !== name && after.has(parent)) after.get(name)!.add(parent);
  }
  // A trigger's effect (a run counter, a version) is inserted after its cause, so the copied rows overwrite it.
  const triggers = sqlite
    .prepare<[], { table: string; sql: string }>(
      'select tbl_name as "table", sql from sqlite_schema where type = \'trigger\'',
    )
    .all();
  for (const trigger of triggers) {
    for (const name of names) {
      if (name !== trigger.table && after.has(trigger.table) && writesInto(trigger.sql, name))
        after.get(name)!.add(trigger.table);
    }
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < names.length) {
    const next = names.find((name) => !placed.has(name) && [...after.get(name)!].every((p) => placed.has(p)));
    if (!next) throw new Error(`The tables' foreign keys and triggers go round in a circle: ${names.join(', ')}`);
    ordered.push(next);
    placed.add(next);
  }
  return ordered.map((name) => ({
    name,
    key: sqlite
      .prepare<[string], { name: string }>('select name from pragma_table_info(?) where pk > 0 order by pk')
      .all(name)
      .map((row) => row.name),
  }));
}
