import { Cron } from 'croner';

/**
 * The answer stays the same from one boundary to the next, and walking the zone's rules for 30 days cost the overview
 * ≈2 ms on every call: the last answers are kept, each until the next boundary.
 */
const recent = new Map<string, { list: number[]; from: number; until: number }>();

/**
 * Hour and day boundaries in the panel's time zone, as instants (ms), oldest first, the last one the boundary at or
 * before `now`. croner walks the zone's rules, so days around a daylight-saving change are 23 or 25 hours long, and
 * zones 30 or 45 minutes off UTC start their hours where their clocks do.
 */
export function boundaries(kind: 'hour' | 'day', count: number, now: number, timezone: string): number[] {
  const key = `${kind} ${count} ${timezone}`;
  const known = recent.get(key);
  if (known && known.from <= now && now < known.until) return [...known.list];
  const pattern = kind === 'hour' ? '0 0 * * * *' : '0 0 0 * * *';
  const cron = new Cron(pattern, { paused: true, timezone });
  // previousRuns looks strictly before its reference: 1 ms later includes a boundary that is exactly now.
  const list = cron
    .previousRuns(count, new Date(now + 1))
    .map((d) => d.getTime())
    .reverse();
  const from = list.at(-1) ?? now;
  const until = cron.nextRun(new Date(from))?.getTime() ?? now;
  if (recent.size >= 16) recent.clear();
  recent.set(key, { list, from, until });
  return [...list];
}
