/**
 * The slow parts of run-history retention, off the main thread: deleting run logs and checkpointing the WAL.
 *  - Logs: a pass removes hundreds of thousands, and most rows it deletes have no log left (an older cleanup took
 *    it); awaited one by one on the event loop, an lstat and an unlink per row cost the panel more than deleting
 *    the rows. The worker does them synchronously, a batch per message (one batch in flight: bounded parallelism).
 *  - The WAL: every batch of deletes appends its changed pages to the WAL, and SQLite's automatic checkpoint then
 *    copies them back into the database, with an fsync, inside the commit that crossed the threshold: on the main
 *    thread, tens of milliseconds each, every few batches. During a pass the main connection leaves that to the
 *    worker's own connection; the pass waits (without blocking the event loop) for a checkpoint whenever the WAL has
 *    grown past a bound, writing nothing meanwhile, so the next write starts the WAL over and it never grows without
 *    end.
 * The worker's code is plain CommonJS; its database connection is opened from what the main thread's handle gives
 * (WalControl.workerConnection: better-sqlite3 resolved there), so the bundle needs no second entry.
 */
import { Worker } from 'node:worker_threads';
import type { WalControl } from '../db/port.ts';

export interface RemovedLogs {
  files: number;
  bytes: number;
  failed: number;
  errors: string[];
}

const workerSource = `
const { lstatSync, unlinkSync } = require('node:fs');
const { parentPort, workerData } = require('node:worker_threads');
let db = null;
function removeLogs(files) {
  const out = { files: 0, bytes: 0, failed: 0, errors: [] };
  for (const file of files) {
    try {
      const stats = lstatSync(file, { throwIfNoEntry: false });
      if (!stats || !stats.isFile()) continue;
      unlinkSync(file);
      out.files++;
      out.bytes += stats.size;
    } catch (error) {
      if (error.code === 'ENOENT') continue;
      out.failed++;
      if (out.errors.length < 5) out.errors.push(file + ': ' + error.message);
    }
  }
  return out;
}
function checkpoint() {
  if (!db) {
    const SQLite = require(workerData.sqliteModule);
    db = new SQLite(workerData.dbFile, { fileMustExist: true });
    db.pragma('busy_timeout = 1000');
  }
  return db.pragma('wal_checkpoint(PASSIVE)')[0];
}
parentPort.on('message', ({ id, files }) => {
  try {
    parentPort.postMessage({ id, out: files ? removeLogs(files) : checkpoint() });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message || error) });
  }
});
`;

export class RetentionWorker {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, { resolve: (out: unknown) => void; reject: (e: Error) => void }>();
  private next = 0;

  /** `connection`: how to reach the database whose WAL the worker checkpoints. */
  constructor(private readonly connection: ReturnType<WalControl['workerConnection']> | null) {}

  private start(): Worker {
    const workerData = { sqliteModule: this.connection?.sqliteModule, dbFile: this.connection?.file ?? null };
    const worker = new Worker(workerSource, { eval: true, workerData });
    worker.unref();
    worker.on('message', ({ id, out, error }: { id: number; out?: unknown; error?: string }) => {
      const waiting = this.pending.get(id);
      this.pending.delete(id);
      if (error === undefined) waiting?.resolve(out);
      else waiting?.reject(new Error(error));
    });
    const fail = (error: Error) => {
      for (const { reject } of this.pending.values()) reject(error);
      this.pending.clear();
      this.worker = null;
    };
    worker.on('error', fail);
    worker.on('exit', () => fail(new Error('the retention worker stopped')));
    return worker;
  }

  private ask<T>(message: object): Promise<T> {
    this.worker ??= this.start();
    const id = this.next++;
    const worker = this.worker;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (out: unknown) => void, reject });
      worker.postMessage({ id, ...message });
    });
  }

  /** Removes these files (absolute paths the caller has checked are inside data/log). */
  removeLogs(files: readonly string[]): Promise<RemovedLogs> {
    if (files.length === 0) return Promise.resolve({ files: 0, bytes: 0, failed: 0, errors: [] });
    return this.ask({ files });
  }

  /** A passive checkpoint of the database's WAL by the worker's connection. */
  async checkpoint(): Promise<void> {
    if (this.connection !== null) await this.ask({});
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }
}
