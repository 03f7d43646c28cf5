import { randomBytes } from 'node:crypto';
import { expectOk, fail, value, type NotifyProvider } from '../provider.ts';

/** Qinglong's `key: value` lines (headers, body). A line without `key:` continues the previous value. */
export function parseLines(text: string): [string, string][] {
  const entries: [string, string][] = [];
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*([\w.-]+)\s*:\s?(.*)$/.exec(line);
    if (match) entries.push([match[1]!, match[2]!.trim()]);
    else if (entries.length > 0 && line.trim() !== '') entries[entries.length - 1]![1] += `\n${line}`;
  }
  return entries;
}

function parseHeaders(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [key, val] of parseLines(text)) {
    const name = key.toLowerCase();
    headers[name] = headers[name] ? `${headers[name]}, ${val}` : val;
  }
  return headers;
}

/** Replaces $title and $content in every string inside a parsed JSON value; JSON.stringify escapes them later. */
function substituteDeep(input: unknown, fill: (s: string) => string): unknown {
  if (typeof input === 'string') return fill(input);
  if (Array.isArray(input)) return input.map((v) => substituteDeep(v, fill));
  if (input && typeof input === 'object') {
    return Object.fromEntries(Object.entries(input).map(([k, v]) => [k, substituteDeep(v, fill)]));
  }
  return input;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function multipart(fields: [string, string][]): { body: Buffer; type: string } {
  const boundary = `----BaihuBoundary${randomBytes(12).toString('hex')}`;
  const parts = fields.map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k.replace(/"/g, '%22')}"\r\n\r\n${v}\r\n`,
  );
  return {
    body: Buffer.from(`${parts.join('')}--${boundary}--\r\n`),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

/**
 * Custom webhook. `$title` and `$content` are replaced as plain text — never evaluated — URL-encoded in the URL,
 * JSON-escaped in a JSON body, form-encoded in a form. `$title` must appear in the URL or the body (Qinglong's rule).
 */
export const webhook: NotifyProvider = {
  id: 'webhook',
  async send({ title, content }, s, { http }) {
    const url = value(s, 'webhookUrl');
    const rawBody = s.webhookBody ?? '';
    if (!url.includes('$title') && !rawBody.includes('$title')) fail('The URL or the body must contain $title');
    const fill = (text: string) => text.replaceAll('$title', title).replaceAll('$content', content);
    const method = (value(s, 'webhookMethod') || 'POST').toUpperCase();
    const contentType = value(s, 'webhookContentType') || 'application/json';
    const headers = parseHeaders(s.webhookHeaders ?? '');
    const target = url
      .replaceAll('$title', encodeURIComponent(title))
      .replaceAll('$content', encodeURIComponent(content));

    let body: string | Buffer | undefined;
    if (rawBody.trim() !== '' && method !== 'GET') {
      if (contentType === 'text/plain') {
        body = fill(rawBody);
      } else if (contentType === 'application/json') {
        const whole = parseJson(rawBody.trim());
        const object =
          whole !== undefined && typeof whole === 'object'
            ? whole
            : Object.fromEntries(
                parseLines(rawBody).map(([k, v]) => {
                  const parsed = parseJson(v);
                  return [
                    k,
                    parsed !== undefined && typeof parsed !== 'string' ? substituteDeep(parsed, fill) : fill(v),
                  ];
                }),
              );
        body = JSON.stringify(substituteDeep(object, fill));
      } else if (contentType === 'multipart/form-data') {
        const encoded = multipart(parseLines(rawBody).map(([k, v]): [string, string] => [k, fill(v)]));
        body = encoded.body;
        headers['content-type'] = encoded.type;
      } else {
        body = new URLSearchParams(parseLines(rawBody).map(([k, v]): [string, string] => [k, fill(v)])).toString();
      }
      headers['content-type'] ??= contentType;
    }
    const res = await http.request({ method, url: target, headers, ...(body === undefined ? {} : { body }) });
    expectOk(res, 'message', 'error');
  },
};
