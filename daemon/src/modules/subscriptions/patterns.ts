/**
 * The path patterns of a subscription (whitelist, blacklist, dependency files) and its file extensions. Patterns are
 * compiled for V8's linear-time engine (the `l` flag), so no pattern can hang the daemon on a long path; patterns it
 * cannot run (back-references, look-arounds) are refused when the subscription is saved.
 */
import path from 'node:path';
import v8 from 'node:v8';
import { fieldError } from '../../errors/app-error.ts';

v8.setFlagsFromString('--enable-experimental-regexp-engine');

const patternMaxLength = 1000;
/** V8's linear-time engine (enabled above); a variable, so linters do not judge the flag. */
const linearFlag = 'l';
/** Used when neither the subscription nor config.sh's RepoFileExtensions names any. */
export const defaultExtensions = 'js py';

/** The compiled pattern; null for an empty one; throws for an invalid, too long or backtracking one. */
export function compilePathPattern(pattern: string | null | undefined): RegExp | null {
  const text = pattern?.trim() ?? '';
  if (text === '') return null;
  if (text.length > patternMaxLength) throw new Error('pattern too long');
  return new RegExp(text, linearFlag);
}

/** Checks the three patterns of a subscription; a 400 naming the field when one cannot be used. */
export function checkPatterns(fields: {
  whitelist?: string | null;
  blacklist?: string | null;
  dependences?: string | null;
}) {
  for (const key of ['whitelist', 'blacklist', 'dependences'] as const) {
    try {
      compilePathPattern(fields[key]);
    } catch {
      throw fieldError(key, 'regexInvalid', { pattern: String(fields[key]).slice(0, 60) });
    }
  }
}

/** `"js py"`, `".js,.py"`, `"js|py"` → `['.js', '.py']`. */
export function extensionList(text: string | null | undefined): string[] {
  return [
    ...new Set(
      (text ?? '')
        .split(/[\s,|]+/)
        .map((e) => e.trim().replace(/^\*?\./, ''))
        .filter((e) => /^[\w-]{1,20}$/.test(e))
        .map((e) => `.${e}`),
    ),
  ];
}

export interface FileRules {
  extensions: string[];
  whitelist: RegExp | null;
  blacklist: RegExp | null;
  dependences: RegExp | null;
}

export interface Selection {
  /** Scripts: become tasks. */
  scripts: string[];
  /** Dependency files: copied, never tasks. */
  dependencies: string[];
}

/**
 * The repository's package.json files in the folders of `chosen` and above them: they decide whether a `.js` script
 * is CommonJS or an ES module, so they are copied with the scripts (module-scope.ts in files/ says why).
 */
function moduleScopeFiles(files: readonly string[], chosen: readonly string[]): string[] {
  const present = new Set(files.filter((file) => file === 'package.json' || file.endsWith('/package.json')));
  const found = new Set<string>();
  for (const file of chosen) {
    for (let dir = path.posix.dirname(file); ; dir = path.posix.dirname(dir)) {
      const candidate = dir === '.' ? 'package.json' : `${dir}/package.json`;
      if (present.has(candidate)) found.add(candidate);
      if (dir === '.') break;
    }
  }
  return [...found].filter((file) => !chosen.includes(file));
}

/**
 * Qinglong's selection on relative paths: files with one of the extensions; those matching the dependency pattern are
 * dependency files; of the rest, those matching the whitelist (when set) and not the blacklist are scripts.
 */
export function selectFiles(files: readonly string[], rules: FileRules): Selection {
  const scripts: string[] = [];
  const dependencies: string[] = [];
  for (const file of files) {
    if (!rules.extensions.some((ext) => file.endsWith(ext))) continue;
    if (rules.dependences?.test(file)) {
      dependencies.push(file);
      continue;
    }
    if (rules.whitelist && !rules.whitelist.test(file)) continue;
    if (rules.blacklist?.test(file)) continue;
    scripts.push(file);
  }
  dependencies.push(...moduleScopeFiles(files, [...scripts, ...dependencies]));
  return { scripts, dependencies };
}
