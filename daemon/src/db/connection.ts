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
  // WAL lets readers go on while a run row is written; NORMAL is durable across process crashes in WAL mode.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  registerRegexp(sqlite);
  const version = sqlite.prepare<[], { changes: number; data: number }>(
    'select total_changes() as changes, (select data_version from pragma_data_version) as data',
  );
  const db = new Kysely<Database>({ dialect: new BaihuSqliteDialect({ database: sqlite }) });
  return {
    db,
    sqlite,
    file,
    changeCounter: () => {
      const row = version.get()!;
      return `${row.changes}:${row.data}`;
    },
    // Kysely's destroy closes the handle only if a query went through Kysely; a connection used only directly
    // (a backup's snapshot) would stay open and keep its WAL.
    close: async () => {
      await db.destroy();
      if (sqlite.open) sqlite.close();
    },
  };
}
