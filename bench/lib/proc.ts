/** What /proc says about a process: CPU time used (user + system), for "daemon CPU per 1,000 runs". */
import { readFileSync } from 'node:fs';

const ticksPerSecond = 100;

/** User + system CPU of `pid` so far, in ms (from /proc/<pid>/stat; Linux counts in 1/100 s). */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name may hold spaces; the fields after its closing parenthesis are fixed.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}
