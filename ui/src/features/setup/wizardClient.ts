/**
 * The setup wizard's session: the token from signing in with the account just created, held in memory only (never
 * in localStorage), so finishing setup still ends on the login page. Its requests go through `lib/api.ts` like every
 * other; only the token is the wizard's own.
 */
import type { LoginResult } from '@contract/user.ts';
import { api, request } from '../../lib/api.ts';
import type { NotifyClient } from '../notification/index.ts';

export interface Credentials {
  username: string;
  password: string;
}

export interface WizardSession extends NotifyClient {
  /** Ends the wizard's session on the server (best effort). */
  end: () => Promise<void>;
}

/** Signs in with the new account (no second factor can exist yet) and returns a client bound to that token. */
export async function startWizardSession(credentials: Credentials): Promise<WizardSession> {
  const { token } = await api.post<LoginResult>('user/login', credentials);
  return {
    get: <T>(path: string) => request<T>('GET', path, { token }),
    put: <T>(path: string, body?: unknown) => request<T>('PUT', path, { token, body: body ?? {} }),
    end: () =>
      request<null>('POST', 'user/logout', { token, body: {} }).then(
        () => undefined,
        () => undefined,
      ),
  };
}
