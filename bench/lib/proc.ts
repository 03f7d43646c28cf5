/** What /proc says about a process: CPU time used (user + system), for "daemon CPU per 1,000 runs". */
import { readdirSync, readFileSync } from 'node:fs';

const ticksPerSecond = 100;

/** User + system CPU of `pid` so far, in ms (from /proc/<pid>/stat; Linux counts in 1/100 s). */
export const cpuMs = (pid: number): number => processCost(pid).cpuMs;

/**
 * What `pid` and the children it has waited for cost so far: page faults (minor and major) and CPU in ms. A run's
 * processes are waited for by the process that started them, so the process starter's `children` are every run's
 * chain (the reapers, the wrappers, the commands). Page faults are counts, the same on any machine for the same
 * binaries, where their price is not (≈0.5 µs on a plain VM, 17 µs on a shadow-paging one: docs/performance.md).
 */
export function processCost(pid: number): { faults: number; childFaults: number; cpuMs: number; childCpuMs: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .map(Number);
  const ms = (ticks: number) => (ticks * 1000) / ticksPerSecond;
  return {
    faults: f[7]! + f[9]!,
    childFaults: f[8]! + f[10]!,
    cpuMs: ms(f[11]! + f[12]!),
    childCpuMs: ms(f[13]! + f[14]!),
  };
}

/** The children of `pid` whose command name is `name` (e.g. the daemon's process starter, baihu-spawner). */
export function childrenNamed(pid: number, name: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid && name.startsWith(comm)) found.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

/** User and system CPU of each of `pid`'s threads so far, in ms, by thread id (the main thread's id is `pid`). */
export function threadCpuMs(pid: number): Map<number, { user: number; system: number }> {
  const threads = new Map<number, { user: number; system: number }>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      threads.set(Number(tid), {
        user: (Number(fields[11]) * 1000) / ticksPerSecond,
        system: (Number(fields[12]) * 1000) / ticksPerSecond,
      });
    } catch {
      // Ended meanwhile.
    }
  }
  return threads;
}

/**
 * Bytes `pid` has handed to write calls so far, all its threads (/proc/<pid>/io `wchar`: the database's WAL, its
 * checkpoints and the logs; what reaches the disk later is the kernel's business).
 */
export function writtenBytes(pid: number): number {
  const io = readFileSync(`/proc/${pid}/io`, 'utf8');
  return Number(/^wchar:\s+(\d+)/m.exec(io)?.[1] ?? Number.NaN);
}
