/**
 * Every state table's rows from one database into another, engine to engine: a backup taken on PostgreSQL is a SQLite
 * file filled from the live rows, and a restore on PostgreSQL fills its tables from the archive's SQLite file. The
 * tables and their order come from SQLite's catalog (sqlite/state-tables.ts); both engines have the same tables.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DatabaseHandle } from './port.ts';
import { openSqliteFile } from './sqlite/open.ts';
import { stateTables, type StateTable } from './sqlite/state-tables.ts';

export type { StateTable } from './sqlite/state-tables.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- the tables are the catalog's, not the schema's type */
type AnyDb = Kysely<any> | Transaction<any>;
type AnyTransaction = Transaction<any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

/** Rows read at a time: a batch costs one round trip on a server, and a table of millions never sits in memory. */
const readRows = 500;
/** Bound values per INSERT, under both engines' limits (SQLite 32,766, PostgreSQL 65,535). */
const boundValues = 30_000;

async function* batchesOf(source: AnyDb, table: StateTable): AsyncGenerator<Record<string, unknown>[]> {
  if (table.key.length === 0) {
    yield await source.selectFrom(table.name).selectAll().execute();
    return;
  }
  // By key from the last row on, so a late batch costs what the first does (an OFFSET reads every row before it).
  let last: unknown[] | null = null;
  for (;;) {
    let query = source.selectFrom(table.name).selectAll();
    if (last) {
      const key = sql.join(table.key.map((column) => sql.ref(column)));
      const from = sql.join(last);
      query = query.where(sql<boolean>`(${key}) > (${from})`);
    }
    for (const column of table.key) query = query.orderBy(column);
    const rows = (await query.limit(readRows).execute()) as Record<string, unknown>[];
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < readRows) return;
    const end = rows[rows.length - 1]!;
    last = table.key.map((column) => end[column]);
  }
}

/**
 * The target's rows of every table replaced by the source's: all deleted in reverse order, then each table filled in
 * order. A table is emptied again right before it is filled: the triggers of the tables before it (the run counters,
 * the text versions) wrote into it, and the copied rows are what those triggers had made of the same rows.
 */
export async function replaceRows(source: AnyDb, target: AnyTransaction, tables: readonly StateTable[]) {
  for (const table of [...tables].reverse()) await target.deleteFrom(table.name).execute();
  for (const table of tables) {
    await target.deleteFrom(table.name).execute();
    for await (const rows of batchesOf(source, table)) {
      const columns = Math.max(1, Object.keys(rows[0] ?? {}).length);
      const step = Math.max(1, Math.floor(boundValues / columns));
      for (let at = 0; at < rows.length; at += step) {
        await target
          .insertInto(table.name)
          .values(rows.slice(at, at + step))
          .execute();
      }
    }
  }
}

/** The tables a PostgreSQL database has besides Kysely's, by name: a copy refuses a database that is not the same. */
export async function checkSameTables(db: AnyDb, tables: readonly StateTable[], dialect: string): Promise<void> {
  if (dialect !== 'postgres') return;
  const { rows } = await sql<{ name: string }>`select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like 'kysely%'`.execute(db);
  const theirs = rows.map((row) => row.name).sort();
  const ours = tables.map((table) => table.name).sort();
  if (theirs.join() !== ours.join())
    throw new Error(`The database's tables (${theirs.join(', ')}) are not SQLite's (${ours.join(', ')})`);
}

/** Where the rows are: a handle's Kysely and its engine. */
type Rows = Pick<DatabaseHandle, 'db' | 'dialect'>;

/**
 * A new SQLite file at `file` with the migrations' schema and every row of `source`, read in one transaction: on
 * PostgreSQL repeatable read, so every table is read as of one moment while the daemon goes on writing.
 */
export async function writeSqliteCopy(source: Rows, file: string): Promise<void> {
  const target = openSqliteFile(file);
  try {
    await target.migrate();
    const tables = stateTables(target.accelerators.sqlite);
    let read = source.db.transaction();
    if (source.dialect === 'postgres') read = read.setIsolationLevel('repeatable read').setAccessMode('read only');
    await read.execute(async (snapshot) => {
      await checkSameTables(snapshot, tables, source.dialect);
      await target.db.transaction().execute(async (write) => {
        await replaceRows(snapshot, write, tables);
        if (source.dialect === 'postgres') await recordHandedOut(write, await handedOutOnPostgres(snapshot));
      });
    });
  } finally {
    await target.close();
  }
}

/**
 * The last id each table has handed out (SQLite's sqlite_sequence): AUTOINCREMENT never gives an id twice, not even a
 * deleted row's, so a new task never takes the id an old task's run statistics still name.
 */
type HandedOut = Map<string, number>;

async function identitiesOf(trx: AnyTransaction) {
  const { rows } = await sql<{ table: string; column: string; sequence: string }>`select table_name as "table",
    column_name as "column", pg_get_serial_sequence(quote_ident(table_name), column_name) as "sequence"
    from information_schema.columns where table_schema = current_schema() and is_identity = 'YES'`.execute(trx);
  return rows;
}

/**
 * PostgreSQL does not move an identity past the ids inserted with their rows (SQLite takes max(rowid) + 1): each is
 * set past its table's largest id and past the last one SQLite handed out.
 */
async function moveIdentities(trx: AnyTransaction, handed: HandedOut): Promise<void> {
  for (const { table, column, sequence } of await identitiesOf(trx)) {
    const last = handed.get(table) ?? 0;
    await sql`select setval(${sequence}, greatest(coalesce(max(${sql.ref(column)}), 0), ${last}) + 1, false)
      from ${sql.table(table)}`.execute(trx);
  }
}

/** PostgreSQL's identities as sqlite_sequence holds them: the last id each handed out (none yet: 0). */
async function handedOutOnPostgres(trx: AnyTransaction): Promise<HandedOut> {
  const handed: HandedOut = new Map();
  for (const { table, sequence } of await identitiesOf(trx)) {
    // The name pg_get_serial_sequence answers is quoted as a relation's name must be.
    const { rows } = await sql<{ last: number; called: boolean }>`select last_value as "last", is_called as "called"
      from ${sql.raw(sequence)}`.execute(trx);
    const row = rows[0];
    if (row) handed.set(table, row.called ? row.last : row.last - 1);
  }
  return handed;
}

async function recordHandedOut(sqlite: AnyTransaction, handed: HandedOut): Promise<void> {
  for (const [table, last] of handed) {
    const { rows } = await sql<{ seq: number | null }>`select max(seq) as seq from sqlite_sequence
      where name = ${table}`.execute(sqlite);
    const seq = Math.max(last, rows[0]?.seq ?? 0);
    await sql`delete from sqlite_sequence where name = ${table}`.execute(sqlite);
    await sql`insert into sqlite_sequence (name, seq) values (${table}, ${seq})`.execute(sqlite);
  }
}

/**
 * The rows of every state table of `target` replaced by a SQLite file's, in one transaction. The file (an archive's,
 * already checked) is first brought to this version's schema, as a start would migrate it.
 */
export async function replaceRowsFromSqlite(target: Rows, file: string): Promise<void> {
  const source = openSqliteFile(file);
  try {
    await source.migrate();
    const tables = stateTables(source.accelerators.sqlite);
    const handed: HandedOut = new Map(
      source.accelerators.sqlite
        .prepare<[], { name: string; seq: number }>('select name, seq from sqlite_sequence')
        .all()
        .map((row) => [row.name, row.seq]),
    );
    await target.db.transaction().execute(async (trx) => {
      await checkSameTables(trx, tables, target.dialect);
      await replaceRows(source.db, trx, tables);
      if (target.dialect === 'postgres') await moveIdentities(trx, handed);
    });
  } finally {
    await source.close();
  }
}
