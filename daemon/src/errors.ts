import { ResponseCode } from './contract/codes.ts';
import type { MessageKey } from './contract/messages.ts';

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
  ) {
    super(key);
    this.name = 'AppError';
  }
}

export const notFound = () => new AppError('notFound', ResponseCode.notFound);
