import { spawnSync } from 'node:child_process';
import { percentile, round } from './daemon.ts';

/**
 * What the machine charges for what a run is made of, printed beside the figures that start processes: the same
 * code reads a 1,000-run burst several times slower on a machine whose page faults cost tens of µs instead of well
 * under one. A reader comparing two runs of the benches sees here
 * whether the machine changed.
 *  - spawn_true_ms: wall time of a spawn and wait of `/bin/true` (p50 of 51).
 *  - page_fault_us: a page's first touch in fresh memory (64 MB, every 4 KiB page written once, best of 3), which is
 *    almost all page fault: what a process's start, a fork's copy-on-write and a collector's new space pay per page.
 *  - shell_1000_ms: 300 `bash -c 'echo hi'` one after another from a bash loop, scaled to 1,000: the least a burst of
 *    1,000 shell runs can take on this machine with two cores free, whatever starts them, if two starts at once are
 *    no faster than one.
 *  - two_at_once_ratio: the same 300 split over two loops running at once, wall time over the one loop's. 0.5 when two
 *    processes start as fast as one each (two free cores); at or above 1 when the machine does the memory work of
 *    process starts one at a time (a hypervisor that shadows page tables), so that
 *    shell_1000_ms is then a floor of the burst's lateness.
 */
export function machineCosts(): {
  spawn_true_ms: number;
  page_fault_us: number;
  shell_1000_ms: number;
  two_at_once_ratio: number;
} {
  const spawns = spawnTrueSamples(51);
  const pages = 16384;
  let best = Infinity;
  for (let attempt = 0; attempt < 3; attempt++) {
    const memory = new Uint8Array(pages * 4096);
    const started = performance.now();
    for (let page = 0; page < pages; page++) memory[page * 4096] = 1;
    best = Math.min(best, ((performance.now() - started) * 1000) / pages);
  }
  const starts = 300;
  const oneLoop = shellLoopsMs(1, starts);
  const twoLoops = shellLoopsMs(2, starts / 2);
  return {
    spawn_true_ms: round(percentile(spawns, 0.5)),
    page_fault_us: round(best),
    shell_1000_ms: Math.round((oneLoop * 1000) / starts),
    two_at_once_ratio: round(twoLoops / oneLoop),
  };
}

/** Wall times of `count` spawns and waits of `/bin/true`, one after another. */
export function spawnTrueSamples(count: number): number[] {
  const spawns: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    spawnSync('/bin/true', { stdio: 'ignore' });
    spawns.push(performance.now() - started);
  }
  return spawns;
}

/** Wall time of `loops` bash loops at once, each starting `starts` shells that print a line. */
export function shellLoopsMs(loops: number, starts: number): number {
  const loop = `for ((i = 0; i < ${starts}; i++)); do bash -c 'echo hi' > /dev/null; done`;
  const script = Array.from({ length: loops }, () => `(${loop}) &`).join(' ') + ' wait';
  const started = performance.now();
  spawnSync('bash', ['-c', script], { stdio: 'ignore' });
  return performance.now() - started;
}
