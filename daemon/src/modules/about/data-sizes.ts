/**
 * How much room each folder of the data directory takes (About page). Walking a big log folder costs a stat per
 * file, so it is done on request only, in the background, one walk at a time, yielding to the event loop every few
 * hundred entries, and the answer is kept for `maxAgeMs`: the page shows the last answer (with its time) at once and
 * is told when a fresher one is ready. Links are counted as links, never followed.
 */
import { lstat, opendir } from 'node:fs/promises';
import path from 'node:path';
import type { DataSizes } from '../../contract/about.ts';

const yieldEvery = 256;

async function sizeOf(dir: string, counter: { entries: number }): Promise<{ bytes: number; files: number }> {
  let bytes = 0;
  let files = 0;
  let handle;
  try {
    handle = await opendir(dir);
  } catch {
    return { bytes, files };
  }
  for await (const entry of handle) {
    if (++counter.entries % yieldEvery === 0) await new Promise((resolve) => setImmediate(resolve));
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const inner = await sizeOf(full, counter);
      bytes += inner.bytes;
      files += inner.files;
    } else {
      const stats = await lstat(full).catch(() => null);
      if (stats) {
        bytes += stats.size;
        files += 1;
      }
    }
  }
  return { bytes, files };
}

/** Every entry directly under the data directory, each with its size (folders walked), largest first. */
export async function measureDataDir(root: string, now: () => number): Promise<DataSizes> {
  const counter = { entries: 0 };
  const folders: DataSizes['folders'] = [];
  let handle;
  try {
    handle = await opendir(root);
  } catch {
    return { folders, totalBytes: 0, computedAt: now() };
  }
  for await (const entry of handle) {
    const full = path.join(root, entry.name);
    if (entry.isDirectory()) {
      folders.push({ name: entry.name, ...(await sizeOf(full, counter)) });
    } else {
      const stats = await lstat(full).catch(() => null);
      if (stats) folders.push({ name: entry.name, bytes: stats.size, files: 1 });
    }
  }
  folders.sort((a, b) => b.bytes - a.bytes || a.name.localeCompare(b.name));
  return { folders, totalBytes: folders.reduce((sum, f) => sum + f.bytes, 0), computedAt: now() };
}

/** The last measurement, refreshed in the background when it is older than `maxAgeMs`. */
export class DataSizesCache {
  private last: DataSizes | null = null;
  private running: Promise<DataSizes> | null = null;

  constructor(
    private readonly root: string,
    private readonly now: () => number,
    private readonly onMeasured: (sizes: DataSizes) => void,
    private readonly maxAgeMs = 10 * 60_000,
  ) {}

  /** What is known now, and whether a fresher measurement is on its way (starting one if it is due). */
  current(): { sizes: DataSizes | null; measuring: boolean } {
    const stale = !this.last || this.now() - this.last.computedAt > this.maxAgeMs;
    if (stale && !this.running) this.refresh();
    return { sizes: this.last, measuring: this.running !== null };
  }

  /** Waits for the measurement under way, if any (tests, and `ql`). */
  async settled(): Promise<DataSizes | null> {
    await this.running;
    return this.last;
  }

  private refresh(): void {
    this.running = measureDataDir(this.root, this.now);
    this.running.then(
      (sizes) => {
        this.last = sizes;
        this.running = null;
        this.onMeasured(sizes);
      },
      () => {
        this.running = null;
      },
    );
  }
}
