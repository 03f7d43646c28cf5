/** The system log's files: one a day, `data/syslog/YYYY-MM-DD.log`, named by the day in the panel's time zone. */

export const dayFilePattern = /^(\d{4}-\d{2}-\d{2})\.log$/;

/** Oldest day first. ISO days sort as plain text; localeCompare would load ICU's collation for nothing. */
export const byDay = (a: { day: string }, b: { day: string }): number => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0);

export const fileOfDay = (day: string) => `${day}.log`;
