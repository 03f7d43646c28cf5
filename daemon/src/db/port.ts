/**
 * The one port the rest of the daemon reaches the database through: Kysely over the schema, the engine's SQL
 * phrases, and the few operations that each engine does its own way. SQLite's implementation is sqlite/open.ts;
 * what only SQLite has is `accelerators` (null on another engine), so each of its callers keeps a plain path.
 */
import type { Kysely } from 'kysely';
import type { Phrases } from './phrases.ts';
import type { Database } from './schema.ts';
import type { SqliteAccelerators } from './sqlite/accelerators.ts';

export type { SqliteAccelerators } from './sqlite/accelerators.ts';
export type { RowMoves } from './sqlite/row-moves.ts';
export type { WalControl } from './sqlite/wal.ts';
export type { IndexedTextColumn, TextIndex } from './sqlite/text-index.ts';

export interface MigrationOutcome {
  /** The migrations this call applied, in order. */
  applied: string[];
  /** Copy of the database taken before migrating an existing database, if one was needed. */
  backup: string | null;
}

/** How a database is opened: the daemon's choice, or a command-line tool's. */
export interface OpenPurpose {
  /**
   * The writes of one event-loop turn share one commit (sqlite/group-commit.ts): the daemon's choice. Whoever opens
   * it so must flush before anything that needs the writes on disk; a command-line tool that exits right after
   * writing keeps one commit per statement.
   */
  groupCommit?: { onError: (error: unknown) => void; minIntervalMs?: number };
  /**
   * The daemon owns the database: one daemon a database, as one a data dir (db/lock.ts). On PostgreSQL an advisory
   * lock on a connection of its own; `onLost` when that connection goes (the daemon must stop). SQLite's is the data
   * dir's lock, taken before.
   */
  owner?: { onLost: (error: Error) => void };
}

export interface DatabaseHandle {
  readonly dialect: 'sqlite' | 'postgres';
  readonly db: Kysely<Database>;
  /** The SQL phrases of this engine (phrases.ts), handed to every repository. */
  readonly phrases: Phrases;
  /** Where the database is, as people are told it: SQLite's file. */
  readonly location: string;
  /**
   * Changes whenever the database does: a write on this connection, or a commit by any other (the `ql` command).
   * Cheap enough for every request. Null when the engine cannot tell: then nothing is kept between requests.
   */
  changeCounter(): string | null;
  /** Commits the writes of this turn now, when the group commit holds any (a no-op without one). */
  flush(): void;
  /** Brings the schema up to date (a copy of an existing database is taken first). */
  migrate(): Promise<MigrationOutcome>;
  /** The problems a quick integrity check finds, none when the database is sound. */
  integrity(): Promise<string[]>;
  /** The database's size in bytes, as a backup of it will need. */
  size(): Promise<number>;
  /**
   * A consistent SQLite snapshot of the whole database at `file`: the file a backup holds, whatever the engine
   * (SQLite's online backup; on another engine a new file filled row by row in one read transaction).
   */
  snapshotTo(file: string): Promise<void>;
  close(): Promise<void>;
  /**
   * Resolves once no query of this handle is in flight: what a manual clock (tests) waits for after firing a timer,
   * so that the work it began ends before time moves on. SQLite's queries end within the turn they are asked in.
   */
  quiet(): Promise<void>;
  /** What only SQLite has (sqlite/accelerators.ts); null on another engine. */
  readonly accelerators: SqliteAccelerators | null;
}
