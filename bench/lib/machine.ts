import { spawnSync } from 'node:child_process';
import { percentile, round } from './daemon.ts';

/**
 * What the machine charges for what a run is made of, printed beside the figures that start processes: the same
 * code read a 1,000-run burst in 1.8–1.9 s on one VM and 9.7–11.8 s on another whose page faults cost 17 µs instead of
 * well under one (docs/performance.md, issue #15, round 18). A reader comparing two runs of the benches sees here
 * whether the machine changed.
 *  - spawn_true_ms: wall time of a spawn and wait of `/bin/true` (p50 of 51).
 *  - page_fault_us: a page's first touch in fresh memory (64 MB, every 4 KiB page written once, best of 3), which is
 *    almost all page fault: what a process's start, a fork's copy-on-write and a collector's new space pay per page.
 */
export function machineCosts(): { spawn_true_ms: number; page_fault_us: number } {
  const spawns: number[] = [];
  for (let i = 0; i < 51; i++) {
    const started = performance.now();
    spawnSync('/bin/true', { stdio: 'ignore' });
    spawns.push(performance.now() - started);
  }
  const pages = 16384;
  let best = Infinity;
  for (let attempt = 0; attempt < 3; attempt++) {
    const memory = new Uint8Array(pages * 4096);
    const started = performance.now();
    for (let page = 0; page < pages; page++) memory[page * 4096] = 1;
    best = Math.min(best, ((performance.now() - started) * 1000) / pages);
  }
  return { spawn_true_ms: round(percentile(spawns, 0.5)), page_fault_us: round(best) };
}
