/**
 * How much room each folder of the data directory takes (About page, the overview's storage). Walking a big log folder
 * costs a stat per file, so it is done on request only, in the background, one walk at a time, yielding to the event
 * loop every few hundred entries. A page being opened asks for a fresh one (`fresh`): a walk starts (or the one under
 * way is joined), and the answer waits a moment for it, so the page shows the folder as it is now (with the
 * time of the measurement); a walk that takes longer is told by the `dataSizes` event. Other reads (the overview
 * following runs) take the last answer, measured again only once it is older than `maxAgeMs`. Links are counted as
 * links, never followed.
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
    /** How long a fresh answer waits for its walk before it answers with the last one. */
    private readonly waitMs = 1500,
  ) {}

  /**
   * What is known, and whether a fresher measurement is on its way (starting one if it is due). `fresh`: a page is
   * being opened — measure now and wait a moment for it.
   */
  async current(options: { fresh?: boolean } = {}): Promise<{ sizes: DataSizes | null; measuring: boolean }> {
    const stale = !this.last || this.now() - this.last.computedAt > this.maxAgeMs;
    if (!this.running && (options.fresh || stale)) this.refresh();
    if (options.fresh && this.running) {
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise((resolve) => (timer = setTimeout(resolve, this.waitMs)));
      await Promise.race([this.running.catch(() => undefined), waited]);
      clearTimeout(timer);
    }
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
