/**
 * The one HTTP client: every request of the UI goes through `request`, so every call sends the same language and
 * token and meets the same error and 401 rules. Replies are `{code, data}` or `{code, message, error, data?, errors?}`
 * (contract/codes.ts); anything but code 200 becomes an ApiError. The server writes `message` in the caller's
 * language, so the UI shows it as received. A 401 ends the stored session: the token is dropped and the app is told
 * to go to the login page. A change that went through (POST, PUT, DELETE) is told to the views that show what it
 * changed (changes.ts): the one place lists learn they are stale.
 */
import { ResponseCode, type ApiFailure, type FieldError } from '@contract/codes.ts';
import { panelLanguageHeader, toLanguage } from '@contract/i18n.ts';
import { underBase } from './base.ts';
import { changed } from './changes.ts';
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

/**
 * What a successful call hands back: the envelope's `data` (the usual case), the whole envelope (a reply that
 * carries fields beside `data`), or the body itself for a file download (`blob`) or a plain-text reply (`text`), or
 * the response to read as it arrives (`stream`: the log search's JSON lines).
 */
export type ReplyKind = 'data' | 'envelope' | 'blob' | 'text' | 'stream';

export interface RequestOptions {
  /** JSON-encoded, or sent as is when it is FormData (uploads). */
  body?: unknown;
  reply?: ReplyKind;
  /**
   * A token of the caller's own (the setup wizard's in-memory session) instead of the stored one. A 401 then has no
   * stored session to end, so it is only thrown.
   */
  token?: string;
  /** Cancels the request (and the reading of a streamed reply). */
  signal?: AbortSignal;
  /** With `reply: 'blob'`: called as the body arrives (`total` from Content-Length, null when unknown). */
  onProgress?: (received: number, total: number | null) => void;
}

/** Reads a download's body piece by piece, telling `onProgress` how far it got. */
async function blobWithProgress(response: Response, onProgress: NonNullable<RequestOptions['onProgress']>) {
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const reader = response.body?.getReader();
  if (!reader) return response.blob();
  const parts: Uint8Array[] = [];
  let received = 0;
  onProgress(0, total);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    received += value.length;
    onProgress(received, total);
  }
  return new Blob(parts as BlobPart[], { type: response.headers.get('content-type') ?? 'application/octet-stream' });
}

type Envelope = { code: number; data?: unknown } & Omit<Partial<ApiFailure>, 'code'>;

async function readEnvelope(response: Response): Promise<Envelope> {
  try {
    return (await response.json()) as Envelope;
  } catch {
    return { code: response.status, message: response.statusText || `HTTP ${response.status}`, error: 'http' };
  }
}

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const { body, reply = 'data' } = options;
  const token = options.token ?? getToken();
  // Without a `lang` cookie the server falls back to Accept-Language; send the language the UI actually shows.
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': document.documentElement.lang || 'zh-CN',
    [panelLanguageHeader]: toLanguage(document.documentElement.lang),
  };
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const response = await fetch(underBase(`api/${path}`), { method, headers, body: payload, signal: options.signal });
  const reads = method === 'GET' || method === 'HEAD';
  // A download answers with the file itself; only a failure comes as an envelope.
  if (response.ok && reply === 'blob') {
    return (options.onProgress ? await blobWithProgress(response, options.onProgress) : await response.blob()) as T;
  }
  if (response.ok && reply === 'text') return (await response.text()) as T;
  if (response.ok && reply === 'stream') return response as T;
  const envelope = await readEnvelope(response);
  if (envelope.code === ResponseCode.ok) {
    if (!reads) changed(path);
    return (reply === 'envelope' ? envelope : envelope.data) as T;
  }
  const failure: ApiFailure = {
    code: envelope.code as ApiFailure['code'],
    message: envelope.message ?? `HTTP ${response.status}`,
    error: envelope.error ?? 'unknown',
    data: envelope.data,
    errors: envelope.errors,
  };
  if (failure.code === ResponseCode.unauthorized && token && options.token === undefined) {
    clearToken();
    onUnauthorized(failure.message);
  }
  throw new ApiError(failure);
}

/** Shorthands for JSON calls; POST and PUT send `{}` when there is no body, as the server's schemas expect. */
export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, { body: body ?? {} }),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, { body: body ?? {} }),
  delete: <T>(path: string, body?: unknown) => request<T>('DELETE', path, { body }),
};
