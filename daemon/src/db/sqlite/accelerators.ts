/**
 * What only SQLite has, behind one member of the handle (`DatabaseHandle.accelerators`, null on another engine): a
 * caller that can go faster or must do something SQLite's own way asks for it there and keeps a plain path without.
 */
import type SQLite from 'better-sqlite3';
import { RowMoves } from './row-moves.ts';
import { sqliteTextIndex, type TextIndex } from './text-index.ts';
import { walControl, type WalControl } from './wal.ts';
import { reclaimFreePages, switchToIncrementalVacuum, type ReclaimOptions } from './vacuum.ts';

export interface SqliteAccelerators {
  /** The better-sqlite3 connection itself, for what only SQLite does (its backup API, a WAL checkpoint). */
  readonly sqlite: SQLite.Database;
  /** The database file. */
  readonly file: string;
  /** This connection's moves of `table`'s rows in the columns a sorted list depends on (row-moves.ts). */
  rowMoves(table: string, columns: readonly string[]): RowMoves;
  /** The trigram index of the tasks' text (text-index.ts). */
  readonly textIndex: TextIndex;
  /** Once at start-up, after the migrations: an older database moves to incremental auto-vacuum (vacuum.ts). */
  switchToIncrementalVacuum(log: { info(msg: string): void; warn(obj: object, msg: string): void }): void;
  /** A consistent copy of the live database to `file` (SQLite's online backup: readers and writers go on). */
  snapshotTo(file: string): Promise<void>;
  /** The write-ahead log's checkpoints, for a pass that writes much (wal.ts). */
  readonly wal: WalControl;
  /** Deleted rows' pages back to the disk in small steps (vacuum.ts); the number of pages returned. */
  reclaimFreePages(o?: ReclaimOptions): Promise<number>;
}

export function sqliteAccelerators(sqlite: SQLite.Database, file: string): SqliteAccelerators {
  return {
    sqlite,
    file,
    rowMoves: (table, columns) => new RowMoves(sqlite, table, columns),
    textIndex: sqliteTextIndex,
    switchToIncrementalVacuum: (log) => switchToIncrementalVacuum(sqlite, log),
    reclaimFreePages: (o) => reclaimFreePages(sqlite, o),
    wal: walControl(sqlite, file),
    snapshotTo: async (target) => void (await sqlite.backup(target)),
  };
}
