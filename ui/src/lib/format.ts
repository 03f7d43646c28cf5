/**
 * The UI's one way to show a time and a duration. Every time is shown in the panel's time zone (its `timezone`
 * setting, from `GET api/system`), never the browser's: a run listed at 05:15 has a log named `…-05-15-…` and a header
 * that says 05:15, whichever machine the page is opened on. The same style everywhere — list, detail, dialogs — with
 * the year only when it is not this year (in the panel's calendar).
 */

let zone: string | undefined;

/** The panel's time zone, once `GET api/system` answered (app/system.tsx); the browser's until then. */
export function setPanelZone(next: string | undefined): void {
  if (next && next !== zone) {
    zone = next;
    formats.clear();
  }
}

/** The zone times are shown in. */
export const panelZone = (): string => zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;

const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const lang = document.documentElement.lang || undefined;
  const full = `${lang}|${key}`;
  let format = formats.get(full);
  if (!format) formats.set(full, (format = new Intl.DateTimeFormat(lang, { timeZone: panelZone(), ...options })));
  return format;
}

const yearOf = (ms: number) => formatOf('year', { year: 'numeric' }).format(ms);

/** Date and time, to the second: "Dec 2, 5:15:01 AM", "Dec 2, 2025, 5:15:01 AM" (another year); 12月2日 05:15:01. */
export function formatDateTime(ms: number): string {
  const sameYear = yearOf(ms) === yearOf(Date.now());
  return formatOf(sameYear ? 'time' : 'time+year', {
    ...(sameYear ? {} : { year: 'numeric' }),
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  }).format(ms);
}

/** The hour of a chart's axis: "05:00". */
export const formatHour = (ms: number): string =>
  formatOf('hour', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(ms);

/** The day of a chart's axis: "Dec 2"; 12月2日. */
export const formatDay = (ms: number): string => formatOf('day', { month: 'short', day: 'numeric' }).format(ms);

/** A line stamp as the daemon writes them into logs: `2026-12-02 05:15:01.083` (the system log's lines). */
export function formatLogStamp(ms: number): string {
  const parts = formatOf('stamp', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(ms);
  const field = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const millis = String(((ms % 1000) + 1000) % 1000).padStart(3, '0');
  return `${field('year')}-${field('month')}-${field('day')} ${field('hour')}:${field('minute')}:${field('second')}.${millis}`;
}

/** A weekday's name in the interface's language (0 = Sunday), for schedule descriptions. */
export function weekdayName(day: number): string {
  // 2023-01-01 was a Sunday; noon UTC is that weekday in every zone.
  return new Intl.DateTimeFormat(document.documentElement.lang || undefined, {
    weekday: 'long',
    timeZone: 'UTC',
  }).format(Date.UTC(2023, 0, 1 + (day % 7), 12));
}

/**
 * A duration for people, rounded the same way everywhere: 7 ms, 850 ms, 12.3 s, 4 m 05 s, 2 h 03 m. Under a second it
 * is whole milliseconds; under a minute tenths of a second.
 */
export function formatDuration(ms: number): string {
  if (ms < 999.5) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  if (seconds < 59.95) return `${seconds.toFixed(1)} s`;
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h} h ${String(m).padStart(2, '0')} m` : `${m} m ${String(s).padStart(2, '0')} s`;
}
