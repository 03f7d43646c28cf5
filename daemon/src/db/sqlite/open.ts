import SQLite from 'better-sqlite3';
import { Kysely, SqliteAdapter, SqliteDialect, type DialectAdapter, type Driver, type SqliteStatement } from 'kysely';
import { statSync } from 'node:fs';
import path from 'node:path';
import { FairDriver } from './fair-driver.ts';
import { GroupCommit } from './group-commit.ts';
import { registerRegexp } from './regexp.ts';
import type { DatabaseHandle, OpenPurpose } from '../port.ts';
import type { Database } from '../schema.ts';
import { sqliteAccelerators, type SqliteAccelerators } from './accelerators.ts';
import { migrateToLatest } from './migrate.ts';
import { sqlitePhrases } from './phrases.ts';

export { daemonCommitIntervalMs } from './group-commit.ts';

/** SQLite runs DDL inside transactions; Kysely's adapter says otherwise, which would leave half-applied migrations. */
class TransactionalSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class BaihuSqliteDialect extends SqliteDialect {
  override createAdapter(): DialectAdapter {
    return new TransactionalSqliteAdapter();
  }

  override createDriver(): Driver {
    return new FairDriver(super.createDriver());
  }
}

/** Statements kept prepared, most recently used first out of the way last. */
const statementCacheSize = 256;

/**
 * Kysely prepares every query it runs again; a run start's dozen queries spent more time being prepared than run.
 * The same SQL text reuses its statement (Kysely binds values as parameters, lists as one JSON parameter, so the
 * texts repeat). A statement still being iterated is busy: then a fresh one is prepared for this query.
 * With a group commit, statements that write open the turn's transaction first, and an explicit BEGIN commits it.
 */
function withStatementCache(sqlite: SQLite.Database, group: GroupCommit | null) {
  const cache = new Map<string, { statement: SQLite.Statement; run: SqliteStatement }>();
  const wrap = (statement: SQLite.Statement): SqliteStatement => {
    if (!group || statement.readonly) return statement;
    return {
      reader: statement.reader,
      all: (parameters) => (group.beforeWrite(), statement.all(parameters)),
      run: (parameters) => (group.beforeWrite(), statement.run(parameters)),
      iterate: (parameters) => (group.beforeWrite(), statement.iterate(parameters)),
    };
  };
  return {
    close: () => void sqlite.close(),
    prepare(text: string): SqliteStatement {
      if (group && /^\s*begin\b/i.test(text)) group.flush();
      const cached = cache.get(text);
      if (cached && !cached.statement.busy) {
        cache.delete(text);
        cache.set(text, cached);
        return cached.run;
      }
      const statement = sqlite.prepare(text);
      const run = wrap(statement);
      if (!cached) {
        cache.set(text, { statement, run });
        if (cache.size > statementCacheSize) cache.delete(cache.keys().next().value!);
      }
      return run;
    },
  };
}

/** SQLite's handle: its accelerators are always there. */
export interface SqliteHandle extends DatabaseHandle {
  readonly dialect: 'sqlite';
  readonly accelerators: SqliteAccelerators;
  /** SQLite can always tell. */
  changeCounter(): string;
}

export const databaseFileName = 'baihu.sqlite';

export const openSqlite = (dbDir: string, options: OpenPurpose = {}): SqliteHandle =>
  openSqliteFile(path.join(dbDir, databaseFileName), options);

/** The handle over any file: the daemon's, or a snapshot written or read row by row (db/copy-rows.ts). */
export function openSqliteFile(file: string, options: OpenPurpose = {}): SqliteHandle {
  const sqlite = new SQLite(file);
  // Before WAL writes the file's header: a new database is created in incremental auto-vacuum (db/sqlite/vacuum.ts).
  sqlite.pragma('auto_vacuum = INCREMENTAL');
  // WAL lets readers go on while a run row is written; NORMAL is durable across process crashes in WAL mode.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Statement journals and transient indexes in memory. The daemon's writes share a transaction per turn (group
  // commit), so a statement that may fail midway journals every page it changes; past 64 KiB (a task's status
  // change touches a dozen index pages) SQLite spilled that journal to a temp file created, written and deleted in
  // /var/tmp at each commit: most of the bytes a run wrote (1,000 runs due together: 195 → 83 KB a run, bench/scale.ts
  // burst_written_kb_per_run). In memory it is bounded by the statement; a sort or a group is bounded by what it
  // holds (a list's rows up to its page, one entry a task). Set before anything temporary exists: changing it later
  // drops the temp triggers (row-moves.ts).
  sqlite.pragma('temp_store = MEMORY');
  registerRegexp(sqlite);
  const version = sqlite.prepare<[], { changes: number; data: number }>(
    'select total_changes() as changes, (select data_version from pragma_data_version) as data',
  );
  const group = options.groupCommit
    ? new GroupCommit(sqlite, options.groupCommit.onError, options.groupCommit.minIntervalMs)
    : null;
  const db = new Kysely<Database>({
    dialect: new BaihuSqliteDialect({ database: withStatementCache(sqlite, group) }),
  });
  const accelerators = sqliteAccelerators(sqlite, file);
  return {
    dialect: 'sqlite',
    db,
    phrases: sqlitePhrases,
    location: file,
    accelerators,
    changeCounter: () => {
      const row = version.get()!;
      return `${row.changes}:${row.data}`;
    },
    flush: () => group?.flush(),
    migrate: () => migrateToLatest(db, sqlite, file),
    // Every row quick_check answers is a problem, or the one row 'ok'.
    integrity: async () =>
      (sqlite.pragma('quick_check') as { quick_check: string }[])
        .map((row) => row.quick_check)
        .filter((row) => row !== 'ok'),
    size: async () => statSync(file).size,
    snapshotTo: (target) => accelerators.snapshotTo(target),
    // Kysely's destroy closes the handle only if a query went through Kysely; a connection used only directly
    // (a backup's snapshot) would stay open and keep its WAL.
    close: async () => {
      group?.flush();
      await db.destroy();
      if (sqlite.open) sqlite.close();
    },
    quiet: () => new Promise((resolve) => setImmediate(resolve)),
  };
}
