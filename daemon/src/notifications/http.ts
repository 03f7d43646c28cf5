import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import tls from 'node:tls';
import { NotifyFailure } from './failure.ts';
import { LocalTargetRefused, TargetGuard } from './local-targets.ts';

/**
 * The one HTTP client every provider uses: a hard timeout per attempt, one retry, optional HTTP proxy, and the
 * local-network guard on every hop it connects to. Built on node:http rather than fetch because Node 20 does not
 * expose undici's ProxyAgent (Telegram users need a proxy), and because node:http takes the guard's `lookup`.
 */
export interface HttpRequest {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  /** Raw body; see also `json` and `form`. */
  body?: string | Buffer;
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
  /** `http://[user:pass@]host:port` of an HTTP proxy (CONNECT for https targets). */
  proxy?: string;
}

export interface HttpResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
}

export interface HttpClient {
  request(req: HttpRequest): Promise<HttpResponse>;
}

export interface HttpClientOptions {
  /** Per attempt; default 10 s (Qinglong's). */
  timeoutMs?: number;
  /** Extra attempts after a network failure, a timeout or a 5xx/429 answer; default 1. */
  retries?: number;
  /** Which local addresses may be reached; by default none (see local-targets.ts). */
  guard?: TargetGuard;
}

const maxResponseBytes = 1024 * 1024;

function encodeBody(req: HttpRequest): { body: Buffer | undefined; headers: Record<string, string> } {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers ?? {})) headers[k.toLowerCase()] = v;
  let body: Buffer | undefined;
  if (req.json !== undefined) {
    body = Buffer.from(JSON.stringify(req.json));
    headers['content-type'] ??= 'application/json';
  } else if (req.form !== undefined) {
    body = Buffer.from(new URLSearchParams(req.form).toString());
    headers['content-type'] ??= 'application/x-www-form-urlencoded';
  } else if (req.body !== undefined) {
    body = Buffer.isBuffer(req.body) ? req.body : Buffer.from(req.body);
  }
  if (body) headers['content-length'] = String(body.length);
  headers['user-agent'] ??= 'Baihu-Notify';
  return { body, headers };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** URL hostnames keep IPv6 brackets; sockets want the bare address. */
const bare = (hostname: string) => hostname.replace(/^\[(.*)\]$/, '$1');

/** Opens a CONNECT tunnel through an HTTP proxy and returns the TLS socket to the target. */
function tunnel(proxy: URL, target: URL, signal: AbortSignal, guard: TargetGuard): Promise<tls.TLSSocket> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host: `${target.hostname}:${target.port || 443}` };
    if (proxy.username) {
      const auth = `${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`;
      headers['proxy-authorization'] = `Basic ${Buffer.from(auth).toString('base64')}`;
    }
    const connect = http.request({
      host: bare(proxy.hostname),
      port: Number(proxy.port || 80),
      method: 'CONNECT',
      path: headers.host,
      headers,
      signal,
      lookup: guard.lookup,
    });
    connect.once('connect', (res, socket) => {
      if (res.statusCode !== 200) {
        socket.destroy();
        reject(new Error(`proxy answered ${res.statusCode}`));
        return;
      }
      resolve(tls.connect({ socket, ...(isIP(bare(target.hostname)) ? {} : { servername: target.hostname }) }));
    });
    connect.once('error', reject);
    connect.end();
  });
}

async function attempt(req: HttpRequest, timeoutMs: number, guard: TargetGuard): Promise<HttpResponse> {
  const target = new URL(req.url);
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    throw new Error(`unsupported URL ${target.protocol}`);
  const { body, headers } = encodeBody(req);
  const method = (req.method ?? 'POST').toUpperCase();
  const signal = AbortSignal.timeout(timeoutMs);
  const proxy = req.proxy ? new URL(req.proxy) : undefined;
  // Literal addresses are checked here (sockets skip `lookup` for them); names by `lookup` at connect time. Through a
  // proxy, the proxy resolves the target's name, so only a literal target can be checked on this side.
  guard.checkLiteral(target.hostname);
  if (proxy) guard.checkLiteral(proxy.hostname);

  // No pooling: notifications are rare, and an idle keep-alive socket would only hold servers open.
  let options: http.RequestOptions = { method, headers, signal, agent: false, lookup: guard.lookup };
  let transport: typeof http | typeof https = target.protocol === 'https:' ? https : http;
  if (proxy && target.protocol === 'https:') {
    const socket = await tunnel(proxy, target, signal, guard);
    options = {
      ...options,
      createConnection: () => socket,
      host: bare(target.hostname),
      path: target.pathname + target.search,
    };
  } else if (proxy) {
    // Plain HTTP through a proxy: the absolute URL goes in the request line.
    transport = http;
    options = { ...options, host: bare(proxy.hostname), port: Number(proxy.port || 80), path: target.href };
    if (proxy.username) {
      const auth = `${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`;
      headers['proxy-authorization'] = `Basic ${Buffer.from(auth).toString('base64')}`;
    }
  } else {
    options = { ...options, host: bare(target.hostname), port: target.port, path: target.pathname + target.search };
  }
  if (target.username) {
    headers.authorization ??= `Basic ${Buffer.from(`${decodeURIComponent(target.username)}:${decodeURIComponent(target.password)}`).toString('base64')}`;
  }

  return new Promise<HttpResponse>((resolve, reject) => {
    const request = transport.request(options, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= maxResponseBytes) chunks.push(chunk);
      });
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: parseJson(text) });
      });
      res.on('error', reject);
    });
    request.on('error', (error) => reject(signal.aborted ? new Error(`timed out after ${timeoutMs} ms`) : error));
    request.end(body);
  });
}

export function createHttpClient(options: HttpClientOptions = {}): HttpClient {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const retries = options.retries ?? 1;
  const guard = options.guard ?? new TargetGuard();
  return {
    async request(req) {
      let lastError: unknown;
      for (let i = 0; i <= retries; i++) {
        try {
          const res = await attempt(req, timeoutMs, guard);
          if ((res.status >= 500 || res.status === 429) && i < retries) {
            lastError = undefined;
            continue;
          }
          return res;
        } catch (error) {
          // A refused target is a setting, not a passing fault: no retry, and the reason goes out as it is.
          if (error instanceof LocalTargetRefused) throw error;
          lastError = error;
        }
      }
      const reason = lastError instanceof Error ? lastError.message : 'server error';
      throw new NotifyFailure(reason);
    },
  };
}

/** The text a provider's error reply carries: its `message`-like field, else the raw body, else the status. */
export function replyMessage(res: HttpResponse, ...fields: string[]): string {
  const body = res.json;
  if (body && typeof body === 'object') {
    for (const name of fields) {
      const value = name
        .split('.')
        .reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), body);
      if (typeof value === 'string' && value !== '') return value;
      if (Array.isArray(value) && value.length > 0) return value.map(String).join('; ');
    }
  }
  const raw = res.text.trim();
  return raw === '' ? `HTTP ${res.status}` : raw.slice(0, 500);
}
