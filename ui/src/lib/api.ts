/**
 * The one HTTP client. Every reply is `{code, data}` or `{code, message, error, data?, errors?}` (contract/codes.ts);
 * anything but code 200 becomes an ApiError. The server writes `message` in the caller's language, so the UI shows it
 * as received. A 401 anywhere ends the session: the token is dropped and the app is told to go to the login page.
 */
import { ResponseCode, type ApiFailure, type FieldError } from '@contract/codes.ts';
import { underBase } from './base.ts';
import { clearToken, getToken } from './session.ts';

export class ApiError extends Error {
  readonly code: number;
  readonly error: string;
  readonly errors: FieldError[];
  readonly data: unknown;

  constructor(failure: ApiFailure) {
    super(failure.message);
    this.name = 'ApiError';
    this.code = failure.code;
    this.error = failure.error;
    this.errors = failure.errors ?? [];
    this.data = failure.data;
  }

  /** The server's message for one form field, if it named that field. */
  fieldMessage(field: string): string | undefined {
    return this.errors.find((e) => e.field === field || e.field === `/${field}`)?.message;
  }
}

type UnauthorizedListener = (message: string) => void;
let onUnauthorized: UnauthorizedListener = () => {};
export function whenUnauthorized(listener: UnauthorizedListener): void {
  onUnauthorized = listener;
}

type Body = unknown;

async function request<T>(method: string, path: string, body?: Body): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  // Without a `lang` cookie the server falls back to Accept-Language; send the language the UI actually shows.
  headers['accept-language'] = document.documentElement.lang || 'zh-CN';
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const response = await fetch(underBase(`api/${path}`), { method, headers, body: payload });
  let reply: { code: number; data?: unknown } & Omit<Partial<ApiFailure>, 'code'>;
  try {
    reply = await response.json();
  } catch {
    reply = { code: response.status, message: response.statusText || `HTTP ${response.status}`, error: 'http' };
  }
  if (reply.code === ResponseCode.ok) return reply.data as T;
  const failure: ApiFailure = {
    code: reply.code as ApiFailure['code'],
    message: reply.message ?? `HTTP ${response.status}`,
    error: reply.error ?? 'unknown',
    data: reply.data,
    errors: reply.errors,
  };
  if (failure.code === ResponseCode.unauthorized && token) {
    clearToken();
    onUnauthorized(failure.message);
  }
  throw new ApiError(failure);
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: Body) => request<T>('POST', path, body ?? {}),
  put: <T>(path: string, body?: Body) => request<T>('PUT', path, body ?? {}),
  delete: <T>(path: string, body?: Body) => request<T>('DELETE', path, body),
};
