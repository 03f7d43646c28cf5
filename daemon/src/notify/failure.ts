import { ResponseCode } from '../contract/codes.ts';
import { AppError } from '../errors.ts';

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
