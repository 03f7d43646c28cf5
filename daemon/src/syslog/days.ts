/** The system log's files: one a day, `data/syslog/YYYY-MM-DD.log`, named in the daemon's local time. */

export const dayFilePattern = /^(\d{4}-\d{2}-\d{2})\.log$/;

/** Oldest day first. ISO days sort as plain text; localeCompare would load ICU's collation for nothing. */
export const byDay = (a: { day: string }, b: { day: string }): number => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0);

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD` of a time, in the process's local zone (TZ). */
export function dayOf(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Local midnight after `ms`: when the next day's file begins. */
export function nextMidnight(ms: number): number {
  const d = new Date(ms);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).getTime();
}

/** The day `days` before the day of `ms` (0 = that day), as `YYYY-MM-DD`. */
export function dayBefore(ms: number, days: number): string {
  const d = new Date(ms);
  return dayOf(new Date(d.getFullYear(), d.getMonth(), d.getDate() - days).getTime());
}

export const fileOfDay = (day: string) => `${day}.log`;
