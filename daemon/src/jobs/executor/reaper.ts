/**
 * The run reaper (daemon/native/reaper.c, built by scripts/build-reaper.mjs): a small subreaper every run's command
 * is started behind, so stop and timeout reach processes that detach (setsid, double fork, `env -i`). When the
 * binary is missing, runs start as before without it (process group + marker only) and `ql check` says so.
 */
import { accessSync, constants } from 'node:fs';
import { fromRoot } from '../../install/root.ts';

export const reaperPath = fromRoot('daemon', 'native', 'baihu-reaper');

let found: string | null | undefined;

/** The reaper's path when it is built and executable, else null; looked up once per process. */
export function defaultReaper(): string | null {
  if (found === undefined) {
    try {
      accessSync(reaperPath, constants.X_OK);
      found = reaperPath;
    } catch {
      found = null;
    }
  }
  return found;
}
