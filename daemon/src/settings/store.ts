import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { settingsTable, type SettingName, type SettingsEnvironment, type SettingValue } from './table.ts';

/**
 * The one typed store of the `settings` table (JSON values), mirrored in memory so hot paths such as the scheduler
 * read a setting without a query. Nothing else reads or writes the table, which keeps the mirror true.
 */
export class SettingsStore {
  private readonly values = new Map<SettingName, unknown>();

  private constructor(
    private readonly db: Kysely<Database>,
    private readonly environment: SettingsEnvironment,
  ) {}

  static async load(db: Kysely<Database>, environment: SettingsEnvironment): Promise<SettingsStore> {
    const store = new SettingsStore(db, environment);
    const byStored = new Map(Object.entries(settingsTable).map(([name, spec]) => [spec.stored, name as SettingName]));
    for (const row of await db.selectFrom('settings').selectAll().execute()) {
      const name = byStored.get(row.key);
      if (!name) continue;
      try {
        const value: unknown = JSON.parse(row.value);
        if (settingsTable[name].valid(value)) store.values.set(name, value);
      } catch {
        // A hand-edited, unreadable value counts as unset rather than stopping the daemon.
      }
    }
    return store;
  }

  /** The value in force: the stored one, else the default. */
  get<K extends SettingName>(name: K): SettingValue<K> {
    if (this.values.has(name)) return this.values.get(name) as SettingValue<K>;
    return settingsTable[name].fallback(this.environment) as SettingValue<K>;
  }

  /** Whether a value is stored (Qinglong's GET /api/system/config lists only those). */
  isSet(name: SettingName): boolean {
    return this.values.has(name);
  }

  async set<K extends SettingName>(name: K, value: SettingValue<K>): Promise<void> {
    if (!settingsTable[name].valid(value)) throw new TypeError(`Not a valid value for the setting ${name}`);
    const key = settingsTable[name].stored;
    const text = JSON.stringify(value);
    await this.db
      .insertInto('settings')
      .values({ key, value: text })
      .onConflict((c) => c.column('key').doUpdateSet({ value: text }))
      .execute();
    this.values.set(name, value);
  }

  /** Back to the default. */
  async reset(name: SettingName): Promise<void> {
    await this.db.deleteFrom('settings').where('key', '=', settingsTable[name].stored).execute();
    this.values.delete(name);
  }
}
