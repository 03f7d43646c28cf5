import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The installation's root folder (the one holding Baihu's package.json), found by walking up from this module.
 * It works the same from the TypeScript sources (daemon/src) and from the bundle (daemon/dist), so files shipped
 * beside the code (shell/, ui/dist, the notify libraries) are found either way.
 */
function findRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        if ((JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'baihu') return dir;
      } catch {
        // Not ours; keep walking up.
      }
    }
    if (path.dirname(dir) === dir) throw new Error(`Baihu's package.json was not found above ${start}`);
  }
}

const installRoot = findRoot(path.dirname(fileURLToPath(import.meta.url)));

/** A path inside the installation. */
export const fromRoot = (...parts: string[]) => path.join(installRoot, ...parts);
