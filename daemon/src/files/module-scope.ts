/**
 * Scripts load as on Qinglong wherever the data dir is: `.js` as CommonJS, `.mjs` as an ES module. Node decides a
 * `.js` file's module type by the nearest package.json above it, and a data dir inside this checkout (the README's
 * `./data`) or the image (`/baihu/data`) sits below Baihu's own package.json, which says `"type": "module"`. A
 * package.json in the data dir that says `"type": "commonjs"` closes that scope: scripts below it are CommonJS
 * unless a package.json nearer to them (a subscribed repository's) says otherwise.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from './atomic.ts';

export const moduleScopeFile = 'package.json';

const marker = {
  '//': 'Written by Baihu: scripts here load as on Qinglong (.js CommonJS, .mjs ES module). A package.json nearer to a script decides for it.',
  private: true,
  type: 'commonjs',
};

export type ModuleScope = 'written' | 'commonjs' | 'module';

/**
 * Writes the marker into `root` when it has no package.json. One that is there is the owner's and is kept: without
 * a `type` (or with `commonjs`) it already makes scripts CommonJS; `module` is reported so the caller can say so.
 */
export async function ensureModuleScope(root: string, log?: { warn(message: string): void }): Promise<ModuleScope> {
  const file = path.join(root, moduleScopeFile);
  const existing = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (existing === null) {
    await writeFileAtomic(file, `${JSON.stringify(marker, null, 2)}\n`, { mode: 0o600 });
    return 'written';
  }
  if (declaredType(existing) !== 'module') return 'commonjs';
  log?.warn(`${file} says "type": "module": .js scripts in the data dir load as ES modules, not as on Qinglong`);
  return 'module';
}

function declaredType(text: string): unknown {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' ? (parsed as { type?: unknown }).type : undefined;
  } catch {
    // Node refuses to run anything below an unreadable package.json; that is the owner's file to fix.
    return undefined;
  }
}
