/**
 * The vocabulary of the notification channel tables: field kinds, the channel ids (Qinglong's `type` values) and the
 * small builders the tables are written with. Constants only (no typebox), so the UI bundle can import it cheaply.
 */
import type { Language } from './i18n.ts';

export type LocalText = Record<Language, string>;

/** How the UI renders a field. Every value travels as a string; `number` only constrains what is accepted. */
export const NotifyFieldKind = {
  text: 'text',
  password: 'password',
  number: 'number',
  select: 'select',
  textarea: 'textarea',
} as const;
export type NotifyFieldKind = (typeof NotifyFieldKind)[keyof typeof NotifyFieldKind];

export interface NotifyFieldOption {
  value: string;
  label: LocalText;
}

export interface NotifyField {
  /** Key in the settings object, exactly as Qinglong names it. */
  key: string;
  kind: NotifyFieldKind;
  required: boolean;
  label: LocalText;
  help?: LocalText;
  /** Example shown as a placeholder; never sent. */
  placeholder?: string;
  /** Pre-filled value for a new form; the daemon also applies it when the field is left empty. */
  default?: string;
  /** For `select`: the accepted values. */
  options?: readonly NotifyFieldOption[];
}

export interface NotifyChannel {
  id: NotifyChannelId;
  name: LocalText;
  fields: readonly NotifyField[];
}

export const NotifyChannelIds = [
  'gotify',
  'ntfy',
  'goCqHttpBot',
  'serverChan',
  'pushDeer',
  'bark',
  'telegramBot',
  'dingtalkBot',
  'weWorkBot',
  'weWorkApp',
  'aibotk',
  'iGot',
  'pushPlus',
  'wePlusBot',
  'wxPusherBot',
  'wxPusherSpt',
  'openiLink',
  'chat',
  'email',
  'lark',
  'pushMe',
  'chronocat',
  'webhook',
  'discord',
  'slack',
  'pushover',
  'matrix',
  'teams',
  'googleChat',
  'closed',
] as const;
export type NotifyChannelId = (typeof NotifyChannelIds)[number];

export const t = (en: string, zh: string): LocalText => ({ en, zh });
export const option = (value: string, en: string, zh: string): NotifyFieldOption => ({ value, label: t(en, zh) });

type FieldInit = Omit<NotifyField, 'key' | 'kind' | 'required' | 'label'>;
const field =
  (kind: NotifyFieldKind, required: boolean) =>
  (key: string, en: string, zh: string, more: FieldInit = {}): NotifyField => ({
    key,
    kind,
    required,
    label: t(en, zh),
    ...more,
  });
export const text = field('text', true);
export const optionalText = field('text', false);
export const secret = field('password', true);
export const optionalSecret = field('password', false);
export const optionalNumber = field('number', false);
export const optionalArea = field('textarea', false);
export const select = field('select', true);
export const optionalSelect = field('select', false);

export const webhookUrlHelp = t('The webhook URL the service gives you', '服务提供的 Webhook 地址');
