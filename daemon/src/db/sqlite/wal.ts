/**
 * The write-ahead log, for a pass that writes much while the panel answers (run-history retention): SQLite's own
 * checkpoint runs inside the commit that crossed its threshold, on the main thread; such a pass turns it off and has
 * a worker thread's connection checkpoint instead (jobs/retention-worker.ts).
 */
import type SQLite from 'better-sqlite3';
import { createRequire } from 'node:module';

export interface WalControl {
  /**
   * What a worker thread needs to open its own connection to this database. better-sqlite3 is resolved here, by the
   * main thread when the pass starts, so the bundle needs no second entry for the worker.
   */
  workerConnection(): { sqliteModule: string; file: string };
  /** Turns this connection's automatic checkpoints off; the function returned puts them back as they were. */
  holdAutoCheckpoint(): () => void;
  /** A passive checkpoint by this connection (when the worker's cannot). */
  checkpoint(): void;
}

export function walControl(sqlite: SQLite.Database, file: string): WalControl {
  return {
    workerConnection: () => ({ sqliteModule: createRequire(import.meta.url).resolve('better-sqlite3'), file }),
    holdAutoCheckpoint: () => {
      const pages = Number(sqlite.pragma('wal_autocheckpoint', { simple: true }));
      sqlite.pragma('wal_autocheckpoint = 0');
      return () => void sqlite.pragma(`wal_autocheckpoint = ${pages}`);
    },
    checkpoint: () => void sqlite.pragma('wal_checkpoint(PASSIVE)'),
  };
}
