import { expectJson, value, withoutTrailingSlash, type NotifyProvider } from '../provider.ts';

/** WeCom group robot: POST /cgi-bin/webhook/send?key=…, a text message. */
export const weWorkBot: NotifyProvider = {
  id: 'weWorkBot',
  async send({ title, content }, s, { http, hosts }) {
    const origin = withoutTrailingSlash(value(s, 'weWorkOrigin') || hosts.weWork);
    const res = await http.request({
      url: `${origin}/cgi-bin/webhook/send?key=${encodeURIComponent(value(s, 'weWorkBotKey'))}`,
      json: { msgtype: 'text', text: { content: `${title}\n\n${content}` } },
    });
    expectJson(res, (b) => b.errcode === 0, 'errmsg');
  },
};
