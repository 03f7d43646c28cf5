/**
 * What the overview reads of days that are over. The counts the triggers keep (run_slices, run_days) change where a
 * run ends: now. Those of days before yesterday (UTC) change only when a run is recorded with an old end, which none
 * of the daemon's writers does (a restored backup replaces them all). So the overview reads them once a day, or again
 * after `keepMs`, and only yesterday and today on every call: at millions of runs the old days are half of its
 * reading.
 */
const dayMs = 86_400_000;

/** How long an answer about past days is kept at most (what a restored backup may leave stale). */
export const pastKeptMs = 5 * 60_000;

export class PastDays {
  private readonly kept = new Map<string, { until: number; value: Promise<unknown> }>();

  constructor(private readonly keepMs = pastKeptMs) {}

  /** The start of yesterday (UTC): what ended before it is kept, what ended after is read on every call. */
  cutoff(now: number): number {
    return (Math.floor(now / dayMs) - 1) * dayMs;
  }

  /** The UTC days of a range from `from`: those from `fromDay` to before `cutDay` kept, from `cutDay` on read. */
  days(from: number, now: number): { fromDay: number; cutDay: number } {
    const fromDay = Math.floor(from / dayMs);
    return { fromDay, cutDay: Math.max(fromDay, this.cutoff(now) / dayMs) };
  }

  /**
   * `read`'s answer for `key` (which must name the days asked), read again once a day or after keepMs. `now` is the
   * instant the caller split its range at: the answer is filed under that instant's cutoff, so a call that straddles
   * midnight does not file days up to the old cutoff under the new one.
   */
  get<T>(key: string, now: number, read: () => Promise<T>): Promise<T> {
    const cutoff = this.cutoff(now);
    const name = `${cutoff} ${key}`;
    const known = this.kept.get(name);
    if (known && now < known.until) return known.value as Promise<T>;
    // Answers for another day's cutoff are never asked again.
    for (const [other, entry] of this.kept)
      if (!other.startsWith(`${cutoff} `) || now >= entry.until) this.kept.delete(other);
    const value = read();
    this.kept.set(name, { until: now + this.keepMs, value });
    value.catch(() => this.kept.delete(name));
    return value;
  }
}
