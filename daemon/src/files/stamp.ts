import { instantOf } from '../time/wall-clock.ts';

const dashes = [4, 7, 10, 13, 16];
const dash = 45;

/** The two-digit (or `width`-digit) number at `at`, or -1 when a character there is not a digit. */
function digits(name: string, at: number, width: number): number {
  let n = 0;
  for (let i = at; i < at + width; i++) {
    const c = name.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
}

/** `_<n>` (a `task conc` part) from `at` to the end, digits only. */
function partSuffix(name: string, at: number, end: number): boolean {
  if (at === end) return true;
  if (name[at] !== '_' || end - at < 2 || end - at > 7) return false;
  return digits(name, at + 1, end - at - 1) >= 0;
}

/**
 * The time a log's name says it was started (the name is in the panel's zone, `zone`), in ms: `<stamp>.log` (runs, `YYYY-MM-DD-HH-mm-ss-SSS`),
 * `<stamp without ms>.log` (Qinglong's pulls), `<stamp>_<n>.log` (Qinglong's `task conc` parts). Null for any other
 * name, or an impossible date (month 13, a time a daylight-saving change skips), which must then be asked of the
 * file system. Read by character codes: a folder of 1,000 logs is read on every listing, and a regular expression's
 * captures were 8 strings a name to collect.
 */
export function logNameTime(name: string, zone: string): number | null {
  const end = name.length - 4;
  if (end < 19 || !name.endsWith('.log')) return null;
  for (const at of dashes) if (name.charCodeAt(at) !== dash) return null;
  const year = digits(name, 0, 4);
  const month = digits(name, 5, 2);
  const day = digits(name, 8, 2);
  const hour = digits(name, 11, 2);
  const minute = digits(name, 14, 2);
  const second = digits(name, 17, 2);
  let ms = 0;
  let rest = 19;
  if (name[19] === '-') {
    ms = digits(name, 20, 3);
    rest = 23;
  }
  if (year < 0 || month < 1 || day < 1 || hour < 0 || minute < 0 || second < 0 || ms < 0) return null;
  if (rest > end || !partSuffix(name, rest, end)) return null;
  return instantOf({ year, month, day, hour, minute, second, ms }, zone);
}
