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
