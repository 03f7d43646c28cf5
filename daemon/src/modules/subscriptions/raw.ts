/**
 * A file subscription's download: global fetch with a timeout, into a temp file beside data/raw/<alias>.<ext>, which
 * replaces the old copy only when the whole download succeeded (writeFileAtomic).
 */
import { readFile, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { writeFileAtomic } from '../../files/atomic.ts';
import { proxiedGet, readLimited } from '../../net/proxy-get.ts';

const rawMaxBytes = 50 * 1024 * 1024;

export interface RawDownload {
  url: string;
  target: string;
  signal: AbortSignal;
  timeoutMs?: number;
  basic?: { username: string; password: string } | null;
  /** `http://[user:pass@]host:port` of an HTTP proxy (the subscription's, else config.sh ProxyUrl). */
  proxy?: string | null;
}

/** Downloads `url` to `target`; throws a clear message (HTTP status, timeout, too large) and keeps the old file. */
export async function downloadRaw(o: RawDownload): Promise<number> {
  const url = new URL(o.url);
  if (url.protocol === 'file:') return copyLocalFile(url, o.target);
  const headers: Record<string, string> = { 'user-agent': 'baihu' };
  // fetch refuses URLs with credentials: they go into the header instead.
  const basic =
    o.basic ??
    (url.username ? { username: decodeURIComponent(url.username), password: decodeURIComponent(url.password) } : null);
  url.username = '';
  url.password = '';
  if (basic) headers.authorization = `Basic ${Buffer.from(`${basic.username}:${basic.password}`).toString('base64')}`;
  const signal = AbortSignal.any([o.signal, AbortSignal.timeout(o.timeoutMs ?? 60_000)]);
  if (o.proxy) return downloadThroughProxy(url, headers, o.proxy, signal, o);
  let response: Response;
  try {
    response = await fetch(url, { headers, signal, redirect: 'follow' });
  } catch (error) {
    if (o.signal.aborted) throw new Error('stopped');
    const cause = (error as Error).name === 'TimeoutError' ? 'timed out' : ((error as Error).cause as Error)?.message;
    throw new Error(`Download failed: ${cause ?? (error as Error).message}`);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    throw new Error(`Download failed: HTTP ${response.status}`);
  }
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > rawMaxBytes) throw new Error(`Download failed: larger than ${rawMaxBytes / 1024 / 1024} MB`);
  const content = Buffer.from(await response.arrayBuffer());
  if (content.length > rawMaxBytes) throw new Error(`Download failed: larger than ${rawMaxBytes / 1024 / 1024} MB`);
  await writeFileAtomic(o.target, content);
  return content.length;
}

/** `file:///path` (set from the shell only: validate.ts): the file copied as a download would be. */
async function copyLocalFile(url: URL, target: string): Promise<number> {
  let content: Buffer;
  try {
    const file = fileURLToPath(url);
    if ((await stat(file)).size > rawMaxBytes) throw new Error(`larger than ${rawMaxBytes / 1024 / 1024} MB`);
    content = await readFile(file);
  } catch (error) {
    throw new Error(`Download failed: ${(error as Error).message}`);
  }
  await writeFileAtomic(target, content);
  return content.length;
}

const maxRedirects = 5;

async function downloadThroughProxy(
  start: URL,
  headers: Record<string, string>,
  proxy: string,
  signal: AbortSignal,
  o: RawDownload,
): Promise<number> {
  let url = start;
  for (let hop = 0; ; hop++) {
    let response;
    try {
      response = await proxiedGet(url, headers, proxy, signal);
    } catch (error) {
      if (o.signal.aborted) throw new Error('stopped');
      const reason = signal.aborted ? 'timed out' : (error as Error).message;
      throw new Error(`Download failed through the proxy: ${reason}`);
    }
    if (response.status >= 300 && response.status < 400 && response.location && hop < maxRedirects) {
      response.body.resume();
      url = new URL(response.location, url);
      continue;
    }
    if (response.status < 200 || response.status >= 300) {
      response.body.resume();
      throw new Error(`Download failed: HTTP ${response.status}`);
    }
    if (response.contentLength > rawMaxBytes) {
      response.body.destroy();
      throw new Error(`Download failed: larger than ${rawMaxBytes / 1024 / 1024} MB`);
    }
    const content = await readLimited(response.body, rawMaxBytes);
    if (!content) throw new Error(`Download failed: larger than ${rawMaxBytes / 1024 / 1024} MB`);
    await writeFileAtomic(o.target, content);
    return content.length;
  }
}
