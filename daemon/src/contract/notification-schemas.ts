import { Type, type Static } from 'typebox';
import { NotifyChannelIds, TaskNotifyPolicies, type NotifyChannelId, type TaskNotifyPolicy } from './notifications.ts';

const ChannelId = Type.Unsafe<NotifyChannelId>(Type.String({ enum: [...NotifyChannelIds] }));
const Policy = Type.Unsafe<TaskNotifyPolicy>(Type.String({ enum: [...TaskNotifyPolicies] }));

/** Values arrive as strings; Qinglong's UI sends a few as numbers or booleans, which the service turns into text. */
const FieldValue = Type.Union([Type.String({ maxLength: 20_000 }), Type.Number(), Type.Boolean(), Type.Null()]);

/** `{type, ...fields}`: the channel and its field values, keyed as in contract/notifications.ts. */
export const NotificationSettingsBody = Type.Object({ type: ChannelId }, { additionalProperties: FieldValue });
export type NotificationSettingsBody = Static<typeof NotificationSettingsBody>;

export const NotificationSettingsReply = Type.Object({ type: ChannelId }, { additionalProperties: Type.String() });

/** PUT /api/system/notify: send through the panel channel, or through `notificationInfo` when given (Qinglong). */
export const SystemNotifyBody = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 1000 }),
  content: Type.String({ maxLength: 100_000 }),
  notificationInfo: Type.Optional(NotificationSettingsBody),
});
export type SystemNotifyBody = Static<typeof SystemNotifyBody>;

/** POST /api/notify/script, from sendNotify.js / notify.py with the run's token. */
export const ScriptNotifyBody = Type.Object({
  title: Type.String({ maxLength: 1000 }),
  content: Type.String({ maxLength: 100_000 }),
  /** Qinglong's notification variables that are set in the script's environment. */
  env: Type.Record(Type.String({ maxLength: 100 }), Type.String({ maxLength: 20_000 })),
  params: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});
export type ScriptNotifyBody = Static<typeof ScriptNotifyBody>;

export const DeliveryResult = Type.Object({
  channel: Type.String(),
  ok: Type.Boolean(),
  message: Type.Optional(Type.String()),
});

export const ScriptNotifyReply = Type.Object({ skipped: Type.Boolean(), results: Type.Array(DeliveryResult) });
export type ScriptNotifyReply = Static<typeof ScriptNotifyReply>;

/**
 * GET /api/user/notification/last-delivery: the last notification sent on the owner's behalf (never a test message),
 * whether it went through, and why not (in the panel's language); null before the first.
 */
export const LastDelivery = Type.Object({
  at: Type.Number(),
  channel: ChannelId,
  ok: Type.Boolean(),
  error: Type.Union([Type.String(), Type.Null()]),
});
export type LastDelivery = Static<typeof LastDelivery>;

export const TaskPolicyBody = Type.Object({ policy: Policy });
export type TaskPolicyBody = Static<typeof TaskPolicyBody>;
