/**
 * Notification channels, their fields and the per-task notification policy: one description the daemon validates
 * against and the UI renders forms from. Constants only (no typebox), so the UI bundle can import it cheaply.
 *
 * Channel ids and field keys are Qinglong's (`type` and the keys of its notification settings), so a settings object
 * saved by Qinglong's `PUT /api/user/notification` is valid here unchanged.
 */
import { chatChannels } from './notification-chat.ts';
import {
  NotifyChannelIds,
  t,
  type LocalText,
  type NotifyChannel,
  type NotifyChannelId,
} from './notification-fields.ts';
import { pushChannels } from './notification-push.ts';

export {
  NotifyChannelIds,
  type LocalText,
  type NotifyChannel,
  type NotifyChannelId,
  type NotifyField,
} from './notification-fields.ts';

/** Every channel that actually sends something. */
export type NotifySendingChannelId = Exclude<NotifyChannelId, 'closed'>;

/** What `GET|PUT /api/user/notification` carry: the channel and its field values. */
export type NotificationSettings = { type: NotifyChannelId } & Record<string, string>;
export const closedNotification: NotificationSettings = { type: 'closed' };

const closedChannel: NotifyChannel = { id: 'closed', name: t('Off', '已关闭'), fields: [] };
const channelsById = new Map([...pushChannels, ...chatChannels, closedChannel].map((c) => [c.id, c]));

/** Every channel, in the order of NotifyChannelIds (the order the UI lists them in). */
const notifyChannels: readonly NotifyChannel[] = NotifyChannelIds.map((id) => channelsById.get(id)!);

export const notifyChannelById = Object.fromEntries(notifyChannels.map((c) => [c.id, c])) as Record<
  NotifyChannelId,
  NotifyChannel
>;

export function isNotifyChannelId(value: unknown): value is NotifyChannelId {
  return typeof value === 'string' && (NotifyChannelIds as readonly string[]).includes(value);
}

/** Why a field is refused; the daemon turns each into a message in both languages, the UI may do the same. */
export const NotifyFieldProblem = {
  required: 'required',
  number: 'number',
  option: 'option',
  webhookTitle: 'webhookTitle',
} as const;
export type NotifyFieldProblem = (typeof NotifyFieldProblem)[keyof typeof NotifyFieldProblem];

/**
 * Checks a settings object against its channel: required fields, numbers, select values and the webhook rule
 * (`$title` in the URL or the body). Pure, so the UI can run it before sending.
 */
export function checkNotificationSettings(
  settings: NotificationSettings,
): { field: string; problem: NotifyFieldProblem }[] {
  const channel = notifyChannelById[settings.type];
  const problems: { field: string; problem: NotifyFieldProblem }[] = [];
  for (const f of channel.fields) {
    const value = (settings[f.key] ?? '').trim();
    if (value === '') {
      if (f.required && f.default === undefined) problems.push({ field: f.key, problem: 'required' });
      continue;
    }
    if (f.kind === 'number' && !/^-?\d+$/.test(value)) problems.push({ field: f.key, problem: 'number' });
    if (f.kind === 'select' && f.options && !f.options.some((o) => o.value === value)) {
      problems.push({ field: f.key, problem: 'option' });
    }
  }
  if (
    settings.type === 'webhook' &&
    !(settings.webhookUrl ?? '').includes('$title') &&
    !(settings.webhookBody ?? '').includes('$title')
  ) {
    problems.push({ field: 'webhookBody', problem: 'webhookTitle' });
  }
  return problems;
}

/** Keeps only the channel's own fields, trimmed, with defaults filled in for empty ones. */
export function normaliseNotificationSettings(settings: NotificationSettings): NotificationSettings {
  const channel = notifyChannelById[settings.type];
  const result: NotificationSettings = { type: settings.type };
  for (const f of channel.fields) {
    const raw = settings[f.key];
    const value = typeof raw === 'string' ? (f.kind === 'textarea' ? raw : raw.trim()) : '';
    if (value !== '') result[f.key] = value;
    else if (f.default !== undefined) result[f.key] = f.default;
  }
  return result;
}

/** When a task's run sends a notification. Stored on the task; the default comes from a global setting. */
export const TaskNotifyPolicy = {
  never: 'never',
  onFailure: 'onFailure',
  always: 'always',
  onFailureAndRecovery: 'onFailureAndRecovery',
} as const;
export type TaskNotifyPolicy = (typeof TaskNotifyPolicy)[keyof typeof TaskNotifyPolicy];
export const TaskNotifyPolicies = Object.values(TaskNotifyPolicy);
export const defaultTaskNotifyPolicy: TaskNotifyPolicy = TaskNotifyPolicy.onFailure;

export const taskNotifyPolicyLabels: Record<TaskNotifyPolicy, LocalText> = {
  never: t('Never', '从不'),
  onFailure: t('On failure', '失败时'),
  always: t('Always', '总是'),
  onFailureAndRecovery: t('On failure and on recovery', '失败时及恢复成功时'),
};
