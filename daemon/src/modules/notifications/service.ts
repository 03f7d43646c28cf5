import { ResponseCode } from '../../contract/codes.ts';
import type { Language } from '../../contract/i18n.ts';
import { typeLabels } from '../../contract/field-labels.ts';
import {
  checkNotificationSettings,
  normaliseNotificationSettings,
  notifyChannelById,
  type NotificationSettings,
  type TaskNotifyPolicy,
} from '../../contract/notifications.ts';
import type {
  LastDelivery,
  NotificationSettingsBody,
  ScriptNotifyBody,
  ScriptNotifyReply,
  SystemNotifyBody,
} from '../../contract/notification-schemas.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Notifier } from '../../notifications/notifier.ts';
import type { SettingsStore } from '../../settings/store.ts';

/** Turns the body's values into text: Qinglong's UI sends some as numbers or booleans. */
function asSettings(body: NotificationSettingsBody): NotificationSettings {
  const settings: NotificationSettings = { type: body.type };
  for (const [key, raw] of Object.entries(body)) {
    if (key !== 'type' && raw !== null && raw !== undefined) settings[key] = String(raw);
  }
  return normaliseNotificationSettings(settings);
}

/** Rules of the notification routes: validate against the contract, test before saving, run tokens for scripts. */
export class NotificationService {
  constructor(
    private readonly notifier: Notifier,
    private readonly settings: SettingsStore,
  ) {}

  get(): Promise<NotificationSettings> {
    return this.notifier.settings();
  }

  /** Refuses the first problem found, in the caller's language (field labels come from the contract). */
  validate(body: NotificationSettingsBody, lang: Language): NotificationSettings {
    const settings = asSettings(body);
    const problem = checkNotificationSettings(settings)[0];
    if (problem) {
      const spec = notifyChannelById[settings.type].fields.find((f) => f.key === problem.field);
      const label = spec?.label[lang] ?? problem.field;
      switch (problem.problem) {
        case 'required':
          throw new AppError('required', ResponseCode.badRequest, { label });
        case 'number':
          throw new AppError('invalidType', ResponseCode.badRequest, { label, type: typeLabels.integer![lang] });
        case 'option':
          throw new AppError('notifyBadOption', ResponseCode.badRequest, { label });
        case 'webhookTitle':
          throw new AppError('notifyWebhookTitle', ResponseCode.badRequest);
      }
    }
    return settings;
  }

  /** Sends the test message with the new settings and keeps them only when it went through. */
  async update(body: NotificationSettingsBody, lang: Language): Promise<NotificationSettings> {
    const settings = this.validate(body, lang);
    await this.notifier.test(settings);
    await this.settings.set('notification', settings);
    return settings;
  }

  /** `runId`: the run whose token called (QLAPI.systemNotify). A channel given with the body is a test of it. */
  async systemNotify(body: SystemNotifyBody, lang: Language, runId?: string): Promise<void> {
    if (body.notificationInfo) {
      const { type, ...settings } = this.validate(body.notificationInfo, lang);
      await this.notifier.deliver(type, settings, { title: body.title, content: body.content });
      return;
    }
    await this.notifier.sendNow(body.title, body.content, { runId: runId ?? null });
  }

  /** The script libraries' endpoint (the route's run access has checked the run's token: `runId` is its run). */
  async scriptNotify(body: ScriptNotifyBody, runId: string | undefined): Promise<ScriptNotifyReply> {
    const request = {
      title: body.title,
      content: body.content,
      env: body.env,
      ...(body.params ? { params: body.params } : {}),
    };
    return this.notifier.sendFromScript(request, { runId: runId ?? null });
  }

  /** The last notification sent on the owner's behalf, and how it went; null before the first. */
  lastDelivery(): LastDelivery | null {
    return this.settings.get('notifyLastDelivery');
  }

  taskPolicy(): Promise<TaskNotifyPolicy> {
    return this.notifier.taskPolicy();
  }

  async setTaskPolicy(policy: TaskNotifyPolicy): Promise<TaskNotifyPolicy> {
    await this.settings.set('taskNotifyPolicy', policy);
    return policy;
  }
}
