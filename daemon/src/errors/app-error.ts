import { ResponseCode } from '../contract/codes.ts';
import type { MessageKey } from '../contract/messages.ts';

/**
 * A failure the user can act on. Services throw these; one handler (http/errors.ts) turns them into replies in the
 * caller's language. Anything else that is thrown is a bug and answers a generic 500.
 */
export class AppError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly code: ResponseCode = ResponseCode.badRequest,
    readonly params: Record<string, string | number> = {},
    readonly data?: unknown,
    /** Per-field problems, localised by the error handler into `errors: [{field, message}]`. */
    readonly fields?: FieldIssue[],
  ) {
    super(key);
    this.name = 'AppError';
  }
}

export const notFound = () => new AppError('notFound', ResponseCode.notFound);

/** One field's problem: a message key, filled with the field's label and these params. */
export interface FieldIssue {
  field: string;
  key: MessageKey;
  params?: Record<string, string | number>;
}

/** A validation failure found by a service (not by the schema): 400 'Validation failed' with the field's message. */
export const fieldError = (field: string, key: MessageKey, params: Record<string, string | number> = {}) =>
  new AppError('validationFailed', ResponseCode.badRequest, {}, undefined, [{ field, key, params }]);
