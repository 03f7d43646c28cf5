/**
 * Remembers recent task-list replies. The list is read far more often than tasks change (open tabs refresh it, and
 * scripts poll it), and a search over thousands of tasks scans every row. A reply stays good until the database
 * changes (any write, also from another process such as `ql`) or until a next-run time it shows has passed.
 */
export class ListCache<T> {
  private readonly entries = new Map<string, { version: string; validUntil: number; value: T }>();

  constructor(private readonly limit = 100) {}

  get(key: string, version: string, now: number): T | undefined {
    const hit = this.entries.get(key);
    return hit && hit.version === version && now < hit.validUntil ? hit.value : undefined;
  }

  set(key: string, version: string, validUntil: number, value: T): void {
    if (this.entries.size >= this.limit) this.entries.clear();
    this.entries.set(key, { version, validUntil, value });
  }
}
