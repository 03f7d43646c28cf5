import { fromRoot } from '../root.ts';
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DataPaths } from '../paths.ts';

const shipped = [
  { source: 'sendNotify.js', target: 'sendNotify.js' },
  { source: 'notify.py', target: 'notify.py' },
] as const;
const sourceDir = fromRoot('daemon', 'src', 'notify', 'scripts');

/** The number after `baihu-notify-version:` in a library's first lines; 0 for a file without one (Qinglong's). */
export function libraryVersion(text: string): number {
  const match = /baihu-notify-version:\s*(\d+)/.exec(text.slice(0, 300));
  return match ? Number(match[1]) : 0;
}

interface Logger {
  info(obj: object, msg?: string): void;
}

/**
 * Puts sendNotify.js and notify.py into data/scripts when they are missing or older than the shipped ones, so
 * existing scripts `require('./sendNotify')` / `from notify import send` unchanged. A file without Baihu's marker
 * (e.g. Qinglong's own, from an imported volume) is first copied to data/bak.
 */
export async function installScriptLibraries(paths: Pick<DataPaths, 'scripts' | 'bak'>, log?: Logger): Promise<void> {
  for (const { source, target } of shipped) {
    const text = await readFile(path.join(sourceDir, source), 'utf8');
    const destination = path.join(paths.scripts, target);
    const current = await readFile(destination, 'utf8').catch(() => undefined);
    if (current !== undefined) {
      const installed = libraryVersion(current);
      if (installed >= libraryVersion(text)) continue;
      if (installed === 0) await copyFile(destination, path.join(paths.bak, `${target}.${Date.now()}.bak`));
    }
    await writeFile(destination, text);
    log?.info({ file: target }, 'notification library installed');
  }
}
