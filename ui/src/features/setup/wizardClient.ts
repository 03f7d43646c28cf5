/**
 * The setup wizard's session: the token from signing in with the account just created, held in memory only (never
 * in localStorage), so finishing setup still ends on the login page. The requests go through the same envelope
 * rules as `lib/api.ts`; only the token source differs.
 */
import { ResponseCode, type ApiFailure } from '@contract/codes.ts';
import type { LoginResult } from '@contract/user.ts';
import { api, ApiError } from '../../lib/api.ts';
import { underBase } from '../../lib/base.ts';
import type { NotifyClient } from '../notification/client.ts';

export interface Credentials {
  username: string;
  password: string;
}

async function request<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': document.documentElement.lang || 'zh-CN',
    authorization: `Bearer ${token}`,
  };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(underBase(`api/${path}`), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let reply: { code: number; data?: unknown } & Omit<Partial<ApiFailure>, 'code'>;
  try {
    reply = await response.json();
  } catch {
    reply = { code: response.status, message: response.statusText || `HTTP ${response.status}`, error: 'http' };
  }
  if (reply.code === ResponseCode.ok) return reply.data as T;
  throw new ApiError({
    code: reply.code as ApiFailure['code'],
    message: reply.message ?? `HTTP ${response.status}`,
    error: reply.error ?? 'unknown',
    data: reply.data,
    errors: reply.errors,
  });
}

export interface WizardSession extends NotifyClient {
  /** Ends the wizard's session on the server (best effort). */
  end: () => Promise<void>;
}

/** Signs in with the new account (no second factor can exist yet) and returns a client bound to that token. */
export async function startWizardSession(credentials: Credentials): Promise<WizardSession> {
  const { token } = await api.post<LoginResult>('user/login', credentials);
  return {
    get: <T>(path: string) => request<T>(token, 'GET', path),
    put: <T>(path: string, body?: unknown) => request<T>(token, 'PUT', path, body ?? {}),
    end: () =>
      request<null>(token, 'POST', 'user/logout', {}).then(
        () => undefined,
        () => undefined,
      ),
  };
}
