/**
 * The panel's notification channel (the Auths row of type `notification`): Qinglong's channel ids and field keys
 * are Baihu's, so the settings carry over as they are, checked with Baihu's channel rules. Values Qinglong stored
 * as numbers or booleans become text; fields of other channels are dropped. A channel Baihu does not have is
 * reported, never silently lost.
 */
import { ImportKind } from '../../contract/import.ts';
import {
  checkNotificationSettings,
  isNotifyChannelId,
  normaliseNotificationSettings,
  type NotificationSettings,
} from '../../contract/notifications.ts';
import type { ImportReport } from './report.ts';
import { isRecord, text } from './values.ts';

export function planNotification(info: unknown, report: ImportReport): NotificationSettings | null {
  if (!isRecord(info)) return null;
  const type = text(info.type)?.trim() ?? '';
  if (type === '' || type === 'closed') return null;
  report.found(ImportKind.notification);
  if (!isNotifyChannelId(type)) {
    report.skip(ImportKind.notification, type, { key: 'importChannelMissing', params: { channel: type } });
    return null;
  }
  const values: NotificationSettings = { type };
  for (const [key, value] of Object.entries(info)) {
    if (key === 'type') continue;
    const asText = text(value);
    if (asText !== null) values[key] = asText;
  }
  // Qinglong before 2.16 kept Synology Chat as a base URL and a token joined at send time.
  if (type === 'chat' && !values.synologyChatUrl && values.chatUrl) {
    values.synologyChatUrl = `${values.chatUrl}${values.chatToken ?? ''}`;
  }
  // Older Qinglong kept the Telegram API host without a scheme and added https:// when sending.
  const apiHost = values.telegramBotApiHost?.trim();
  if (type === 'telegramBot' && apiHost && !/^https?:\/\//i.test(apiHost))
    values.telegramBotApiHost = `https://${apiHost}`;
  const settings = normaliseNotificationSettings(values);
  const problems = checkNotificationSettings(settings);
  if (problems.length > 0) {
    report.skip(ImportKind.notification, type, {
      key: 'importChannelInvalid',
      params: { channel: type, fields: problems.map((p) => p.field).join(', ') },
    });
    return null;
  }
  report.imported(ImportKind.notification);
  return settings;
}
