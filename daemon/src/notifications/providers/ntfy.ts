import { expectOk, value, withoutTrailingSlash, type NotifyProvider } from '../provider.ts';

/** Header values must be Latin-1, so the title travels RFC 2047-encoded, as ntfy documents. */
const rfc2047 = (text: string) => `=?UTF-8?B?${Buffer.from(text).toString('base64')}?=`;

/** ntfy: POST /<topic> with the content as the body and the title, priority and auth in headers. */
export const ntfy: NotifyProvider = {
  id: 'ntfy',
  async send({ title, content }, s, { http, hosts }) {
    const headers: Record<string, string> = {
      'content-type': 'text/plain; charset=utf-8',
      title: rfc2047(title),
      priority: value(s, 'ntfyPriority') || '3',
    };
    const token = value(s, 'ntfyToken');
    const username = value(s, 'ntfyUsername');
    if (token) headers.authorization = `Bearer ${token}`;
    else if (username && value(s, 'ntfyPassword')) {
      headers.authorization = `Basic ${Buffer.from(`${username}:${value(s, 'ntfyPassword')}`).toString('base64')}`;
    }
    if (value(s, 'ntfyActions')) headers.actions = value(s, 'ntfyActions');
    const base = withoutTrailingSlash(value(s, 'ntfyUrl') || hosts.ntfy);
    const res = await http.request({
      url: `${base}/${encodeURIComponent(value(s, 'ntfyTopic'))}`,
      headers,
      body: content,
    });
    expectOk(res, 'error');
  },
};
