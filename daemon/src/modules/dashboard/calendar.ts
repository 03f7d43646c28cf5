import { Cron } from 'croner';

/**
 * Hour and day boundaries in the panel's time zone, as instants (ms), oldest first, the last one the boundary at or
 * before `now`. croner walks the zone's rules, so days around a daylight-saving change are 23 or 25 hours long, and
 * zones 30 or 45 minutes off UTC start their hours where their clocks do.
 */
export function boundaries(kind: 'hour' | 'day', count: number, now: number, timezone: string): number[] {
  const pattern = kind === 'hour' ? '0 0 * * * *' : '0 0 0 * * *';
  const cron = new Cron(pattern, { paused: true, timezone });
  // previousRuns looks strictly before its reference: 1 ms later includes a boundary that is exactly now.
  return cron
    .previousRuns(count, new Date(now + 1))
    .map((d) => d.getTime())
    .reverse();
}

/** A day's date as YYYY-MM-DD in the zone (Qinglong's trend labels). */
export function dayLabel(at: number, timezone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(at)
    .slice(0, 10);
}
