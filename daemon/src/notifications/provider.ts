import { stripVTControlCharacters } from 'node:util';
import type { NotifySendingChannelId } from '../contract/notifications.ts';
import { NotifyFailure } from './failure.ts';
import { replyMessage, type HttpClient, type HttpResponse } from './http.ts';
import type { TargetGuard } from './local-targets.ts';

/** What is sent: a title and a body, plus the extras scripts may pass (Bark's `url`, `icon`…). */
export interface NotifyMessage {
  title: string;
  content: string;
  params?: Record<string, unknown>;
}

/**
 * The message as every channel receives it (the notifier's one way out): colour codes from a run's log or a script
 * would reach people as escape garbage, so titles and contents are plain text.
 */
export const plainText = (message: NotifyMessage): NotifyMessage => ({
  ...message,
  title: stripVTControlCharacters(message.title),
  content: stripVTControlCharacters(message.content),
});

/** One channel's field values, keyed as in contract/notifications.ts. */
export type ChannelSettings = Record<string, string | undefined>;

/**
 * Base URLs of services whose address the user cannot set. Production uses the real hosts; tests point them at
 * 127.0.0.1. `{uid}` in serverChan3 is the number in a ServerChan³ key.
 */
export const defaultHosts = {
  serverChan: 'https://sctapi.ftqq.com',
  serverChan3: 'https://{uid}.push.ft07.com',
  pushDeer: 'https://api2.pushdeer.com',
  bark: 'https://api.day.app',
  telegram: 'https://api.telegram.org',
  dingtalk: 'https://oapi.dingtalk.com',
  weWork: 'https://qyapi.weixin.qq.com',
  aibotk: 'https://api-bot.aibotk.com',
  iGot: 'https://push.hellyw.com',
  pushPlus: 'https://www.pushplus.plus',
  wePlusBot: 'https://www.weplusbot.com',
  wxPusher: 'https://wxpusher.zjiecode.com',
  openiLink: 'https://hub.openilink.com',
  lark: 'https://open.feishu.cn',
  pushMe: 'https://push.i-i.me',
  ntfy: 'https://ntfy.sh',
  pushover: 'https://api.pushover.net',
  hitokoto: 'https://v1.hitokoto.cn',
};
export type NotifyHosts = typeof defaultHosts;

export interface ProviderContext {
  http: HttpClient;
  hosts: NotifyHosts;
  /** The local-network guard, for transports that do not go through `http` (SMTP). */
  guard: TargetGuard;
  /** Milliseconds; signatures (DingTalk, Lark) use it. */
  now: () => number;
  /** Per-attempt timeout, for transports that do not go through `http` (SMTP). */
  timeoutMs: number;
}

export interface NotifyProvider {
  id: NotifySendingChannelId;
  /** Resolves once the service accepted the message; throws NotifyFailure with the service's words otherwise. */
  send(message: NotifyMessage, settings: ChannelSettings, ctx: ProviderContext): Promise<void>;
}

export type Json = Record<string, unknown>;

/** Reads a dotted path such as `data.errno` from a parsed body. */
export function pick(body: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Json)[k] : undefined), body);
}

/** Accepts a 2xx JSON reply for which `ok` holds; otherwise fails with the first message field found. */
export function expectJson(res: HttpResponse, ok: (body: Json) => boolean, ...messageFields: string[]): void {
  const body = res.json;
  const success = res.status >= 200 && res.status < 300 && !!body && typeof body === 'object' && ok(body as Json);
  if (!success) throw new NotifyFailure(replyMessage(res, ...messageFields));
}

/** Accepts any 2xx reply; otherwise fails with the first message field found. */
export function expectOk(res: HttpResponse, ...messageFields: string[]): void {
  if (res.status < 200 || res.status >= 300) throw new NotifyFailure(replyMessage(res, ...messageFields));
}

export function fail(detail: string): never {
  throw new NotifyFailure(detail);
}

export const withoutTrailingSlash = (url: string): string => url.trim().replace(/\/+$/, '');
export const value = (settings: ChannelSettings, key: string): string => (settings[key] ?? '').trim();
/** Drops empty values, so optional fields left blank are not sent as "". */
export function compact<T extends Json>(object: T): Partial<T> {
  return Object.fromEntries(Object.entries(object).filter(([, v]) => v !== '' && v !== undefined)) as Partial<T>;
}
