const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * Qinglong's time stamp in file names, local time: `YYYY-MM-DD-HH-mm-ss-SSS` (a run's log `<stamp>.log`, a backup
 * `<file>.<stamp>`).
 */
export function fileStamp(date: Date | number): string {
  const d = new Date(date);
  const day = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return `${day}-${pad(d.getHours())}-${pad(d.getMinutes())}-${pad(d.getSeconds())}-${pad(d.getMilliseconds(), 3)}`;
}

/**
 * A log name that says when it was started: `<stamp>.log` (runs), `<stamp without ms>.log` (Qinglong's pulls),
 * `<stamp>_<n>.log` (Qinglong's `task conc` parts).
 */
const logName = /^(\d{4})-(\d{2})-(\d{2})-(\d{2})-(\d{2})-(\d{2})(?:-(\d{3}))?(?:_\d{1,6})?\.log$/;

/**
 * The local time a log's name says it was started, in ms; null for any other name (or an impossible date, such as
 * month 13), which must then be asked of the file system.
 */
export function logNameTime(name: string): number | null {
  const m = logName.exec(name);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, ...number[]];
  const ms = m[7] ? Number(m[7]) : 0;
  const date = new Date(year, month! - 1, day, hour, minute, second, ms);
  // The Date constructor rolls over (month 13 is January); a name that does not survive the round trip is no stamp.
  const same =
    date.getFullYear() === year &&
    date.getMonth() === month! - 1 &&
    date.getDate() === day &&
    date.getHours() === hour &&
    date.getMinutes() === minute &&
    date.getSeconds() === second;
  return same ? date.getTime() : null;
}
