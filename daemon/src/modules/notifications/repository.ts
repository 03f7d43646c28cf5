import type { Kysely } from 'kysely';
import {
  isNotifyChannelId,
  TaskNotifyPolicies,
  type NotificationSettings,
  type TaskNotifyPolicy,
} from '../../contract/notify.ts';
import type { Database } from '../../db/schema.ts';
import type { NotificationStore } from '../../notify/notifier.ts';

/** Keys of the `settings` table this module owns. */
export const NotificationSettingKey = {
  /** The panel channel: `{type, ...fields}` as in contract/notify.ts. */
  channel: 'notification',
  /** Default TaskNotifyPolicy for tasks that have none. */
  taskPolicy: 'taskNotifyPolicy',
} as const;

/** The notification settings in the key/value `settings` table (JSON values). */
export class NotificationRepository implements NotificationStore {
  constructor(private readonly db: Kysely<Database>) {}

  private async read(key: string): Promise<unknown> {
    const row = await this.db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
    if (!row) return undefined;
    try {
      return JSON.parse(row.value);
    } catch {
      return undefined;
    }
  }

  private async write(key: string, value: unknown): Promise<void> {
    const text = JSON.stringify(value);
    await this.db
      .insertInto('settings')
      .values({ key, value: text })
      .onConflict((c) => c.column('key').doUpdateSet({ value: text }))
      .execute();
  }

  async loadSettings(): Promise<NotificationSettings | undefined> {
    const value = await this.read(NotificationSettingKey.channel);
    if (!value || typeof value !== 'object' || !isNotifyChannelId((value as { type?: unknown }).type)) return undefined;
    return value as NotificationSettings;
  }

  saveSettings(settings: NotificationSettings): Promise<void> {
    return this.write(NotificationSettingKey.channel, settings);
  }

  async loadTaskPolicy(): Promise<TaskNotifyPolicy | undefined> {
    const value = await this.read(NotificationSettingKey.taskPolicy);
    return (TaskNotifyPolicies as unknown[]).includes(value) ? (value as TaskNotifyPolicy) : undefined;
  }

  saveTaskPolicy(policy: TaskNotifyPolicy): Promise<void> {
    return this.write(NotificationSettingKey.taskPolicy, policy);
  }
}
