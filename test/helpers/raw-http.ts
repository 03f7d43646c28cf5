import http from 'node:http';

export interface RawReply {
  status: number;
  body: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

/** One request with its path sent byte for byte as given (no URL parsing, no normalisation on the way). */
export async function rawRequest(
  port: number,
  method: string,
  rawPath: string,
  options: { headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<RawReply> {
  try {
    return await once(port, method, rawPath, options, agent);
  } catch (error) {
    // A kept-alive socket that the server closed after a refusal (it does not read bodies it refuses): try afresh.
    if ((error as { code?: string }).code !== 'ECONNRESET') throw error;
    return once(port, method, rawPath, options, false);
  }
}

function once(
  port: number,
  method: string,
  rawPath: string,
  options: { headers?: Record<string, string>; body?: string | Buffer },
  via: http.Agent | false,
): Promise<RawReply> {
  // Node frames a DELETE body only with an explicit length (it never chunks DELETE), so always give one.
  const headers = { ...options.headers };
  if (options.body !== undefined) headers['content-length'] = String(Buffer.byteLength(options.body));
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: rawPath, headers, agent: via }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Runs `jobs` with at most `width` in flight. */
export async function inPool<T>(jobs: (() => Promise<T>)[], width = 12): Promise<T[]> {
  const results: T[] = new Array(jobs.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, jobs.length) }, async () => {
      while (next < jobs.length) {
        const index = next++;
        results[index] = await jobs[index]!();
      }
    }),
  );
  return results;
}
