import path from 'node:path';
import type { DataSizesReply } from '../../contract/about.ts';

export interface Sizes {
  log: number | null;
  data: number | null;
  measuredAt: number | null;
}

/**
 * The overview's two sizes, read from the About area's one measurement of the data dir (a background walk): the page
 * being opened asks for a fresh one, its later reads (following runs) take the last, and the `dataSizes` event says
 * when a newer one is done.
 */
export function sizesFrom(
  measured: (options: { fresh: boolean }) => Promise<DataSizesReply>,
  dataDir: string,
  logDir: string,
): (options: { fresh: boolean }) => Promise<Sizes> {
  const logName = path.relative(dataDir, logDir);
  return async (options) => {
    const { sizes } = await measured(options);
    if (!sizes) return { log: null, data: null, measuredAt: null };
    const log = sizes.folders.find((folder) => folder.name === logName);
    return { log: log?.bytes ?? 0, data: sizes.totalBytes, measuredAt: sizes.computedAt };
  };
}
