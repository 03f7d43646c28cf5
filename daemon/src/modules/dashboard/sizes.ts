import path from 'node:path';
import type { DataSizesReply } from '../../contract/about.ts';

export interface Sizes {
  log: number | null;
  data: number | null;
  measuredAt: number | null;
}

/**
 * The overview's two sizes, read from the About area's one measurement of the data dir (a background walk, kept and
 * refreshed when stale): asking for it starts a walk when none is fresh, and the overview shows the last answer.
 */
export function sizesFrom(measured: () => DataSizesReply, dataDir: string, logDir: string): () => Sizes {
  const logName = path.relative(dataDir, logDir);
  return () => {
    const { sizes } = measured();
    if (!sizes) return { log: null, data: null, measuredAt: null };
    const log = sizes.folders.find((folder) => folder.name === logName);
    return { log: log?.bytes ?? 0, data: sizes.totalBytes, measuredAt: sizes.computedAt };
  };
}
