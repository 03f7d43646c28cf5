import { toLanguage, type Language } from '@contract/i18n.ts';
import {
  notifyChannelById,
  type LocalText,
  type NotificationSettings,
  type NotifyChannel,
  type NotifyChannelId,
} from '@contract/notifications.ts';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/** The contract's `{en, zh}` text in the interface language. */
export const localText = (text: LocalText, locale: string): string => text[toLanguage(locale) satisfies Language];

/**
 * The channel picker's groups, so 29 channels read as four short lists. Every sending channel of the contract
 * appears in exactly one group ('closed' is offered on its own, first).
 */
export const channelGroups: { label: MessageDescriptor; ids: NotifyChannelId[] }[] = [
  {
    label: msg`Chinese services`,
    ids: [
      'serverChan',
      'pushPlus',
      'wxPusherBot',
      'wxPusherSpt',
      'openiLink',
      'wePlusBot',
      'pushDeer',
      'pushMe',
      'iGot',
      'dingtalkBot',
      'weWorkBot',
      'weWorkApp',
      'lark',
      'aibotk',
      'goCqHttpBot',
      'chronocat',
    ],
  },
  { label: msg`Global chat apps`, ids: ['telegramBot', 'discord', 'slack', 'teams', 'googleChat', 'matrix'] },
  { label: msg`Self-hosted and push apps`, ids: ['ntfy', 'gotify', 'bark', 'pushover', 'chat'] },
  { label: msg`Email and webhook`, ids: ['email', 'webhook'] },
];

/** A new form for a channel: its fields' defaults, nothing else. */
export function blankSettings(id: NotifyChannelId): NotificationSettings {
  const settings: NotificationSettings = { type: id };
  for (const field of notifyChannelById[id].fields)
    if (field.default !== undefined) settings[field.key] = field.default;
  return settings;
}

export const channelOf = (settings: NotificationSettings): NotifyChannel => notifyChannelById[settings.type];
