import { ResponseCode } from '../contract/codes.ts';
import type { Language } from '../contract/i18n.ts';
import { formatMessage } from '../contract/messages.ts';
import { AppError } from '../errors/app-error.ts';
import { redactUrls } from '../errors/redact.ts';
import { LocalTargetRefused } from './local-targets.ts';

/**
 * A channel refused or could not be reached. Carries the service's own words (Telegram's `description`, DingTalk's
 * `errmsg`, Bark's `message`…), so the user sees why; answers 400 "Notification failed: …" when it reaches a route.
 */
export class NotifyFailure extends AppError {
  constructor(readonly detail: string) {
    super('notifyFailed', ResponseCode.badRequest, { message: detail });
    this.name = 'NotifyFailure';
    this.message = detail;
  }
}

/** Why a delivery failed, URLs redacted (a service's reply may quote the URL it was called with, token and all). */
export function failureReason(error: unknown, lang: Language): string {
  if (error instanceof NotifyFailure) return redactUrls(error.detail);
  if (error instanceof LocalTargetRefused) return redactUrls(formatMessage(error.key, lang, error.params));
  return redactUrls(error instanceof Error ? error.message : String(error));
}
