/**
 * A file subscription's download: global fetch with a timeout, into a temp file beside data/raw/<alias>.<ext>, which
 * replaces the old copy only when the whole download succeeded (writeFileAtomic).
 */
import { writeFileAtomic } from '../../files/atomic.ts';

export const rawMaxBytes = 50 * 1024 * 1024;

export interface RawDownload {
  url: string;
  target: string;
  signal: AbortSignal;
  timeoutMs?: number;
  basic?: { username: string; password: string } | null;
}

/** Downloads `url` to `target`; throws a clear message (HTTP status, timeout, too large) and keeps the old file. */
export async function downloadRaw(o: RawDownload): Promise<number> {
  const url = new URL(o.url);
  const headers: Record<string, string> = { 'user-agent': 'baihu' };
  // fetch refuses URLs with credentials: they go into the header instead.
  const basic =
    o.basic ??
    (url.username ? { username: decodeURIComponent(url.username), password: decodeURIComponent(url.password) } : null);
  url.username = '';
  url.password = '';
  if (basic) headers.authorization = `Basic ${Buffer.from(`${basic.username}:${basic.password}`).toString('base64')}`;
  const signal = AbortSignal.any([o.signal, AbortSignal.timeout(o.timeoutMs ?? 60_000)]);
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
