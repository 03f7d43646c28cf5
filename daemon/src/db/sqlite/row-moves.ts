/**
 * Which rows of a table this connection changed in the columns a sorted list depends on, in the order it did: what a
 * list kept from before the change needs to be told to stay exact (modules/tasks/search-pages.ts keeps a whole
 * order of the tasks' ids and puts the moved ones back where the order puts them now, instead of reading 100,000 ids
 * again after every run start and end).
 *
 * Temporary triggers (this connection's only) call a registered function with each inserted, deleted or updated
 * row's id. Another connection's commit (the `ql` command) is seen by `data_version` and makes every earlier version
 * unknown: its rows are not told. A change rolled back is told all the same (a list that puts a row back where it
 * already is loses nothing).
 */
import type SQLite from 'better-sqlite3';

/** The moves remembered: a version further back than this many moves is unknown (a list reads itself again). */
const logSize = 4096;

export class RowMoves {
  /** Moves told so far; the log holds the ids of the last `logSize` of them. */
  private count = 0;
  private readonly log = new Int32Array(logSize);
  /** The count after the last move whose id did not fit the log (past 31 bits): earlier versions are unknown. */
  private unknownBefore = 0;
  private readonly dataVersion: SQLite.Statement<[], number>;

  constructor(sqlite: SQLite.Database, table: string, columns: readonly string[]) {
    const name = `baihu_${table}_moved`;
    sqlite.function(name, { deterministic: false }, (id: unknown) => {
      this.told(id);
      return null;
    });
    const listed = columns.map((column) => `"${column}"`).join(', ');
    sqlite.exec(`
      create temp trigger if not exists ${name}_insert after insert on main."${table}" begin select ${name}(new.id); end;
      create temp trigger if not exists ${name}_delete after delete on main."${table}" begin select ${name}(old.id); end;
      create temp trigger if not exists ${name}_update after update of ${listed} on main."${table}"
        begin select ${name}(old.id); select ${name}(new.id); end;
    `);
    this.dataVersion = sqlite.prepare<[], number>('select data_version from pragma_data_version').pluck();
  }

  /** Changes when a row moves (this connection) or another connection commits. */
  version(): string {
    return `${this.dataVersion.get()}:${this.count}`;
  }

  /**
   * The ids of the rows that moved after version `from` up to `to` (some more than once), or null when that is not
   * known: another connection committed between them, or `from` is further back than the log reaches.
   */
  between(from: string, to: string): Int32Array | null {
    const [fromData, fromCount] = from.split(':').map(Number) as [number, number];
    const [toData, toCount] = to.split(':').map(Number) as [number, number];
    if (fromData !== toData || !(fromCount <= toCount) || toCount > this.count) return null;
    if (fromCount < this.unknownBefore || this.count - fromCount > logSize) return null;
    const ids = new Int32Array(toCount - fromCount);
    for (let i = fromCount; i < toCount; i++) ids[i - fromCount] = this.log[i % logSize]!;
    return ids;
  }

  private told(id: unknown): void {
    const value = Number(id);
    this.count++;
    if (!Number.isInteger(value) || value < 0 || value > 0x7fffffff) this.unknownBefore = this.count;
    else this.log[(this.count - 1) % logSize] = value;
  }
}
