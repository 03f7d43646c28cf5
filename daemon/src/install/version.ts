import { readFileSync } from 'node:fs';
import { fromRoot } from './root.ts';

/** The product version, from package.json (read once). */
export const version: string = (JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as { version: string })
  .version;

export interface BuildInfo {
  /** The git commit the bundle was built from; null when it was not known (no .git and no build argument). */
  commit: string | null;
  /** When the bundle was built (ISO 8601); null for a run from the sources. */
  date: string | null;
}

/** Set by scripts/build-daemon.mjs (esbuild `define`); absent when the daemon runs from its sources through tsx. */
declare const __BAIHU_COMMIT__: string | undefined;
declare const __BAIHU_BUILD_DATE__: string | undefined;

/** Where this code comes from. A run from the sources (tests, `npm run dev`) has neither commit nor date. */
export const build: BuildInfo =
  typeof __BAIHU_BUILD_DATE__ === 'undefined'
    ? { commit: null, date: null }
    : { commit: __BAIHU_COMMIT__ || null, date: __BAIHU_BUILD_DATE__ };
