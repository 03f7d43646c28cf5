/**
 * Killing what a run left: its process groups, and any process carrying its marker (`BAIHU_RUN_ID=<id>` in its
 * environment) — that finds double-forked and `setsid` children which left the group. A process is only ever
 * killed by marker when /proc shows the marker, so a recycled pid is never hit.
 */
import { readdir, readFile } from 'node:fs/promises';
import { runIdVariable } from './environment.ts';

/** Sends `signal` to process group `pgid`; false if the group is gone. */
export function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  if (!(pgid > 1)) return false;
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

function signalPid(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // Gone already.
  }
}

const nul = Buffer.from([0]);

/** Live processes whose environment carries the run's marker (zombies show an empty environment: not counted). */
export async function markedProcesses(runId: string): Promise<{ pid: number; pgid: number }[]> {
  const needle = Buffer.from(`${runIdVariable}=${runId}\0`);
  let entries: string[];
  try {
    entries = await readdir('/proc');
  } catch {
    return [];
  }
  const found = await Promise.all(
    entries
      .filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid)
      .map(async (name) => {
        try {
          const environ = await readFile(`/proc/${name}/environ`);
          if (!environ.subarray(0, needle.length).equals(needle) && !environ.includes(Buffer.concat([nul, needle]))) {
            return null;
          }
          return { pid: Number(name), pgid: await processGroup(name) };
        } catch {
          return null;
        }
      }),
  );
  return found.filter((entry) => entry !== null);
}

async function processGroup(pid: string): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Field 5 (pgrp), counted after the command name, which is in parentheses and may hold spaces.
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
}

/** SIGKILLs every process carrying the marker; returns how many there were. */
export async function killMarked(runId: string, signal: NodeJS.Signals = 'SIGKILL'): Promise<number> {
  const marked = await markedProcesses(runId);
  for (const { pid } of marked) signalPid(pid, signal);
  return marked.length;
}

/**
 * Crash recovery: kills what is left of a run recorded as (pgid, runId). The group is killed only if one of its
 * members carries the marker (so a recycled group id is left alone); every process with the marker is killed.
 * Resolves with the number of processes found.
 */
export async function killLeftovers(pgid: number, runId: string): Promise<number> {
  const seen = new Set<number>();
  for (let round = 0; round < 20; round++) {
    const marked = await markedProcesses(runId);
    if (marked.length === 0) break;
    for (const { pid } of marked) seen.add(pid);
    if (marked.some((entry) => entry.pgid === pgid)) signalGroup(pgid, 'SIGKILL');
    for (const { pid } of marked) signalPid(pid, 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return seen.size;
}
