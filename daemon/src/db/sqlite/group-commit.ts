/**
 * Group commit: the writes of one turn of the event loop share one transaction, committed when the turn ends.
 *
 * In WAL mode each commit appends every page the statement touched (the row's page and one page per index it
 * changes) and a commit frame to the WAL; a run's bookkeeping is a dozen single-row statements, and most of their
 * time was those commits (1,000 runs due together: ≈1.4 s of SQLite alone, ≈0.4 s with the writes of a turn in
 * one transaction; docs/performance.md). Runs that end or start together in one turn now share a commit, and
 * several runs touching the same index page write it once.
 *
 * The first write outside any transaction opens one (BEGIN IMMEDIATE, so waiting for another process's write lock
 * happens there, as it did at that statement) and schedules its commit with setImmediate: the same turn's later
 * microtasks and callbacks join it. With `minIntervalMs` (the daemon's: daemonCommitIntervalMs) a commit that would
 * follow the last one sooner waits until then, and the turns in between join it: while the daemon holds the write
 * lock that long at most, another process's write (the `ql` command) waits in its busy timeout, and its reads see
 * the last commit. What must be on disk before something else happens commits it at once
 * (`flush`): an explicit transaction's BEGIN, an HTTP reply (app.ts), a run's processes being started (its marker
 * row, for crash recovery), a backup's snapshot, closing the database.
 *
 * A statement that fails inside the turn's transaction is undone alone (SQLite's statement rollback), as it was on
 * its own; only errors that end the whole transaction (disk full, I/O error) lose the turn's other writes too — they
 * would have failed next anyway — and are reported to `onError`.
 */
import type SQLite from 'better-sqlite3';
import { performance } from 'node:perf_hooks';

/**
 * The daemon's least time between two commits (`minIntervalMs`). A commit writes every page its writes changed to
 * the WAL, and what runs change is mostly the same pages again: a task's entries in the list's order indexes, the
 * runs table's newest pages, the run counters. 1,000 runs due together committed once or twice a turn: 83 KB
 * written a run, 34 KB with this (bench/scale.ts burst_written_kb_per_run). A write while the last commit is this
 * recent waits for the next one, so a burst writes each shared page once per interval; a lone write still commits
 * when its turn ends, and whatever must be on disk first still flushes at once.
 */
export const daemonCommitIntervalMs = 10;

export class GroupCommit {
  private open = false;
  private lastCommit = Number.NEGATIVE_INFINITY;
  /** Cancels the scheduled commit of the open transaction (flush made it sooner). */
  private cancelCommit: (() => void) | null = null;
  private readonly begin: SQLite.Statement;
  private readonly commit: SQLite.Statement;
  private readonly rollback: SQLite.Statement;

  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly onError: (error: unknown) => void = () => {},
    /** Least ms between two commits (0: each turn's writes commit when it ends). */
    private readonly minIntervalMs = 0,
  ) {
    this.begin = sqlite.prepare('begin immediate');
    this.commit = sqlite.prepare('commit');
    this.rollback = sqlite.prepare('rollback');
  }

  /** Whether writes of this turn wait for their commit. */
  get pending(): boolean {
    return this.open && this.sqlite.inTransaction;
  }

  /**
   * Called before every statement that writes: outside a transaction, it opens one, committed when the turn ends
   * or `minIntervalMs` after the last commit, whichever is later.
   */
  beforeWrite(): void {
    if (this.sqlite.inTransaction) return;
    this.begin.run();
    this.open = true;
    const wait = this.lastCommit + this.minIntervalMs - performance.now();
    if (wait > 0) {
      const timer = setTimeout(() => this.flush(), wait);
      this.cancelCommit = () => clearTimeout(timer);
    } else {
      const immediate = setImmediate(() => this.flush());
      this.cancelCommit = () => clearImmediate(immediate);
    }
  }

  /** Commits the turn's writes now (no-op when there are none). */
  flush(): void {
    if (!this.open) return;
    this.open = false;
    this.cancelCommit?.();
    this.cancelCommit = null;
    this.lastCommit = performance.now();
    // An error that ended the transaction already rolled it back (and was thrown to its statement's caller).
    if (!this.sqlite.inTransaction) {
      this.onError(new Error('the writes of one turn were rolled back by a failed statement'));
      return;
    }
    try {
      this.commit.run();
    } catch (error) {
      if (this.sqlite.inTransaction) this.rollback.run();
      this.onError(error);
    }
  }
}
