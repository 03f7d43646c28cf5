import type { Clock } from '../../clock.ts';
import { folderSize } from '../../files/size.ts';
import type { DataPaths } from '../../paths.ts';

/** How often the folders are measured again; a walk of a big data dir takes seconds, and sizes change slowly. */
export const measureEveryMs = 5 * 60_000;

export interface Sizes {
  log: number | null;
  data: number | null;
  measuredAt: number | null;
}

/**
 * The sizes of data/log and of the whole data dir, measured in the background and kept: the overview shows the last
 * measurement and never waits for a walk. A measurement starts at start-up, then when the overview is read and the
 * last one is older than `measureEveryMs`; never two at once.
 */
export class FolderSizes {
  private sizes: Sizes = { log: null, data: null, measuredAt: null };
  private running: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly paths: DataPaths,
    private readonly clock: Clock,
  ) {}

  /** The last measurement; starts a new one in the background when it is stale. */
  current(): Sizes {
    const { measuredAt } = this.sizes;
    if (measuredAt === null || this.clock.now() - measuredAt >= measureEveryMs) void this.measure();
    return this.sizes;
  }

  /** Measures now (or joins the measurement under way). */
  measure(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.running ??= (async () => {
      try {
        const [log, data] = await Promise.all([folderSize(this.paths.log), folderSize(this.paths.root)]);
        this.sizes = { log, data, measuredAt: this.clock.now() };
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.running?.catch(() => {});
  }
}
