import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { defaultLogLimitBytes } from '../../runner/log-output.ts';

/**
 * Key/value settings (JSON values) kept in the `settings` table and mirrored in memory, so hot paths such as the
 * scheduler read them without a query. Every write goes through here, which keeps the mirror true.
 */
export class SettingsStore {
  private readonly cache = new Map<string, unknown>();

  private constructor(private readonly db: Kysely<Database>) {}

  static async load(db: Kysely<Database>): Promise<SettingsStore> {
    const store = new SettingsStore(db);
    for (const row of await db.selectFrom('settings').selectAll().execute()) {
      try {
        store.cache.set(row.key, JSON.parse(row.value));
      } catch {
        // A hand-edited, unreadable value counts as unset rather than stopping the daemon.
      }
    }
    return store;
  }

  get<T>(key: string, fallback: T): T {
    return this.cache.has(key) ? (this.cache.get(key) as T) : fallback;
  }

  has(key: string): boolean {
    return this.cache.has(key);
  }

  async set(key: string, value: unknown): Promise<void> {
    const text = JSON.stringify(value);
    await this.db
      .insertInto('settings')
      .values({ key, value: text })
      .onConflict((c) => c.column('key').doUpdateSet({ value: text }))
      .execute();
    this.cache.set(key, value);
  }

  async remove(key: string): Promise<void> {
    await this.db.deleteFrom('settings').where('key', '=', key).execute();
    this.cache.delete(key);
  }
}

/** Setting keys, defined once. */
export const SettingKey = {
  cronConcurrency: 'cronConcurrency',
  timezone: 'timezone',
  schedulerHeartbeat: 'schedulerHeartbeat',
  logLanguage: 'lang',
  // Dependencies (Qinglong's systemConfig names): an http(s) proxy for installers and the package mirrors.
  dependenceProxy: 'dependenceProxy',
  nodeMirror: 'nodeMirror',
  pythonMirror: 'pythonMirror',
  linuxMirror: 'linuxMirror',
  // Local-network addresses notification channels may reach (contract/local-targets.ts; default: none).
  notifyLocalTargets: 'notifyLocalTargets',
  // Cap of one run's output (task runs, debug runs, installs, subscription hooks), in MB.
  runLogLimitMb: 'runLogLimitMb',
} as const;

const mb = 1024 * 1024;
export const defaultRunLogLimitMb = defaultLogLimitBytes / mb;
export const maxRunLogLimitMb = 10 * 1024;

/** The run-log cap in force, in MB (a hand-edited value out of range counts as unset). */
export function runLogLimitMb(settings: SettingsStore): number {
  const value = settings.get(SettingKey.runLogLimitMb, defaultRunLogLimitMb);
  return Number.isInteger(value) && value >= 1 && value <= maxRunLogLimitMb ? value : defaultRunLogLimitMb;
}

export const runLogLimitBytes = (settings: SettingsStore) => runLogLimitMb(settings) * mb;
