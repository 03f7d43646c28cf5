/**
 * One daemon per data directory. Two daemons on one data dir would both "recover" at start-up and kill each other's
 * runs, and both would fire every schedule. The server takes this lock before anything touches the data.
 *
 * The lock is a POSIX record lock (fcntl) held by SQLite on `db/daemon.lock`: an exclusive transaction opened at
 * start and never ended. The kernel drops such a lock when its process dies however it dies (kill -9 included), so
 * there is no stale lock to detect and no pid to trust — pids are reused and mean nothing across containers
 * sharing a volume, while the lock is seen by every process on the host. SQLite (already a dependency) is the only
 * way Node takes an fcntl lock without a native module of our own. Beside it, `db/daemon.lock.json` names the holder
 * for the message a second daemon prints; it is information only, never trusted for the decision.
 *
 * The CLIs (`ql`, `task`) and in-process tests do not lock: they run beside a daemon on purpose. `ql reload` only
 * looks: whether the lock is free (no daemon runs) and, when it is not, whom to send the restart signal.
 */
import SQLite from 'better-sqlite3';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dataPaths } from '../config/paths.ts';

/** EX_TEMPFAIL: another daemon holds the data dir; a supervisor may retry later, when it has stopped. */
export const dataDirLockedExitCode = 75;

export class DataDirLocked extends Error {}

export interface Holder {
  pid: number;
  host: string;
  startedAt: number;
  command: string;
  /** Run by the container's entrypoint: exiting with code 0 restarts it (older holders lack it). */
  supervised?: boolean;
}

/** Locks held by this process: referenced here so the connection (and with it the lock) is never garbage-collected. */
const held = new Set<SQLite.Database>();

/** Takes the data directory's lock for this process, or throws DataDirLocked naming the daemon that holds it. */
export function lockDataDir(dataDir: string, about: { supervised?: boolean } = {}): { release(): void } {
  const dbDir = dataPaths(dataDir).db;
  mkdirSync(dbDir, { recursive: true });
  const file = path.join(dbDir, 'daemon.lock');
  const connection = new SQLite(file, { timeout: 0 });
  try {
    connection.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    connection.close();
    if ((error as { code?: string }).code === 'SQLITE_BUSY') {
      throw new DataDirLocked(lockedMessage(path.resolve(dataDir), readHolder(dbDir)));
    }
    throw error;
  }
  held.add(connection);
  writeHolder(dbDir, about.supervised ?? false);
  return {
    release() {
      if (!held.delete(connection)) return;
      connection.close();
    },
  };
}

function infoFile(dbDir: string): string {
  return path.join(dbDir, 'daemon.lock.json');
}

function writeHolder(dbDir: string, supervised: boolean): void {
  const holder: Holder = {
    pid: process.pid,
    host: os.hostname(),
    startedAt: Date.now(),
    command: [process.argv0, ...process.execArgv, ...process.argv.slice(1)].join(' '),
    supervised,
  };
  const temp = `${infoFile(dbDir)}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(holder, null, 2)}\n`);
  renameSync(temp, infoFile(dbDir));
}

function readHolder(dbDir: string): Holder | null {
  const file = infoFile(dbDir);
  if (!existsSync(file)) return null;
  try {
    const holder = JSON.parse(readFileSync(file, 'utf8')) as Partial<Holder>;
    return typeof holder.pid === 'number' ? (holder as Holder) : null;
  } catch {
    return null;
  }
}

/** Whether no daemon holds the data directory now (the lock is tried and let go at once; nothing is recorded). */
export function dataDirLockFree(dataDir: string): boolean {
  const file = path.join(dataPaths(dataDir).db, 'daemon.lock');
  if (!existsSync(file)) return true;
  const connection = new SQLite(file, { timeout: 0 });
  try {
    connection.exec('BEGIN EXCLUSIVE');
    connection.exec('ROLLBACK');
    return true;
  } catch {
    return false;
  } finally {
    connection.close();
  }
}

/** The daemon that recorded itself as the lock's holder (information only: check the lock itself first). */
export function lockHolder(dataDir: string): Holder | null {
  return readHolder(dataPaths(dataDir).db);
}

/** What the refused daemon prints: who holds the lock, as far as can be told, and what to do. */
function lockedMessage(dataDir: string, holder: Holder | null): string {
  const lines = [`Another Baihu daemon is already running on the data directory ${dataDir}.`];
  if (holder === null) {
    lines.push('  It has not recorded itself yet (it may be starting).');
  } else {
    const here = holder.host === os.hostname();
    const live = here ? processCommand(holder.pid) : null;
    lines.push(
      `  pid ${holder.pid}${here ? '' : ` on host ${holder.host}`}, started ${new Date(holder.startedAt).toISOString()}`,
      `  command: ${live ?? holder.command}`,
    );
  }
  lines.push(
    'Stop that daemon first, or give this one another data directory (BAIHU_DATA_DIR): two daemons on one data',
    "directory would both fire every schedule and end each other's runs.",
  );
  return lines.join('\n');
}

function processCommand(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ') || null;
  } catch {
    return null;
  }
}
