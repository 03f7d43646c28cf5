/**
 * The updater's HTTP: the feed (JSON, small) and the tarball (streamed to a file, hashed on the way, with progress).
 * Through the configured proxy when there is one (net/proxy-get.ts: Node's fetch has none), else fetch.
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isReleaseUrl, releaseUrlRule } from '../../contract/release-url.ts';
import { proxiedGet } from '../../net/proxy-get.ts';
import { redactUrls } from '../../errors/redact.ts';

export class DownloadError extends Error {}

interface Opened {
  length: number | null;
  body: Readable;
}

const maxRedirects = 5;

function reasonOf(error: unknown, signal: AbortSignal, timedOut: AbortSignal): string {
  if (timedOut.aborted && !signal.aborted) return 'timed out';
  if (signal.aborted) return 'stopped';
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}

/** Every URL the updater reads, and every place it is redirected to, is a release URL (contract/release-url.ts). */
function mustBeReleaseUrl(url: URL | string): void {
  const text = String(url);
  if (!isReleaseUrl(text)) throw new DownloadError(`${shownUrl(text)} is not ${releaseUrlRule}`);
}

async function open(url: string, proxy: string | null, signal: AbortSignal, timeoutMs: number): Promise<Opened> {
  mustBeReleaseUrl(url);
  const timedOut = AbortSignal.timeout(timeoutMs);
  const both = AbortSignal.any([signal, timedOut]);
  const headers = { 'user-agent': 'baihu-updater', accept: '*/*' };
  let target = new URL(url);
  try {
    if (!proxy) {
      // Redirects followed here, one hop at a time, so each target is checked before it is asked.
      for (let hop = 0; ; hop++) {
        const response = await fetch(target, { headers, signal: both, redirect: 'manual' });
        const location = response.headers.get('location');
        if (response.status >= 300 && response.status < 400 && location && hop < maxRedirects) {
          await response.body?.cancel().catch(() => {});
          target = new URL(location, target);
          mustBeReleaseUrl(target);
          continue;
        }
        if (!response.ok || !response.body) {
          await response.body?.cancel().catch(() => {});
          throw new DownloadError(`HTTP ${response.status}`);
        }
        const length = Number(response.headers.get('content-length'));
        return { length: length > 0 ? length : null, body: Readable.fromWeb(response.body as never) };
      }
    }
    for (let hop = 0; ; hop++) {
      const response = await proxiedGet(target, headers, proxy, both);
      if (response.status >= 300 && response.status < 400 && response.location && hop < maxRedirects) {
        response.body.resume();
        target = new URL(response.location, target);
        mustBeReleaseUrl(target);
        continue;
      }
      if (response.status < 200 || response.status >= 300) {
        response.body.resume();
        throw new DownloadError(`HTTP ${response.status}`);
      }
      return { length: response.contentLength > 0 ? response.contentLength : null, body: response.body };
    }
  } catch (error) {
    if (error instanceof DownloadError) throw error;
    throw new DownloadError(reasonOf(error, signal, timedOut));
  }
}

export interface GetOptions {
  proxy: string | null;
  signal: AbortSignal;
  timeoutMs?: number;
}

/** The feed: JSON of at most `maxBytes`. */
export async function fetchJson(url: string, o: GetOptions & { maxBytes: number }): Promise<unknown> {
  const { body, length } = await open(url, o.proxy, o.signal, o.timeoutMs ?? 30_000);
  if (length !== null && length > o.maxBytes) {
    body.destroy();
    throw new DownloadError(`larger than ${o.maxBytes} bytes`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > o.maxBytes) throw new DownloadError(`larger than ${o.maxBytes} bytes`);
      chunks.push(chunk);
    }
  } catch (error) {
    body.destroy();
    if (error instanceof DownloadError) throw error;
    throw new DownloadError((error as Error).message);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    throw new DownloadError('the answer is not JSON');
  }
}

export interface DownloadOptions extends GetOptions {
  maxBytes: number;
  /** Bytes so far and the expected total (null when the server did not say). */
  onProgress?: (received: number, total: number | null) => void;
}

/** Streams `url` into `file`, hashing it; the file is removed when anything fails. */
export async function downloadTo(
  url: string,
  file: string,
  o: DownloadOptions,
): Promise<{ bytes: number; sha256: string }> {
  // A whole tarball may take a while on a slow line; the timeout is for a server that stops answering.
  const { body, length } = await open(url, o.proxy, o.signal, o.timeoutMs ?? 30 * 60_000);
  if (length !== null && length > o.maxBytes) {
    body.destroy();
    throw new DownloadError(`the tarball is larger than ${Math.round(o.maxBytes / 1024 / 1024)} MB`);
  }
  const hash = createHash('sha256');
  let received = 0;
  const counted = async function* (source: AsyncIterable<Buffer>) {
    for await (const chunk of source) {
      received += chunk.length;
      if (received > o.maxBytes) {
        throw new DownloadError(`the tarball is larger than ${Math.round(o.maxBytes / 1024 / 1024)} MB`);
      }
      hash.update(chunk);
      o.onProgress?.(received, length);
      yield chunk;
    }
  };
  try {
    await pipeline(body, counted, createWriteStream(file, { mode: 0o600 }), { signal: o.signal });
  } catch (error) {
    await rm(file, { force: true });
    if (error instanceof DownloadError) throw error;
    throw new DownloadError(o.signal.aborted ? 'stopped' : (error as Error).message);
  }
  if (length !== null && received !== length) {
    await rm(file, { force: true });
    throw new DownloadError(`the download ended after ${received} of ${length} bytes`);
  }
  return { bytes: received, sha256: hash.digest('hex') };
}

/** A URL as it may be shown in a log: without credentials or query values. */
export const shownUrl = (url: string) => redactUrls(url);
