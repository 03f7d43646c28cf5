/** Which program runs a script (by its extension), and where the script really is (confined to data/scripts). */
import { statSync } from 'node:fs';
import path from 'node:path';
import { isInside, realPlaceSync } from '../../files/resolve.ts';

const interpreterByExtension = {
  '.py': 'python3',
  '.pyc': 'python3',
  '.js': 'node',
  '.mjs': 'node',
  '.cjs': 'node',
  '.ts': 'tsx',
  '.sh': 'bash',
} as const;
export type Interpreter = (typeof interpreterByExtension)[keyof typeof interpreterByExtension];

/** tsx as a loader inside the one node process (`tsx`'s own CLI would start a second node process: slower). */
const tsxLoader = import.meta.resolve('tsx');

export function interpreterFor(file: string): Interpreter | null {
  const ext = path.extname(file).toLowerCase();
  return Object.hasOwn(interpreterByExtension, ext)
    ? interpreterByExtension[ext as keyof typeof interpreterByExtension]
    : null;
}

export function isScriptFile(file: string): boolean {
  return interpreterFor(file) !== null;
}

/** The argv that runs `file` (as given: absolute, or relative to the work dir) with its arguments. */
export function interpreterArgv(interpreter: Interpreter, file: string, args: readonly string[]): string[] {
  switch (interpreter) {
    case 'python3':
      return ['python3', file, ...args];
    case 'node':
      return [process.execPath, file, ...args];
    case 'tsx':
      return [process.execPath, '--import', tsxLoader, file, ...args];
    case 'bash':
      return ['bash', file, ...args];
  }
}

export type ResolvedScript = { ok: true; file: string; dir: string } | { ok: false; error: string };

/** Where Qinglong's image keeps the scripts: tasks carried over name their scripts with it. */
export const qinglongScriptsDir = '/ql/data/scripts';

/**
 * Finds `script` (relative to data/scripts, or absolute inside it or inside Qinglong's /ql/data/scripts) and refuses
 * anything outside data/scripts: other absolute paths, `..`, and symbolic links that lead out (the check is on real
 * paths, by the one resolver of files/resolve.ts).
 */
export function resolveScript(scriptsDir: string, script: string): ResolvedScript {
  const relative = relativeToScripts(scriptsDir, script);
  if (relative === null) return outside(script);
  const file = path.resolve(scriptsDir, relative);
  const place = realPlaceSync(scriptsDir, file);
  if (place === 'missing') {
    if (!isInside(path.resolve(scriptsDir), file, false)) return outside(script);
    return { ok: false, error: `Script not found: ${script} (in data/scripts).` };
  }
  if (place === 'outside') return outside(script);
  if (!statSync(file).isFile()) return { ok: false, error: `Not a file: ${script} (in data/scripts).` };
  return { ok: true, file, dir: path.dirname(file) };
}

/** `script` relative to data/scripts; null for an absolute path outside both scripts folders. */
export function relativeToScripts(scriptsDir: string, script: string): string | null {
  if (!path.isAbsolute(script)) return script;
  for (const root of [path.resolve(scriptsDir), qinglongScriptsDir]) {
    const target = path.resolve(script);
    if (isInside(root, target, false)) return path.relative(root, target);
  }
  return null;
}

function outside(script: string): ResolvedScript {
  return { ok: false, error: `Refused: "${script}" is outside data/scripts.` };
}
