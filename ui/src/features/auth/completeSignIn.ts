import type { LoginResult } from '@contract/user.ts';
import { setToken, takeReturnTo } from '../../lib/session.ts';
import { announcePreviousSignIn } from './previousSignIn.ts';

/** Stores the session and returns the path to go back to (where the user was, or /dashboard). */
export function completeSignIn(result: LoginResult): string {
  setToken(result.token);
  announcePreviousSignIn(result);
  return takeReturnTo();
}
