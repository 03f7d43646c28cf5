/**
 * The regular expressions of queries (Qinglong's Reg / NotReg view filters), as both engines take them: V8's
 * linear-time engine (the `l` flag) cannot backtrack, so no pattern can hang the daemon; a pattern it refuses matches
 * nothing on SQLite (sqlite/regexp.ts) and on PostgreSQL (postgres/phrases.ts). It has no `i` flag: matching is
 * made case-insensitive by lower-casing the subject and the pattern's literals.
 */
import v8 from 'node:v8';

v8.setFlagsFromString('--enable-experimental-regexp-engine');
const linearFlag = 'l';

const maxPatternLength = 200;

function lowerPattern(pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === '\\' && i + 1 < pattern.length) {
      out += ch + pattern[++i]!;
    } else out += ch.toLowerCase();
  }
  return out;
}

const compiled = new Map<string, RegExp | null>();

/** The compiled pattern, or null when it is invalid, too long or needs backtracking (back-references, look-arounds). */
export function compilePattern(pattern: string): RegExp | null {
  let re = compiled.get(pattern);
  if (re !== undefined) return re;
  try {
    re = pattern.length > maxPatternLength ? null : new RegExp(lowerPattern(pattern), linearFlag);
  } catch {
    re = null;
  }
  if (compiled.size > 500) compiled.clear();
  compiled.set(pattern, re);
  return re;
}
