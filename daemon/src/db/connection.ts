import SQLite from 'better-sqlite3';
import { Kysely, SqliteAdapter, SqliteDialect, type DialectAdapter } from 'kysely';
import path from 'node:path';
import { registerRegexp } from './regexp.ts';
import type { Database } from './schema.ts';

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
}

/** Statements kept prepared, most recently used first out of the way last. */
const statementCacheSize = 256;

/**
 * Kysely prepares every query it runs again; a run start's dozen queries spent more time being prepared than run.
 * The same SQL text reuses its statement (Kysely binds values as parameters, lists as one JSON parameter, so the
 * texts repeat). A statement still being iterated is busy: then a fresh one is prepared for this query.
 */
function withStatementCache(sqlite: SQLite.Database) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => void sqlite.close(),
    prepare(text: string): SQLite.Statement {
      const cached = cache.get(text);
      if (cached && !cached.busy) {
        cache.delete(text);
        cache.set(text, cached);
        return cached;
      }
      const statement = sqlite.prepare(text);
      if (!cached) {
        cache.set(text, statement);
        if (cache.size > statementCacheSize) cache.delete(cache.keys().next().value!);
      }
      return statement;
    },
  };
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  sqlite: SQLite.Database;
  file: string;
  /**
   * Changes whenever the database does: a write on this connection, or a commit by any other (the `ql` command).
   * Cheap enough for every request: one statement prepared once.
   */
  changeCounter(): string;
  close(): Promise<void>;
}

export const databaseFileName = 'baihu.sqlite';

export function openDatabase(dbDir: string): DatabaseHandle {
  const file = path.join(dbDir, databaseFileName);
  const sqlite = new SQLite(file);
  // Before WAL writes the file's header: a new database is created in incremental auto-vacuum (db/vacuum.ts).
  sqlite.pragma('auto_vacuum = INCREMENTAL');
  // WAL lets readers go on while a run row is written; NORMAL is durable across process crashes in WAL mode.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  registerRegexp(sqlite);
  const version = sqlite.prepare<[], { changes: number; data: number }>(
    'select total_changes() as changes, (select data_version from pragma_data_version) as data',
  );
  const db = new Kysely<Database>({ dialect: new BaihuSqliteDialect({ database: withStatementCache(sqlite) }) });
  return {
    db,
    sqlite,
    file,
    changeCounter: () => {
      const row = version.get()!;
      return `${row.changes}:${row.data}`;
    },
    // Kysely's destroy closes the better-sqlite3 handle.
    close: () => db.destroy(),
  };
}
