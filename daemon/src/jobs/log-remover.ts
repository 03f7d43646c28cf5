/**
 * Deletes run logs off the main thread. Run-history retention removes hundreds of thousands of logs in a pass, and
 * most of the rows it deletes have no log left at all (an older cleanup took it): awaited one by one on the event
 * loop, an lstat and an unlink per row cost the panel more than deleting the rows did. One worker thread does them
 * synchronously, a batch per message, so at most one batch is in flight and the disk sees one thread (bounded
 * parallelism); the main thread only posts paths and reads counts. The worker's code is plain CommonJS with no
 * import of ours, so the bundle needs no second entry.
 */
import { Worker } from 'node:worker_threads';

export interface RemovedLogs {
  files: number;
  bytes: number;
  failed: number;
  errors: string[];
}

/** In the worker: each absolute path is lstat'ed and unlinked when it is a regular file; a missing one is no error. */
const workerSource = `
const { lstatSync, unlinkSync } = require('node:fs');
const { parentPort } = require('node:worker_threads');
parentPort.on('message', ({ id, files }) => {
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
  parentPort.postMessage({ id, out });
});
`;

export class LogRemover {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, { resolve: (out: RemovedLogs) => void; reject: (e: Error) => void }>();
  private next = 0;

  private start(): Worker {
    const worker = new Worker(workerSource, { eval: true });
    worker.unref();
    worker.on('message', ({ id, out }: { id: number; out: RemovedLogs }) => {
      this.pending.get(id)?.resolve(out);
      this.pending.delete(id);
    });
    const fail = (error: Error) => {
      for (const { reject } of this.pending.values()) reject(error);
      this.pending.clear();
      this.worker = null;
    };
    worker.on('error', fail);
    worker.on('exit', () => fail(new Error('the log remover stopped')));
    return worker;
  }

  /** Removes these files (absolute paths the caller has checked are inside data/log). */
  remove(files: readonly string[]): Promise<RemovedLogs> {
    if (files.length === 0) return Promise.resolve({ files: 0, bytes: 0, failed: 0, errors: [] });
    this.worker ??= this.start();
    const id = this.next++;
    const worker = this.worker;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, files });
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }
}
