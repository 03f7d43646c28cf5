/**
 * A Qinglong open-API client written from the reference's contract (../../shared reference §1 and §13), not from
 * Baihu's code: it knows only paths, JSON and the envelope, and sends what published clients send — the token from
 * GET /open/auth/token, `Authorization: Bearer`, `Content-Type: application/json;charset=UTF-8` on every request (a
 * body or not), a `t` cache buster on every query. It speaks HTTP to a listening daemon, as a client elsewhere would.
 */
import assert from 'node:assert/strict';

export interface Reply<T = unknown> {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or undefined when the body is not JSON (a download, a stream). */
  json: { code: number; data?: T; message?: string; [key: string]: unknown } | undefined;
  text: string;
}

export interface RequestOptions {
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** Sent as it is, with `contentType` (default JSON); for uploads and odd clients. */
  raw?: BodyInit;
  contentType?: string | null;
  auth?: boolean;
}

export class QinglongClient {
  private token: string | undefined;
  /** Every call made, `METHOD /path`, for the suite's count. */
  readonly calls: string[] = [];

  constructor(
    private readonly baseUrl: string,
    private readonly clientId: string,
    private readonly clientSecret: string,
  ) {}

  url(path: string, query: RequestOptions['query'] = {}): string {
    const url = new URL(`${this.baseUrl.replace(/\/+$/, '')}/open${path}`);
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
    }
    url.searchParams.set('t', String(Date.now()));
    return url.toString();
  }

  /** GET /open/auth/token: `{code: 200, data: {token, token_type, expiration}}`. */
  async authenticate(): Promise<{ token: string; token_type: string; expiration: number }> {
    const reply = await this.request('GET', '/auth/token', {
      query: { client_id: this.clientId, client_secret: this.clientSecret },
      auth: false,
    });
    const data = ok<{ token: string; token_type: string; expiration: number }>(reply);
    this.token = data.token;
    return data;
  }

  async request<T = unknown>(method: string, path: string, options: RequestOptions = {}): Promise<Reply<T>> {
    this.calls.push(`${method} ${path}`);
    const headers: Record<string, string> = {};
    const contentType = options.contentType === undefined ? 'application/json;charset=UTF-8' : options.contentType;
    if (contentType !== null) headers['Content-Type'] = contentType;
    if (options.auth !== false) {
      if (!this.token) await this.authenticate();
      headers.Authorization = `Bearer ${this.token}`;
    }
    const body = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    const response = await fetch(this.url(path, options.query), { method, headers, body });
    const text = await response.text();
    let json: Reply<T>['json'];
    try {
      json = JSON.parse(text) as Reply<T>['json'];
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, json, text };
  }

  get = <T = unknown>(path: string, query?: RequestOptions['query']) => this.request<T>('GET', path, { query });
  post = <T = unknown>(path: string, body?: unknown) => this.request<T>('POST', path, { body });
  put = <T = unknown>(path: string, body?: unknown) => this.request<T>('PUT', path, { body });
  delete = <T = unknown>(path: string, body?: unknown) => this.request<T>('DELETE', path, { body });
}

/** A success as every Qinglong client tests it: HTTP 200 and `code === 200`; hands back `data`. */
export function ok<T>(reply: Reply<unknown>, what = ''): T {
  assert.ok(reply.json, `${what}: not JSON: HTTP ${reply.status} ${reply.text.slice(0, 200)}`);
  assert.equal(reply.json.code, 200, `${what}: ${JSON.stringify(reply.json).slice(0, 300)}`);
  assert.equal(reply.status, 200, what);
  return reply.json.data as T;
}

/** A refusal a client can read: a code that is not 200 and a message. */
export function refused(reply: Reply<unknown>, code: number, what = ''): void {
  assert.ok(reply.json, `${what}: not JSON: HTTP ${reply.status} ${reply.text.slice(0, 200)}`);
  assert.equal(reply.json.code, code, `${what}: ${JSON.stringify(reply.json).slice(0, 300)}`);
  assert.equal(typeof reply.json.message, 'string', `${what}: a refusal says why`);
}

type FieldType = 'string' | 'number' | 'boolean' | 'object' | 'array' | 'null' | 'string|null' | 'number|null';

/** The fields a client reads from an object, with their JSON types (extra fields are allowed). */
export function shaped(value: unknown, fields: Record<string, FieldType>, what = ''): void {
  assert.ok(value !== null && typeof value === 'object' && !Array.isArray(value), `${what}: not an object`);
  const record = value as Record<string, unknown>;
  for (const [name, type] of Object.entries(fields)) {
    const actual = record[name] === null ? 'null' : Array.isArray(record[name]) ? 'array' : typeof record[name];
    assert.ok(type.split('|').includes(actual), `${what}.${name}: ${actual}, expected ${type}`);
  }
}

/** Qinglong's list replies: a bare array in `data` (§13.2). */
export function list<T>(reply: Reply<unknown>, what = ''): T[] {
  const data = ok<T[]>(reply, what);
  assert.ok(Array.isArray(data), `${what}: data is not an array`);
  return data;
}
