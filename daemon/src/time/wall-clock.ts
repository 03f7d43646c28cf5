/**
 * The panel's wall clock: what an instant reads in a time zone, and back. Everything the daemon writes for people — log
 * file names and headers, backup names, notifications, the system log's days — is in the panel's zone (the
 * `timezone` setting), never the process's: a container in UTC with the panel set to Asia/Shanghai names a run started
 * at 05:15 Shanghai time `…-05-15-…`, as its header and the UI say.
 *
 * Intl answers a zone's offset at an instant, at a few microseconds a call; a listing reads the time of 1,000 log names.
 * So the offset is asked once an hour of time per zone (no zone changes its offset twice within an hour) and the
 * fields are read from `Date`'s UTC getters shifted by it.
 */

export interface WallTime {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  ms: number;
}

const hourMs = 3_600_000;

/** The zone this process runs in (TZ, else the system's): the default where no panel setting is at hand. */
export const processZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    const options: Intl.DateTimeFormatOptions = {
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    };
    try {
      formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone });
    } catch {
      // A zone this Node does not know (the settings check zones when they are saved): UTC rather than a crash.
      formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
    }
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** What Intl says the zone's offset from UTC is at `ms` (whole seconds: old local mean times have them). */
function askOffset(ms: number, zone: string): number {
  const fields: Record<string, number> = {};
  for (const part of formatterOf(zone).formatToParts(ms)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  const wall = Date.UTC(fields.year!, fields.month! - 1, fields.day, fields.hour, fields.minute, fields.second);
  return wall - Math.floor(ms / 1000) * 1000;
}

/** Per zone: the offset of each hour of time whose start and end have the same one. */
const offsets = new Map<string, Map<number, number>>();

/** The zone's offset from UTC at `ms`, in ms (Asia/Shanghai: +8 h). */
export function zoneOffset(ms: number, zone: string): number {
  let hours = offsets.get(zone);
  if (!hours) offsets.set(zone, (hours = new Map()));
  const hour = Math.floor(ms / hourMs);
  const known = hours.get(hour);
  if (known !== undefined) return known;
  const offset = askOffset(ms, zone);
  // An hour with a change of offset inside it is asked every time, exactly.
  if (askOffset(hour * hourMs, zone) === offset && askOffset(hour * hourMs + hourMs - 1, zone) === offset) {
    if (hours.size >= 10_000) hours.clear();
    hours.set(hour, offset);
  }
  return offset;
}

/** What a clock in `zone` reads at `ms`. */
export function wallTime(ms: number, zone: string): WallTime {
  const d = new Date(ms + zoneOffset(ms, zone));
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    ms: d.getUTCMilliseconds(),
  };
}

/**
 * The instant a clock in `zone` reads `wall`; null when no instant does: an impossible date (month 13, February 30) or
 * a time a daylight-saving change skips. Of the two instants an hour set back reads twice, the earlier.
 */
export function instantOf(wall: WallTime, zone: string): number | null {
  const { year, month, day, hour, minute, second, ms } = wall;
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59 || ms > 999) return null;
  const local = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  // Date.UTC rolls February 30 over into March: such a date is none.
  if (new Date(local).getUTCDate() !== day) return null;
  const guess = zoneOffset(local, zone);
  const at = local - guess;
  const offset = zoneOffset(at, zone);
  if (offset === guess) return at;
  // Near a change of offset: the other offset may be the one in force at the instant it gives.
  const other = local - offset;
  return zoneOffset(other, zone) === offset ? other : null;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `YYYY-MM-DD` of `ms` in `zone`. */
export function dayText(ms: number, zone: string): string {
  const w = wallTime(ms, zone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

/** `YYYY-MM-DD HH:mm:ss` of `ms` in `zone`: the time in log headers and notifications. */
export function dateTimeText(ms: number, zone: string): string {
  const w = wallTime(ms, zone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
}

/**
 * Qinglong's time stamp in file names, `YYYY-MM-DD-HH-mm-ss-SSS`, in `zone` (a run's log `<stamp>.log`, a script's
 * backup `<file>.<stamp>`).
 */
export function fileStamp(ms: number, zone: string): string {
  const w = wallTime(ms, zone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}-${pad(w.hour)}-${pad(w.minute)}-${pad(w.second)}-${pad(w.ms, 3)}`;
}

/** Local midnight after `ms` in `zone`: when the next day begins. */
export function nextMidnight(ms: number, zone: string): number {
  const w = wallTime(ms, zone);
  const tomorrow = new Date(Date.UTC(w.year, w.month - 1, w.day + 1));
  const midnight = { year: tomorrow.getUTCFullYear(), month: tomorrow.getUTCMonth() + 1, day: tomorrow.getUTCDate() };
  // A zone whose clocks skip midnight (a change of offset at 00:00) starts that day at the first instant after it.
  return (
    instantOf({ ...midnight, hour: 0, minute: 0, second: 0, ms: 0 }, zone) ??
    instantOf({ ...midnight, hour: 1, minute: 0, second: 0, ms: 0 }, zone) ??
    ms + 86_400_000
  );
}

/** The day `days` before the day of `ms` in `zone` (0 = that day), as `YYYY-MM-DD`. */
export function dayBefore(ms: number, days: number, zone: string): string {
  const w = wallTime(ms, zone);
  const d = new Date(Date.UTC(w.year, w.month - 1, w.day - days));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}
