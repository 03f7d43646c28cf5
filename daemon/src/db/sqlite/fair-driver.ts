/**
 * SQLite has one connection, and Kysely's SqliteDriver lends it with a mutex whose waiters all wake at every release
 * (each re-checks and waits again): n queries waiting cost n² promise turns, and a burst of due runs queues
 * a thousand at once, so the garbage of those turns grows with the square of the burst. This driver lets one query through at a time in a FIFO queue in front of
 * Kysely's, so Kysely's mutex is never contended, each release wakes exactly one waiter, and the order stays first
 * come, first served.
 */
import type { DatabaseConnection, Driver, QueryCompiler, TransactionSettings } from 'kysely';

export class FairDriver implements Driver {
  private held = false;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    // Released to a waiter, the connection stays held: the waiter takes it over (see releaseConnection).
    if (this.held) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.held = true;
    return this.inner.acquireConnection();
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await this.inner.releaseConnection(connection);
    const next = this.waiting.shift();
    if (next) next();
    else this.held = false;
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(connection);
  }

  savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.inner.savepoint!(connection, name, compile);
  }

  rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    return this.inner.rollbackToSavepoint!(connection, name, compile);
  }

  releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    return this.inner.releaseSavepoint!(connection, name, compile);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}
