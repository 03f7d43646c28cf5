/**
 * How `task` and `ql` reach the running daemon on this machine: its local routes, shown the key it wrote into
 * data/db at start (auth/local-key.ts). `follow` prints a run's log from the file as it grows and answers how it
 * ended, so a run the daemon started looks, in the shell, like one started there.
 */
import { open } from 'node:fs/promises';
import path from 'node:path';
import { readLocalKey } from '../auth/local-key.ts';
import type { Config } from '../config/config.ts';
import { RunStatus } from '../contract/enums.ts';
import type { LocalRun } from '../contract/local.ts';
import { dataPaths } from '../config/paths.ts';
import { daemonUrl } from './ql/daemon.ts';

export type LocalReply<T> =
  | { ok: true; data: T }
  /** `down`: nothing answers (or no key was ever written): the daemon is not running. */
  | { ok: false; down: boolean; message: string };

const pollMs = 250;
const finalStatuses: number[] = [RunStatus.finished, RunStatus.stopped, RunStatus.error, RunStatus.interrupted];

export class LocalClient {
  private constructor(
    readonly base: string,
    private readonly key: string | null,
    private readonly logDir: string,
  ) {}

  static for(config: Config): LocalClient {
    const paths = dataPaths(config.dataDir);
    return new LocalClient(`${daemonUrl(config)}api`, readLocalKey(paths.db), paths.log);
  }

  async request<T>(method: 'GET' | 'POST' | 'PUT', route: string, body?: unknown): Promise<LocalReply<T>> {
    if (this.key === null) return { ok: false, down: true, message: 'no local key in data/db' };
    let res: Response;
    try {
      res = await fetch(`${this.base}${route}`, {
        method,
        headers: {
          authorization: `Bearer ${this.key}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
      return { ok: false, down: true, message: cause };
    }
    const reply = (await res.json().catch(() => null)) as { code?: number; data?: T; message?: string } | null;
    if (res.ok && reply?.code === 200) return { ok: true, data: reply.data as T };
    return { ok: false, down: false, message: reply?.message ?? `HTTP ${res.status}` };
  }

  /** Prints the run's log as it grows until the run is over; its last state (null if the daemon went away). */
  async follow(runId: number, write: (chunk: Buffer) => void): Promise<LocalRun | null> {
    let offset = 0;
    for (;;) {
      const reply = await this.request<LocalRun>('GET', `/local/runs/${runId}`);
      if (!reply.ok) return null;
      const run = reply.data;
      if (run.logPath) offset = await copyFrom(path.join(this.logDir, run.logPath), offset, write);
      if (finalStatuses.includes(run.status)) return run;
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }
}

/** Writes what the file holds past `offset`; the new offset. */
async function copyFrom(file: string, offset: number, write: (chunk: Buffer) => void): Promise<number> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch {
    return offset;
  }
  try {
    const buffer = Buffer.alloc(64 * 1024);
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, offset);
      if (bytesRead === 0) return offset;
      write(Buffer.from(buffer.subarray(0, bytesRead)));
      offset += bytesRead;
    }
  } finally {
    await handle.close();
  }
}

/** The shell's exit code for a run that ended so: the command's, 124 on timeout, 130 when stopped. */
export function exitCodeOf(run: Pick<LocalRun, 'end' | 'exitCode'>): number {
  if (run.end === 'timeout') return 124;
  if (run.end === 'stopped') return 130;
  if (run.end === 'success') return 0;
  return run.exitCode ?? 1;
}
