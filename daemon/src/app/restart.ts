/**
 * How the daemon is asked to restart: it closes cleanly (runs are stopped and their rows written) and exits with
 * code 0, and whoever supervises it starts it again (docker/entrypoint.sh does at once). From inside (a confirmed
 * restore) it calls the `restart` it was built with; from outside (`ql restore` while it runs) it gets this signal.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { lockHolder } from '../db/lock.ts';

/** SIGUSR1 is Node's debugger; SIGUSR2 is free. */
export const restartSignal = 'SIGUSR2';

export type RestartAsked = { asked: true; pid: number } | { asked: false; reason: string };

/** Signals the daemon holding the data directory's lock, once it is sure that process is a Baihu daemon. */
export function askDaemonToRestart(dataDir: string): RestartAsked {
  const holder = lockHolder(dataDir);
  if (!holder) return { asked: false, reason: 'the daemon has not recorded its process id' };
  if (holder.host !== os.hostname()) return { asked: false, reason: `it runs on another host (${holder.host})` };
  let command = '';
  try {
    command = readFileSync(`/proc/${holder.pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return { asked: false, reason: `process ${holder.pid} is not visible from here` };
  }
  // A recorded pid may have been reused by something else: only a daemon's command line is signalled.
  if (!/\bserver\.(ts|mjs|js)\b/.test(command)) {
    return { asked: false, reason: `process ${holder.pid} is not a Baihu daemon (${command.trim()})` };
  }
  try {
    process.kill(holder.pid, restartSignal);
    return { asked: true, pid: holder.pid };
  } catch (error) {
    return { asked: false, reason: (error as NodeJS.ErrnoException).code ?? String(error) };
  }
}
