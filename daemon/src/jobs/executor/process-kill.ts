/**
 * Killing what a run left: its process groups, any process carrying its marker (`BAIHU_RUN_ID=<id>` in its
 * environment) — that finds double-forked and `setsid` children which left the group — and every descendant of a
 * marked process, which finds those that also dropped the marker (`env -i`) while the run's reaper (their subreaper,
 * see reaper.ts) still held them. A process is only ever killed when /proc shows the marker on it or on an ancestor,
 * so a recycled pid is never hit.
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

interface ProcessEntry {
  pid: number;
  ppid: number;
}

/** Every live process with its parent (zombies left out: they can neither fork nor be stopped). */
async function processTable(): Promise<ProcessEntry[]> {
  let entries: string[];
  try {
    entries = await readdir('/proc');
  } catch {
    return [];
  }
  const table = await Promise.all(
    entries
      .filter((name) => /^\d+$/.test(name))
      .map(async (name) => {
        try {
          const stat = await readFile(`/proc/${name}/stat`, 'utf8');
          // Fields 3 (state) and 4 (ppid), counted after the command name in parentheses.
          const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
          return state === 'Z' || state === 'X' ? null : { pid: Number(name), ppid: Number(ppid) };
        } catch {
          return null;
        }
      }),
  );
  return table.filter((entry) => entry !== null);
}

/** The roots still alive and all their live descendants. */
async function treesOf(roots: Iterable<number>): Promise<number[]> {
  const table = await processTable();
  const children = new Map<number, number[]>();
  for (const { pid, ppid } of table) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const alive = new Set(table.map((entry) => entry.pid));
  const found = new Set<number>();
  const pending = [...roots].filter((pid) => alive.has(pid) && pid !== process.pid);
  while (pending.length > 0) {
    const pid = pending.pop()!;
    if (found.has(pid)) continue;
    found.add(pid);
    pending.push(...(children.get(pid) ?? []));
  }
  return [...found];
}

/**
 * SIGKILLs the given processes and all their descendants. The trees are frozen first (SIGSTOP until a pass finds
 * no new process: a stopped process cannot fork), so nothing escapes by forking or re-parenting while they die.
 * The caller vouches for the roots (our own children, or processes showing the run's marker).
 */
export async function killTrees(roots: number[]): Promise<number> {
  const seen = new Set<number>();
  for (let round = 0; round < 200; round++) {
    const tree = await treesOf(roots);
    if (tree.length === 0) break;
    for (const pid of tree) signalPid(pid, 'SIGSTOP');
    const again = await treesOf(roots);
    if (again.some((pid) => !tree.includes(pid))) continue;
    for (const pid of again) {
      seen.add(pid);
      signalPid(pid, 'SIGKILL');
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return seen.size;
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
 * Crash recovery of many runs: one /proc scan tells which of their markers are still carried by a process; only
 * those runs are killed (killLeftovers). A run whose processes never started costs nothing. Resolves with the
 * number of processes found.
 */
export async function killLeftoversOfRuns(runs: { pgid: number | null; marker: string }[]): Promise<number> {
  const alive = await liveMarkers();
  let found = 0;
  for (const run of runs) {
    if (alive.has(run.marker)) found += await killLeftovers(run.pgid ?? 0, run.marker);
  }
  return found;
}

/** Every run marker some live process carries. */
async function liveMarkers(): Promise<Set<string>> {
  const prefix = `${runIdVariable}=`;
  const markers = new Set<string>();
  let entries: string[];
  try {
    entries = await readdir('/proc');
  } catch {
    return markers;
  }
  await Promise.all(
    entries
      .filter((name) => /^\d+$/.test(name))
      .map(async (name) => {
        try {
          for (const entry of (await readFile(`/proc/${name}/environ`, 'latin1')).split('\0')) {
            if (entry.startsWith(prefix)) markers.add(entry.slice(prefix.length));
          }
        } catch {
          // Gone, or not ours to read.
        }
      }),
  );
  return markers;
}

/**
 * Crash recovery: kills what is left of a run recorded as (pgid, runId). Every process with the marker is killed
 * with all its descendants (the reaper's adopted, unmarked ones included); the group is killed only if one of its
 * members carries the marker (so a recycled group id is left alone). Resolves with the number of processes found.
 */
export async function killLeftovers(pgid: number, runId: string): Promise<number> {
  const seen = new Set<number>();
  const marked = await markedProcesses(runId);
  for (const pid of await treesOf(marked.map((entry) => entry.pid))) seen.add(pid);
  await killTrees(marked.map((entry) => entry.pid));
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
