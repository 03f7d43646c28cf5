/**
 * Three clocks that disagree, for the tests of "one clock": the host's zone (whatever the test runner set TZ to), a
 * panel zone unlike it, and a browser zone unlike both. Whatever the panel shows or writes must read the panel's.
 * The times these tests expect are worked out here with Intl alone, not with the daemon's wall-clock code.
 */

const hourMs = 3_600_000;

/** The zone this process runs in: the host's, as the daemon under test sees it. */
export const hostZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The zone's offset from UTC at `ms` (ms). */
export function offsetAt(ms: number, zone: string): number {
  const p = wallOf(ms, zone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000;
}

/** The first of the candidates whose offset now differs from every zone given by at least two hours. */
function unlike(candidates: string[], others: string[]): string {
  const now = Date.now();
  const found = candidates.find((zone) =>
    others.every((other) => Math.abs(offsetAt(now, zone) - offsetAt(now, other)) >= 2 * hourMs),
  );
  if (!found) throw new Error(`no zone unlike ${others.join(', ')}`);
  return found;
}

/**
 * The panel's zone in these tests: Asia/Shanghai (where most users live) unless the host is there already. (Canonical
 * names only: Intl reports Asia/Kolkata as Asia/Calcutta.)
 */
export const panelZone = unlike(['Asia/Shanghai', 'Europe/Berlin', 'America/New_York'], [hostZone]);

/** The browser's zone: a fourth clock, which must never show through. */
export const browserZone = unlike(['America/Sao_Paulo', 'Pacific/Honolulu', 'Europe/Moscow'], [hostZone, panelZone]);

export interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** What a clock in `zone` reads at `ms`, by Intl. */
export function wallOf(ms: number, zone: string): Wall {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(ms);
  const field = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return {
    year: field('year'),
    month: field('month'),
    day: field('day'),
    hour: field('hour'),
    minute: field('minute'),
    second: field('second'),
  };
}

/**
 * The instant a clock in `zone` read `wall`, taking the zone's offset near `around` (no test here spans a change of
 * offset).
 */
export function instantIn(wall: Wall, zone: string, around: number): number {
  const local = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return local - offsetAt(around, zone);
}

/** Reads `YYYY?MM?DD?HH?mm?ss` (any separators, or none) at the start of `text`. */
export function parseStamp(text: string): Wall | null {
  const m = /^(\d{4})\D?(\d{2})\D?(\d{2})\D?(\d{2})\D?(\d{2})\D?(\d{2})/.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [number, ...number[]];
  return { year, month: month!, day: day!, hour: hour!, minute: minute!, second: second! };
}

/** `YYYY-MM-DD` of `ms` in `zone`. */
export function dayIn(ms: number, zone: string): string {
  const w = wallOf(ms, zone);
  return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}
